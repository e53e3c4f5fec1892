import { useEffect } from 'react';
import { toErrorShape } from '@shared/ipc/errors';
import { usePlatformConnection } from '../../stores/platform-connection';
import { useReconDecisions, useReconImport } from '../../stores/recon';
import { importUnderWay } from '../../stores/recon-import-store';
import { formatNumber } from '../../lib/format-money';

/**
 * On the demo workspace only: the core generates the demo company's bank statement from the
 * simulator's requests and imports it, in one click.
 */
export function DemoStatementButton() {
  const info = usePlatformConnection((state) => state.info);
  const load = usePlatformConnection((state) => state.load);
  const busy = useReconImport((state) => importUnderWay(state.job));
  const loadDemo = useReconImport((state) => state.loadDemo);
  useEffect(() => {
    if (info === null) void load();
  }, [info, load]);
  if (info?.kind !== 'demo') return null;

  const click = async (): Promise<void> => {
    const announce = useReconDecisions.getState().announce;
    try {
      const result = await loadDemo();
      announce(
        result.stored ? 'done' : 'error',
        result.refusal ??
          (result.linesAdded > 0
            ? `Loaded the demo bank statement: ${formatNumber(result.linesAdded)} lines added. Run matching to pair them with the requests.`
            : 'The demo bank statement is loaded already: nothing new to add.'),
      );
    } catch (thrown) {
      announce('error', toErrorShape(thrown).message);
    }
  };

  return (
    <div className="recon-demo-statement">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        data-testid="recon-demo-statement"
        onClick={() => void click()}
      >
        {busy ? 'Loading the demo bank statement…' : 'Load the demo bank statement'}
      </button>
      <span className="recon-hint">
        The demo company’s bank account over the past year, made by the simulator.
      </span>
    </div>
  );
}

import { useState } from 'react';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { ErrorState } from '../../components/ErrorState';
import { invoke } from '../../ipc/client';
import { copyText } from '../../lib/copy-text';
import { DiagnosticsDialog } from './DiagnosticsDialog';
import './diagnostics.css';

type DiagnosticsView =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; text: string; copied: boolean }
  | { status: 'error'; error: ErrorShape };

/**
 * "Copy diagnostics": asks the core for its report (versions, settings without secrets, the last
 * sync runs and problems), puts it on the clipboard, and shows it in a dialog that says whether the
 * copy worked — with the text to select by hand when the clipboard refused.
 */
export function CopyDiagnostics({ label = 'Copy diagnostics' }: { label?: string }) {
  const [view, setView] = useState<DiagnosticsView>({ status: 'idle' });
  /** The button that opened the dialog: focus goes back to it. */
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  const run = async (): Promise<void> => {
    setView({ status: 'loading' });
    try {
      const { text } = await invoke('app:diagnostics', {});
      const copied = await copyText(text);
      setView({ status: 'ready', text, copied });
    } catch (thrown) {
      setView({ status: 'error', error: toErrorShape(thrown) });
    }
  };

  return (
    <div className="diagnostics-action">
      <button
        type="button"
        className="button button-quiet"
        onClick={(event) => {
          setOpener(event.currentTarget);
          void run();
        }}
        disabled={view.status === 'loading'}
        data-testid="copy-diagnostics"
      >
        {view.status === 'loading' ? 'Collecting diagnostics…' : label}
      </button>
      {view.status === 'error' ? (
        <ErrorState
          title="The diagnostics could not be collected"
          error={view.error}
          onRetry={() => void run()}
        />
      ) : null}
      {view.status === 'ready' ? (
        <DiagnosticsDialog
          text={view.text}
          copied={view.copied}
          onCopyAgain={async () => {
            const copied = await copyText(view.text);
            setView({ status: 'ready', text: view.text, copied });
          }}
          returnFocus={opener}
          onClose={() => setView({ status: 'idle' })}
        />
      ) : null}
    </div>
  );
}

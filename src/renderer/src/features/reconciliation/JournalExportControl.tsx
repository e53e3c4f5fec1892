import { useState } from 'react';
import { JOURNAL_FORMATS, type JournalExport } from '@shared/ipc/contract-journals';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { LabelledSelect } from '../../components/LabelledInput';
import { exportFileFetcher, invoke } from '../../ipc/client';
import { formatNumber } from '../../lib/format-money';
import { useReconJournals } from '../../stores/recon';
import { downloadExport } from '../export/export-download';

type Format = (typeof JOURNAL_FORMATS)[number];

const FORMAT_WORDS: Record<Format, string> = {
  xero: 'Xero manual journals (CSV)',
  quickbooks: 'QuickBooks Online journal entries (CSV)',
  sage: 'Sage journals (CSV)',
  netsuite: 'NetSuite journal import (CSV)',
  csv: 'Double-entry CSV',
  xlsx: 'Excel workbook (XLSX)',
};

type Outcome =
  | { status: 'idle' }
  | { status: 'working' }
  | { status: 'done'; result: JournalExport }
  | { status: 'error'; error: ErrorShape };

/** Export the period's journals in an accounting product's format (a download, or the file Electron asked for). */
export function JournalExportControl({ asOf }: { asOf: string }) {
  const [format, setFormat] = useState<Format>('xero');
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const conversion = useReconJournals((state) => state.conversion);

  const run = async (): Promise<void> => {
    setOutcome({ status: 'working' });
    try {
      const answer = await invoke('journals:export', {
        asOf,
        format,
        ...(conversion === null ? {} : { conversion }),
      });
      if ('cancelled' in answer) return setOutcome({ status: 'idle' });
      const fetchFile = exportFileFetcher();
      for (const file of answer.files)
        if (fetchFile !== null && file.downloadId !== null)
          await downloadExport(fetchFile, file.downloadId, file.fileName);
      setOutcome({ status: 'done', result: answer });
    } catch (thrown) {
      setOutcome({ status: 'error', error: toErrorShape(thrown) });
    }
  };

  return (
    <div className="recon-journal-export" data-testid="recon-journals-export">
      <LabelledSelect
        id="recon-journal-format"
        className="recon-field"
        label="Format"
        value={format}
        choices={JOURNAL_FORMATS.map((name) => ({ value: name, label: FORMAT_WORDS[name] }))}
        onChange={(value) => setFormat(value as Format)}
      />
      <button
        type="button"
        className="button"
        disabled={outcome.status === 'working'}
        onClick={() => void run()}
      >
        {outcome.status === 'working' ? 'Exporting…' : 'Export journals'}
      </button>
      {outcome.status === 'done' ? (
        <div role="status" className="recon-journal-exported" data-testid="recon-journals-exported">
          Exported {formatNumber(outcome.result.journals.length)} journals
          {outcome.result.signOffId === null ? ' marked DRAFT' : ''}
          {outcome.result.conversion === null ? '' : `, in ${outcome.result.conversion.booksCurrency}`}:
          <ul>
            {outcome.result.files.map((file) => (
              <li key={file.sha256}>
                {file.fileName}, {formatNumber(file.lines)} lines{' '}
                <span className="muted">(SHA-256 {file.sha256}, kept in the audit log)</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {outcome.status === 'error' ? (
        <p className="recon-field-error" role="alert">
          {outcome.error.message}
        </p>
      ) : null}
    </div>
  );
}

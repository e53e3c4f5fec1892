import { useEffect, useState } from 'react';
import type { ErrorShape } from '@shared/ipc/errors';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { offerDownload } from '../../lib/offer-download';
import { useAccountMapping } from '../../stores/account-mapping';
import { AccountMappingForm } from './AccountMappingForm';
import './accounting-settings.css';
import { SettingsSection } from './SettingsSection';

const FILE_TITLES =
  'float, currency, float_account, bank_account, cost_account, variance_account, refunds_account';

/** Import a mapping CSV (it replaces the mapping) and export the saved one. */
function MappingFiles({ onDone }: { onDone: (text: string | null) => void }) {
  const importFile = useAccountMapping((state) => state.importFile);
  const exportFile = useAccountMapping((state) => state.exportFile);
  const rows = useAccountMapping((state) => state.mapping?.rows.length ?? 0);
  const [failure, setFailure] = useState<{ title: string; error: ErrorShape } | null>(null);
  const [busy, setBusy] = useState(false);

  async function read(file: File): Promise<void> {
    setBusy(true);
    setFailure(null);
    onDone(null);
    let text: string;
    try {
      text = await file.text();
    } catch {
      setBusy(false);
      setFailure({
        title: `${file.name} could not be read`,
        error: {
          code: 'invalid_input',
          message: 'Check that the file is still there, then import it again.',
        },
      });
      return;
    }
    const error = await importFile(text);
    setBusy(false);
    if (error) setFailure({ title: `${file.name} was not imported; the accounts are unchanged`, error });
    else onDone(`Imported ${file.name}: it replaced the accounts and is saved.`);
  }

  async function download(): Promise<void> {
    setFailure(null);
    const answer = await exportFile();
    if ('code' in answer) setFailure({ title: 'The accounts could not be exported', error: answer });
    else offerDownload(new Blob([answer.text], { type: 'text/csv;charset=utf-8' }), answer.fileName);
  }

  return (
    <div className="mapping-files">
      <div className="mapping-file-actions">
        <input
          id="mapping-file"
          className="visually-hidden"
          type="file"
          accept=".csv,.txt"
          disabled={busy}
          data-testid="mapping-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again imports it again.
            event.target.value = '';
            if (file) void read(file);
          }}
        />
        <label htmlFor="mapping-file" className="button button-secondary">
          {busy ? 'Importing…' : 'Import mapping CSV…'}
        </label>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void download()}
          disabled={rows === 0}
        >
          Export mapping CSV
        </button>
        <span className="field-hint">
          One row per float and currency, with the columns {FILE_TITLES}, and optionally tax_code, tracking,
          rounding_account and tax_codes. The same file <code>floatdesk export journal --accounts</code>{' '}
          reads.
        </span>
      </div>
      {failure ? <ErrorState title={failure.title} error={failure.error} /> : null}
    </div>
  );
}

/** Settings → Accounting: the accounts in your books that each float's journals are posted to. */
export function AccountingSection() {
  const mapping = useAccountMapping((state) => state.mapping);
  const version = useAccountMapping((state) => state.version);
  const loadError = useAccountMapping((state) => state.loadError);
  const load = useAccountMapping((state) => state.load);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => void load(), [load]);
  return (
    <SettingsSection id="accounting" title="Accounting" testId="settings-accounting" anchor="accounting">
      <p className="settings-note">
        For each float, the accounts in your books its journals are posted to: top-ups paid (prepaid float and
        bank), what the float was spent on (gift-card cost), approved differences (variance) and money owed
        back (refunds due), and the rounding of journals converted into the currency your books are kept in.
        Use the account codes of your accounting product. Shared with your team.
      </p>
      <MappingFiles onDone={setStatus} />
      {mapping !== undefined ? (
        <AccountMappingForm key={version} mapping={mapping} status={status} setStatus={setStatus} />
      ) : loadError ? (
        <ErrorState title="The accounts could not be loaded" error={loadError} onRetry={() => void load()} />
      ) : (
        <LoadingState label="Loading the accounts…" />
      )}
    </SettingsSection>
  );
}

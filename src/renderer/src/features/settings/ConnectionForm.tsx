import { useState, type FormEvent } from 'react';
import type { ConnectionInfo } from '@shared/ipc/contract-settings';
import type { ErrorShape } from '@shared/ipc/errors';
import { ErrorState } from '../../components/ErrorState';
import { useFieldSubmit } from '../../lib/use-field-submit';
import { usePlatformConnection } from '../../stores/platform-connection';
import { PlatformAddressField, SaveFooter, SaveStatus, TextField } from './Field';

function credentialsInWords(info: ConnectionInfo): string {
  switch (info.credentialsSource) {
    case 'session':
      return `Entered in Settings — ${storageInWords(info)}`;
    case 'stored':
      return `Entered in an earlier session — ${storageInWords(info)}`;
    case 'environment':
      return 'From the environment (FLOATDESK_API_KEY and FLOATDESK_API_SECRET).';
    case 'none':
      return 'Not set: enter them below to sync.';
  }
}

function storageInWords(info: ConnectionInfo): string {
  switch (info.credentialsStorage) {
    case 'encrypted':
      return `saved encrypted by the system's key store (${info.storageBackend ?? 'OS'}).`;
    case 'plaintext':
      return 'saved in a plain file in the workspace folder, as chosen below.';
    case 'memory':
    case 'none':
      return 'kept for this session only, until FloatDesk closes.';
  }
}

/** What happens to a key and secret entered here, before anyone types one. */
function storageNote(info: ConnectionInfo): string {
  if (info.plainTextStorage.offered)
    return 'This system has no secure key store: the key and secret are kept in memory until FloatDesk closes, unless you choose the plain file below. They are never shown again.';
  if (info.storageBackend !== null)
    return `The key and secret are saved encrypted by your system's key store (${info.storageBackend}) and are never shown again.`;
  return 'The key and secret are kept in memory until FloatDesk closes and are never shown again (the system key store is used only by the desktop app).';
}

function PlainTextSetting({ info }: { info: ConnectionInfo }) {
  const save = usePlatformConnection((state) => state.save);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorShape | null>(null);
  async function toggle(enabled: boolean): Promise<void> {
    setBusy(true);
    setError(await save({ storeInPlainText: enabled }));
    setBusy(false);
  }
  return (
    <div className="settings-plaintext" data-testid="plaintext-setting">
      <label className="checkbox-label">
        <input
          type="checkbox"
          checked={info.plainTextStorage.enabled}
          disabled={busy}
          onChange={(event) => void toggle(event.target.checked)}
          aria-describedby="plaintext-warning"
        />{' '}
        Keep the API key and secret in a plain file in the workspace folder
      </label>
      <p id="plaintext-warning" className="settings-note">
        Not recommended. Anyone who can read the workspace folder or its backups can then read the key and
        secret and use the platform account. Use it only on a machine that is itself protected, and only if
        typing the key at each start is not possible.
      </p>
      {error ? <ErrorState title="The setting could not be changed" error={error} /> : null}
    </div>
  );
}

/**
 * A platform workspace's address and credentials. The key and secret are write-only: the fields are
 * always empty, and FloatDesk only says whether it has them.
 */
export function ConnectionForm({ info }: { info: ConnectionInfo }) {
  const save = usePlatformConnection((state) => state.save);
  const [baseUrl, setBaseUrl] = useState(info.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const { busy, errors, send } = useFieldSubmit(['baseUrl', 'apiKey', 'apiSecret']);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const change = {
      ...(baseUrl.trim() !== (info.baseUrl ?? '') ? { baseUrl } : {}),
      ...(apiKey !== '' ? { apiKey } : {}),
      ...(apiSecret !== '' ? { apiSecret } : {}),
    };
    if (Object.keys(change).length === 0) {
      setStatus('Nothing to save: the address is unchanged and no key was entered.');
      return;
    }
    setStatus(null);
    const saved = await send(() => save(change));
    // Never keep a secret in the page longer than needed, whatever the outcome.
    setApiSecret('');
    if (!saved) return;
    setApiKey('');
    const stored = usePlatformConnection.getState().info;
    setStatus(
      'apiKey' in change && stored ? `Saved — the key and secret are ${storageInWords(stored)}` : 'Saved.',
    );
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Platform connection"
      noValidate
    >
      <PlatformAddressField
        id="connection-base-url"
        value={baseUrl}
        onChange={setBaseUrl}
        error={errors.fields.baseUrl}
      />
      <dl className="facts">
        <dt>API key and secret</dt>
        <dd data-testid="credentials-state">{credentialsInWords(info)}</dd>
      </dl>
      <div className="form-grid">
        <TextField
          id="connection-api-key"
          label="API key"
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={setApiKey}
          error={errors.fields.apiKey}
        />
        <TextField
          id="connection-api-secret"
          label="API secret"
          type="password"
          autoComplete="off"
          value={apiSecret}
          onChange={setApiSecret}
          error={errors.fields.apiSecret}
        />
      </div>
      <p className="settings-note">{storageNote(info)}</p>
      {info.plainTextStorage.offered ? <PlainTextSetting info={info} /> : null}
      <SaveFooter
        failure={errors.other}
        failureTitle="The connection could not be saved"
        saveLabel={busy ? 'Saving…' : 'Save connection'}
        disabled={busy}
        status={<SaveStatus text={status} testId="connection-save-status" />}
      />
    </form>
  );
}

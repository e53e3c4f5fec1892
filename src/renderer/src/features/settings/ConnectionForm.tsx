import { useState, type FormEvent } from 'react';
import type { ConnectionInfo } from '@shared/ipc/contract-settings';
import { ErrorState } from '../../components/ErrorState';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { usePlatformConnection } from '../../stores/platform-connection';
import { SaveStatus, TextField } from './Field';

function credentialsInWords(info: ConnectionInfo): string {
  switch (info.credentialsSource) {
    case 'session':
      return 'Entered in Settings — kept for this session only.';
    case 'environment':
      return 'From the environment (FLOATDESK_API_KEY and FLOATDESK_API_SECRET).';
    case 'none':
      return 'Not set: enter them below to sync.';
  }
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
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
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
    setBusy(true);
    setStatus(null);
    const error = await save(change);
    setBusy(false);
    // Never keep a secret in the page longer than needed, whatever the outcome.
    setApiSecret('');
    if (error) {
      setErrors(fieldErrorsOf(error, ['baseUrl', 'apiKey', 'apiSecret']));
      return;
    }
    setApiKey('');
    setErrors(NO_FIELD_ERRORS);
    setStatus('apiKey' in change ? 'Saved — the key and secret are kept for this session only.' : 'Saved.');
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Platform connection"
      noValidate
    >
      <TextField
        id="connection-base-url"
        label="Platform address (base URL)"
        type="url"
        value={baseUrl}
        onChange={setBaseUrl}
        error={errors.fields.baseUrl}
        placeholder="https://sandbox.example/api/v2"
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
      <p className="settings-note">
        The key and secret are kept in memory for this session only and are never shown again. Keeping them
        encrypted between sessions comes in a later version.
      </p>
      {errors.other ? <ErrorState title="The connection could not be saved" error={errors.other} /> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Save connection'}
        </button>
        <SaveStatus text={status} testId="connection-save-status" />
      </div>
    </form>
  );
}

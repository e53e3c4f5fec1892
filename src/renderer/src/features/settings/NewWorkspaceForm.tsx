import { useState, type FormEvent } from 'react';
import type { WorkspaceEntry } from '@shared/ipc/contract-settings';
import { ErrorState } from '../../components/ErrorState';
import { useFieldSubmit } from '../../lib/use-field-submit';
import { useWorkspaces } from '../../stores/workspaces';
import { PlatformAddressField, TextField } from './Field';

/** Name and platform address; the new workspace gets its own folder and ledger, and is not opened. */
export function NewWorkspaceForm() {
  const create = useWorkspaces((state) => state.create);
  const switchTo = useWorkspaces((state) => state.switchTo);
  const switching = useWorkspaces((state) => state.switching);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const { busy, errors, send } = useFieldSubmit(['name', 'baseUrl']);
  const [created, setCreated] = useState<WorkspaceEntry | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setCreated(null);
    await send(async () => {
      const answer = await create({ name, baseUrl });
      if (!('dir' in answer)) return answer;
      setCreated(answer);
      setName('');
      setBaseUrl('');
      return null;
    });
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="new-workspace-heading"
      noValidate
    >
      <h3 id="new-workspace-heading">New platform workspace</h3>
      <div className="form-grid">
        <TextField
          id="new-workspace-name"
          label="Name"
          value={name}
          onChange={setName}
          error={errors.fields.name}
          placeholder="Acme Ltd"
        />
        <PlatformAddressField
          id="new-workspace-base-url"
          value={baseUrl}
          onChange={setBaseUrl}
          error={errors.fields.baseUrl}
          hint="https, or http only for a simulator on this computer."
        />
      </div>
      {errors.other ? <ErrorState title="The workspace could not be created" error={errors.other} /> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Creating…' : 'Create workspace'}
        </button>
        <p className="save-status" role="status" data-testid="new-workspace-status">
          {created
            ? `Created “${created.name}” in ${created.dir}. Enter its API key in Connection after opening it.`
            : ''}
        </p>
        {created ? (
          <button
            type="button"
            className="button button-quiet"
            disabled={switching !== null}
            onClick={() => void switchTo(created.dir)}
          >
            Open “{created.name}”
          </button>
        ) : null}
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import type { Settings } from '@shared/ipc/contract-settings';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { useSettings } from '../../stores/settings';
import { SaveFooter, SaveStatus, TextField } from './Field';
import { SettingsSection } from './SettingsSection';

/** The name of the person who works in this workspace: sign-offs, decisions and runs carry it. */
export function SignerNameSection({ settings }: { settings: Settings }) {
  const update = useSettings((state) => state.update);
  const [name, setName] = useState(settings.signerName ?? '');
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setStatus(null);
    const text = name.trim();
    const error = await update({ signerName: text === '' ? null : text });
    setErrors(fieldErrorsOf(error, ['signerName']));
    if (!error)
      setStatus(
        text === '' ? 'Saved: no name set.' : 'Saved. Sign-offs and decisions from now on carry this name.',
      );
  }

  return (
    <SettingsSection id="signer" title="Your name" testId="settings-signer">
      <form
        className="settings-form"
        onSubmit={(event) => void submit(event)}
        aria-label="Your name"
        noValidate
      >
        <TextField
          id="signer-name"
          label="Name"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={errors.fields.signerName}
          hint="Sign-offs, matches, resolutions and matching runs started here are recorded with this name in the audit log and the reports."
        />
        <SaveFooter
          failure={errors.other}
          failureTitle="The name could not be saved"
          saveLabel="Save name"
          status={<SaveStatus text={status} testId="signer-status" />}
        />
      </form>
    </SettingsSection>
  );
}

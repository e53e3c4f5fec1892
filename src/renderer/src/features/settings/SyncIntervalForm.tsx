import { useState, type FormEvent } from 'react';
import type { Settings } from '@shared/ipc/contract-settings';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { useSettings } from '../../stores/settings';
import { SaveFooter, SaveStatus, TextField } from './Field';

export function intervalInWords(minutes: number): string {
  if (minutes === 0) return 'Automatic sync is off; use Sync now in the header.';
  return `FloatDesk syncs every ${minutes === 1 ? 'minute' : `${minutes} minutes`} while it is open.`;
}

/** Minutes between background syncs; 0 turns them off. Applies at once. */
export function SyncIntervalForm({ settings }: { settings: Settings }) {
  const update = useSettings((state) => state.update);
  const [minutes, setMinutes] = useState(String(settings.syncIntervalMinutes));
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const value = Number(minutes.trim());
    if (minutes.trim() === '' || !Number.isInteger(value) || value < 0 || value > 1440) {
      setErrors({
        fields: { syncIntervalMinutes: 'Enter whole minutes from 0 (off) to 1440 (once a day).' },
        other: null,
      });
      return;
    }
    const error = await update({ syncIntervalMinutes: value });
    setErrors(fieldErrorsOf(error, ['syncIntervalMinutes']));
    setStatus(error ? null : `Saved. ${intervalInWords(value)}`);
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Sync interval"
      noValidate
    >
      <TextField
        id="sync-interval"
        label="Minutes between automatic syncs"
        type="number"
        min={0}
        max={1440}
        value={minutes}
        onChange={setMinutes}
        error={errors.fields.syncIntervalMinutes}
        hint="0 turns automatic sync off. A new interval applies at once."
      />
      <SaveFooter
        failure={errors.other}
        failureTitle="The interval could not be saved"
        saveLabel="Save interval"
        status={
          <SaveStatus
            text={status ?? intervalInWords(settings.syncIntervalMinutes)}
            quiet={status === null}
            testId="sync-interval-status"
          />
        }
      />
    </form>
  );
}

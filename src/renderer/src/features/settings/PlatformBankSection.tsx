import { useEffect, useState, type FormEvent } from 'react';
import type { PlatformBankDetails } from '@shared/ipc/contract-bank-details';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { usePlatformBankDetails } from '../../stores/platform-bank-details';
import { SaveFooter, SaveStatus, TextField } from './Field';
import { SettingsSection } from './SettingsSection';

const FIELDS: ReadonlyArray<{ field: keyof PlatformBankDetails; label: string; hint?: string }> = [
  { field: 'payeeName', label: 'Payee name', hint: 'The account holder, as the platform writes it.' },
  { field: 'account', label: 'IBAN or account number' },
  { field: 'bankCode', label: 'Sort code or BIC' },
  { field: 'bankName', label: 'Bank name' },
];

const EMPTY: PlatformBankDetails = { payeeName: '', account: '', bankCode: '', bankName: '', note: '' };

function BankDetailsForm({ initial }: { initial: PlatformBankDetails }) {
  const save = usePlatformBankDetails((state) => state.save);
  const [values, setValues] = useState<PlatformBankDetails>(initial);
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const [status, setStatus] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setStatus(null);
    const error = await save(values);
    setErrors(fieldErrorsOf(error, Object.keys(EMPTY)));
    if (!error) setStatus('Saved. They are shown, with the reference, after each transfer request is sent.');
  };
  const set = (field: keyof PlatformBankDetails) => (value: string) =>
    setValues((before) => ({ ...before, [field]: value }));
  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label="The platform's bank details"
      noValidate
    >
      <div className="form-grid">
        {FIELDS.map(({ field, label, hint }) => (
          <TextField
            key={field}
            id={`bank-${field}`}
            label={label}
            value={values[field]}
            onChange={set(field)}
            hint={hint}
            error={errors.fields[field]}
            autoComplete="off"
          />
        ))}
      </div>
      <TextField
        id="bank-note"
        label="Note for the payer"
        value={values.note}
        onChange={set('note')}
        error={errors.fields.note}
        autoComplete="off"
        hint="Anything else the platform asks, e.g. “Quote only the payment reference”. Optional."
      />
      <SaveFooter
        failure={errors.other}
        failureTitle="The bank details could not be saved"
        saveLabel="Save bank details"
        status={<SaveStatus text={status} testId="bank-details-status" />}
      />
    </form>
  );
}

/** Settings → Paying the platform: where top-ups are paid, shown after each request is sent. */
export function PlatformBankSection() {
  const details = usePlatformBankDetails((state) => state.details);
  const loadError = usePlatformBankDetails((state) => state.loadError);
  const load = usePlatformBankDetails((state) => state.load);
  useEffect(() => void load(), [load]);
  return (
    <SettingsSection
      id="bank-details"
      title="Paying the platform"
      testId="settings-bank-details"
      anchor="paying-the-platform"
    >
      <p className="settings-note">
        The platform&apos;s bank details, from its payment instructions. After a transfer request is sent,
        FloatDesk shows them with the payment reference to quote, ready to copy into your bank.
      </p>
      {details !== undefined ? (
        <BankDetailsForm initial={details ?? EMPTY} />
      ) : loadError ? (
        <ErrorState
          title="The bank details could not be loaded"
          error={loadError}
          onRetry={() => void load()}
        />
      ) : (
        <LoadingState label="Loading the bank details…" />
      )}
    </SettingsSection>
  );
}

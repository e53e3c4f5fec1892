import { useState, type FormEvent } from 'react';
import type { Settings } from '@shared/ipc/contract-settings';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { useSettings } from '../../stores/settings';
import { SaveFooter, SaveStatus, TextField } from './Field';

type CompanyField = keyof Settings['company'];

/** The proforma invoice block of a transfer request, in the platform's field order. */
const COMPANY_FIELDS: ReadonlyArray<{ field: CompanyField; label: string; autoComplete: string }> = [
  { field: 'company_name', label: 'Company name', autoComplete: 'organization' },
  { field: 'address_line_1', label: 'Address line 1', autoComplete: 'address-line1' },
  { field: 'address_line_2', label: 'Address line 2', autoComplete: 'address-line2' },
  { field: 'address_line_3', label: 'Address line 3', autoComplete: 'address-line3' },
  { field: 'address_line_4', label: 'Address line 4', autoComplete: 'off' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'post_code', label: 'Post code', autoComplete: 'postal-code' },
  { field: 'county', label: 'County', autoComplete: 'address-level1' },
  { field: 'country', label: 'Country', autoComplete: 'country-name' },
];

/** Company details and finance e-mail that prefill every new transfer request. */
export function CompanyForm({ settings }: { settings: Settings }) {
  const update = useSettings((state) => state.update);
  const [company, setCompany] = useState<Settings['company']>(settings.company);
  const [financeEmail, setFinanceEmail] = useState(settings.financeEmail ?? '');
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const [status, setStatus] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setStatus(null);
    const error = await update({ company, financeEmail: financeEmail.trim() === '' ? null : financeEmail });
    const known = ['financeEmail', ...COMPANY_FIELDS.map((item) => `company.${item.field}`)];
    setErrors(fieldErrorsOf(error, known));
    if (!error) setStatus('Saved. New transfer requests start with these details.');
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Company details"
      noValidate
    >
      <div className="form-grid">
        {COMPANY_FIELDS.map(({ field, label, autoComplete }) => (
          <TextField
            key={field}
            id={`company-${field}`}
            label={label}
            autoComplete={autoComplete}
            value={company[field] ?? ''}
            onChange={(value) => setCompany((before) => ({ ...before, [field]: value }))}
            error={errors.fields[`company.${field}`]}
          />
        ))}
      </div>
      <TextField
        id="finance-email"
        label="Finance e-mail"
        type="email"
        autoComplete="email"
        value={financeEmail}
        onChange={setFinanceEmail}
        error={errors.fields.financeEmail}
        hint="Where the platform sends payment instructions; prefills each transfer request."
      />
      <SaveFooter
        failure={errors.other}
        failureTitle="The company details could not be saved"
        saveLabel="Save company details"
        status={<SaveStatus text={status} testId="company-status" />}
      />
    </form>
  );
}

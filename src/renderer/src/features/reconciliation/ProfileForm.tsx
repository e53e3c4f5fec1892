import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ErrorShape } from '@shared/ipc/errors';
import { LabelledSelect } from '../../components/LabelledInput';
import { useReconImport } from '../../stores/recon';
import {
  DATE_FORMAT_CHOICES,
  EMPTY_PROFILE_FORM,
  formFieldOf,
  profileFromForm,
  type ProfileFormValues,
} from './recon-profile';

type Field = keyof ProfileFormValues;
type Problems = Partial<Record<Field, string>>;

function problemsOf(error: ErrorShape): { fields: Problems; other: string | null } {
  const issues = Array.isArray(error.details?.issues)
    ? (error.details.issues as Array<{ field?: unknown; problem?: unknown }>)
    : [];
  const fields: Problems = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    if (typeof issue.field !== 'string' || typeof issue.problem !== 'string') continue;
    const field = formFieldOf(issue.field);
    const text = issue.problem.charAt(0).toUpperCase() + issue.problem.slice(1);
    if (field === null) unplaced.push(`${issue.field}: ${issue.problem}`);
    else fields[field] ??= text;
  }
  const other =
    Object.keys(fields).length === 0 ? error.message : unplaced.length > 0 ? unplaced.join('; ') : null;
  return { fields, other };
}

/** A new CSV column profile for a bank: saved with recon:profiles.save and chosen for the import. */
export function ProfileForm({ onSaved }: { onSaved: (name: string) => void }) {
  const saveProfile = useReconImport((state) => state.saveProfile);
  const [form, setForm] = useState<ProfileFormValues>(EMPTY_PROFILE_FORM);
  const [problems, setProblems] = useState<{ fields: Problems; other: string | null }>({
    fields: {},
    other: null,
  });
  const [saving, setSaving] = useState(false);
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const focusProblem = useRef(false);
  // After a refusal is drawn: focus the first field it names, so the problem is read out with it.
  useEffect(() => {
    if (!focusProblem.current) return;
    focusProblem.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
  });
  const set = (field: Field, value: string): void => setForm((current) => ({ ...current, [field]: value }));
  const id = (field: Field): string => `${ids}-${field}`;

  const input = (field: Field, label: string, hint?: string, width = 'recon-narrow'): ReactNode => {
    const problem = problems.fields[field];
    const described = [hint ? `${id(field)}-hint` : '', problem ? `${id(field)}-error` : ''].filter(Boolean);
    return (
      <div className={`recon-field ${width}`}>
        <label htmlFor={id(field)}>{label}</label>
        <input
          id={id(field)}
          type="text"
          value={form[field]}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described.length > 0 ? described.join(' ') : undefined}
          onChange={(event) => set(field, event.target.value)}
        />
        {hint ? (
          <span id={`${id(field)}-hint`} className="recon-hint">
            {hint}
          </span>
        ) : null}
        {problem ? (
          <span id={`${id(field)}-error`} className="recon-field-error">
            {problem}
          </span>
        ) : null}
      </div>
    );
  };
  const select = (
    field: Field,
    label: string,
    options: ReadonlyArray<[string, string]>,
    width = '',
  ): ReactNode => (
    <LabelledSelect
      id={id(field)}
      className={`recon-field ${width}`}
      label={label}
      value={form[field]}
      aria-invalid={problems.fields[field] ? true : undefined}
      aria-describedby={problems.fields[field] ? `${id(field)}-error` : undefined}
      choices={options.map(([value, text]) => ({ value, label: text }))}
      onChange={(value) => set(field, value)}
    >
      {problems.fields[field] ? (
        <span id={`${id(field)}-error`} className="recon-field-error">
          {problems.fields[field]}
        </span>
      ) : null}
    </LabelledSelect>
  );

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    const error = await saveProfile(form.name.trim(), profileFromForm(form));
    setSaving(false);
    if (error) {
      setProblems(problemsOf(error));
      focusProblem.current = true;
      return;
    }
    const name = form.name.trim();
    setProblems({ fields: {}, other: null });
    setForm(EMPTY_PROFILE_FORM);
    onSaved(name);
  };

  const column = 'Header title, or column number';
  return (
    <form
      ref={formRef}
      className="recon-profile-form"
      aria-label="New CSV profile"
      onSubmit={(e) => void submit(e)}
    >
      <div className="recon-profile-row">
        {input('name', 'Profile name', 'Usually the bank, e.g. “Barclays business”.', 'recon-wide')}
        {select('delimiter', 'Delimiter', [
          ['auto', 'Detect'],
          [',', 'Comma'],
          [';', 'Semicolon'],
          ['\t', 'Tab'],
          ['|', 'Vertical bar'],
        ])}
        {select('decimalSeparator', 'Decimal separator', [
          ['auto', 'Detect'],
          ['.', 'Point (1234.50)'],
          [',', 'Comma (1234,50)'],
        ])}
        {select(
          'dateFormat',
          'Date format',
          DATE_FORMAT_CHOICES.map((format) => [format, format === 'auto' ? 'Detect' : format]),
        )}
        {input('headerLines', 'Header lines', 'The last one holds the titles.')}
      </div>
      <fieldset className="recon-profile-row">
        <legend>Columns</legend>
        {input('date', 'Booking date', column)}
        {select(
          'amountStyle',
          'Amounts',
          [
            ['signed', 'One signed amount column'],
            ['debit-credit', 'Money out and money in columns'],
          ],
          'recon-wide',
        )}
        {form.amountStyle === 'signed' ? (
          input('amount', 'Amount', column)
        ) : (
          <>
            {input('debit', 'Money out', column)}
            {input('credit', 'Money in', column)}
          </>
        )}
        {input('currencyColumn', 'Currency column', 'Leave empty if the file has none')}
        {input('currency', 'Account currency', 'e.g. GBP, when there is no currency column')}
        {input('reference', 'Reference', column)}
        {input('remittance', 'Payment text', column)}
        {input('counterpartyName', 'Counterparty', column)}
        {input('bankTransactionId', 'Bank transaction id', column)}
      </fieldset>
      {problems.other ? (
        <p className="recon-field-error" role="alert">
          Not saved: {problems.other}
        </p>
      ) : null}
      <div className="recon-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}

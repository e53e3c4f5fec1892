import { useEffect, useState, type FormEvent } from 'react';
import type { ReconSettings, ReconSettingsInput } from '@shared/ipc/contract-recon-settings';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useReconSettings } from '../../stores/recon-settings';
import { formatDate } from '../../lib/format-time';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { SaveFooter, SaveStatus, TextField } from './Field';
import './reconciliation-settings.css';
import { SettingsSection } from './SettingsSection';

type Automatic = ReconSettingsInput['automatic'];

const RULES: ReadonlyArray<{ key: keyof Automatic; label: string; hint: string }> = [
  {
    key: 'exactReference',
    label: 'Exact payment reference',
    hint: 'The bank line quotes the request’s payment reference.',
  },
  {
    key: 'fuzzyReference',
    label: 'Payment reference with a typo',
    hint: 'One or two characters off (two only when the reference’s check digits prove a typo).',
  },
  {
    key: 'splitSum',
    label: 'Split payments adding up exactly',
    hint: 'No reference: several payments or requests of one float whose amounts add up to the cent.',
  },
];

interface ToleranceRow {
  currency: string;
  amount: string;
}

/** Plain decimals for now ("2.50"); amounts as people type them come with the shared parser. */
const PLAIN_AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

function summaryOf(settings: ReconSettings): string {
  if (settings.updatedAt === null) return 'These are the defaults; nothing has been changed yet.';
  return `Last changed ${formatDate(settings.updatedAt.slice(0, 10))}.`;
}

/** The form, started from the saved settings (a new save starts it again). */
function PolicyForm({
  settings,
  status,
  setStatus,
}: {
  settings: ReconSettings;
  /** Kept by the section: a save starts the form again, and "Saved." must stay. */
  status: string | null;
  setStatus: (text: string | null) => void;
}) {
  const save = useReconSettings((state) => state.save);
  const [automatic, setAutomatic] = useState<Automatic>(settings.automatic);
  const [tolerances, setTolerances] = useState<ToleranceRow[]>(() =>
    settings.tolerances.map((entry) => ({ ...entry })),
  );
  const [startDate, setStartDate] = useState(settings.startDate ?? '');
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);

  function check(): FieldErrors {
    const fields: Record<string, string> = {};
    const seen = new Set<string>();
    tolerances.forEach((row, index) => {
      const code = row.currency.trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(code))
        fields[`tolerances[${index}].currency`] = 'Enter a currency code such as GBP.';
      else if (seen.has(code)) fields[`tolerances[${index}].currency`] = `${code} is listed twice.`;
      seen.add(code);
      if (!PLAIN_AMOUNT.test(row.amount.trim()))
        fields[`tolerances[${index}].amount`] = 'Enter an amount such as 0.00 or 5.00 (digits and a point).';
    });
    if (startDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(startDate))
      fields.startDate = 'Enter a date, or leave it empty for no start date.';
    return { fields, other: null };
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const local = check();
    if (Object.keys(local.fields).length > 0) {
      setErrors(local);
      setStatus(null);
      return;
    }
    const error = await save({
      automatic,
      tolerances: tolerances.map((row) => ({
        currency: row.currency.trim().toUpperCase(),
        amount: row.amount.trim(),
      })),
      startDate: startDate === '' ? null : startDate,
    });
    const known = [
      'startDate',
      ...tolerances.flatMap((_, index) => [`tolerances[${index}].currency`, `tolerances[${index}].amount`]),
    ];
    setErrors(fieldErrorsOf(error, known));
    setStatus(error === null ? 'Saved. The next preview and run follow these settings.' : null);
  }

  const update = (index: number, change: Partial<ToleranceRow>): void =>
    setTolerances((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <form
      className="settings-form recon-policy-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Reconciliation settings"
      noValidate
    >
      <fieldset className="recon-policy-rules">
        <legend>Match automatically</legend>
        {RULES.map((rule) => (
          <div key={rule.key} className="recon-policy-rule">
            <input
              type="checkbox"
              id={`recon-rule-${rule.key}`}
              name={rule.key}
              checked={automatic[rule.key]}
              aria-describedby={`recon-rule-${rule.key}-hint`}
              onChange={(event) => setAutomatic({ ...automatic, [rule.key]: event.target.checked })}
            />
            <div>
              <label htmlFor={`recon-rule-${rule.key}`}>{rule.label}</label>
              <p id={`recon-rule-${rule.key}-hint`} className="field-hint">
                {rule.hint}
              </p>
            </div>
          </div>
        ))}
        <div className="recon-policy-rule recon-policy-rule-fixed">
          <span aria-hidden="true">—</span>
          <div>
            <p className="recon-policy-rule-label">Amount and date (no reference)</p>
            <p className="field-hint">
              Never automatic: always a suggestion for a person, as equal top-ups recur.
            </p>
          </div>
        </div>
      </fieldset>
      <fieldset className="recon-policy-tolerances">
        <legend>Amount tolerance per currency</legend>
        <p className="field-hint">
          How far the bank amount may be from the approved amount and still match automatically. A currency
          not listed has none: the amounts must agree to the cent.
        </p>
        {tolerances.map((row, index) => (
          <div className="recon-policy-tolerance" key={index} data-testid="recon-tolerance-row">
            <TextField
              id={`recon-tolerance-currency-${index}`}
              label="Currency"
              value={row.currency}
              onChange={(currency) => update(index, { currency })}
              error={errors.fields[`tolerances[${index}].currency`]}
              placeholder="GBP"
            />
            <TextField
              id={`recon-tolerance-amount-${index}`}
              label="Tolerance"
              value={row.amount}
              onChange={(amount) => update(index, { amount })}
              error={errors.fields[`tolerances[${index}].amount`]}
              placeholder="0.00"
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setTolerances((rows) => rows.filter((_, at) => at !== index))}
              aria-label={`Remove the tolerance for ${row.currency || 'this currency'}`}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-secondary recon-policy-add"
          onClick={() => setTolerances((rows) => [...rows, { currency: '', amount: '0.00' }])}
        >
          Add a currency
        </button>
      </fieldset>
      <TextField
        id="recon-start-date"
        label="Reconciliation starts on"
        type="date"
        value={startDate}
        onChange={setStartDate}
        error={errors.fields.startDate}
        hint={
          <>
            {startDate === ''
              ? 'No start date: everything is reconciled. '
              : `Starts on ${formatDate(startDate)}. `}
            Open items dated before it are shown as “Before reconciliation start”, counted apart and never
            matched automatically.
          </>
        }
      />
      <SaveFooter
        failure={errors.other}
        failureTitle="The reconciliation settings could not be saved"
        saveLabel="Save reconciliation settings"
        status={
          <SaveStatus
            text={status ?? summaryOf(settings)}
            quiet={status === null}
            testId="recon-settings-status"
          />
        }
      />
    </form>
  );
}

/** Settings → Reconciliation: what a run may match without a person, tolerances, and the start date. */
export function ReconciliationSettings() {
  const settings = useReconSettings((state) => state.settings);
  const loadError = useReconSettings((state) => state.loadError);
  const load = useReconSettings((state) => state.load);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <SettingsSection id="reconciliation" title="Reconciliation" testId="settings-reconciliation">
      <p className="settings-note">
        What a matching run may match without a person. Whatever is ticked, a bank amount that differs from
        the approved amount (the requested one until it is approved) by more than its currency’s tolerance is
        only ever a suggestion, and so is a match on amount and date alone.
      </p>
      {settings === null && loadError === null ? (
        <LoadingState label="Loading reconciliation settings…" />
      ) : null}
      {loadError !== null ? (
        <ErrorState
          title="Reconciliation settings could not be loaded"
          error={loadError}
          onRetry={() => void load()}
        />
      ) : null}
      {settings !== null ? (
        <PolicyForm
          key={settings.updatedAt ?? 'defaults'}
          settings={settings}
          status={status}
          setStatus={setStatus}
        />
      ) : null}
    </SettingsSection>
  );
}

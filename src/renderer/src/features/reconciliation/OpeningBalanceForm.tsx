import { useEffect, useState, type FormEvent } from 'react';
import { toErrorShape } from '@shared/ipc/errors';
import type { OpeningBalanceValue } from '@shared/ipc/contract-rollforward';
import { invoke } from '../../ipc/client';
import { formatMoney } from '../../lib/format-money';
import { formatDate } from '../../lib/format-time';
import { readTypedAmount, typedAmountExample } from '../../lib/typed-amount';
import { useReconRollforward } from '../../stores/recon';
import { isIsoDate } from './recon-query';
import { DateField } from '../../components/DateField';
import { LabelledInput, LabelledSelect } from '../../components/LabelledInput';

type FloatChoice = { currency: string; name: string };

const keyOf = (float: FloatChoice): string => `${float.currency} ${float.name}`;

/** The issue's own words for the field a refusal names, else the message as a whole. */
function problemOf(thrown: unknown): string {
  const shape = toErrorShape(thrown);
  const issues = shape.details?.issues;
  const first = Array.isArray(issues) ? (issues[0] as { problem?: unknown } | undefined) : undefined;
  return typeof first?.problem === 'string'
    ? `${first.problem.charAt(0).toUpperCase()}${first.problem.slice(1)}.`
    : shape.message;
}

/**
 * A float's balance at the start of a day, as the platform's own statement gives it, with a note:
 * the roll-forward uses it at that bound instead of the nearest snapshot. Audited; a later entry
 * for the same float and day replaces it, and the earlier one is kept.
 */
export function OpeningBalanceForm({ defaultDate }: { defaultDate: string }) {
  const reload = useReconRollforward((state) => state.reload);
  const [floats, setFloats] = useState<FloatChoice[]>([]);
  const [entries, setEntries] = useState<OpeningBalanceValue[]>([]);
  const [float, setFloat] = useState('');
  const [date, setDate] = useState(defaultDate);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [shownDefault, setShownDefault] = useState(defaultDate);
  if (defaultDate !== shownDefault) {
    setShownDefault(defaultDate);
    setDate(defaultDate);
  }

  const show = (list: { floats: FloatChoice[]; entries: OpeningBalanceValue[] }): void => {
    setFloats(list.floats);
    setEntries(list.entries);
    setFloat((current) => current || (list.floats[0] ? keyOf(list.floats[0]) : ''));
  };
  const refresh = (): Promise<void> => invoke('recon:opening.list', {}).then(show);
  useEffect(() => {
    invoke('recon:opening.list', {}).then(show, (thrown: unknown) => setProblem(problemOf(thrown)));
  }, []);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const chosen = floats.find((candidate) => keyOf(candidate) === float);
    if (!chosen) return setProblem('Choose the float the balance belongs to.');
    if (!isIsoDate(date)) return setProblem('Enter the date the balance is for.');
    if (amount.trim() === '') return setProblem('Enter the balance, as the platform’s statement shows it.');
    // Typed as people type it in the chosen number format ("150,000.00"); the core gets the canonical text.
    const typed = readTypedAmount(amount);
    if (!typed.ok) return setProblem(`Balance ${typed.problem}.`);
    setProblem(null);
    setSaved(null);
    setSaving(true);
    try {
      const { entry } = await invoke('recon:opening.set', {
        currency: chosen.currency,
        float: chosen.name,
        asOf: date,
        amount: typed.amount,
        note,
      });
      setSaved(
        `Saved: ${chosen.currency} float “${chosen.name}” had ${formatMoney(entry.amount.amount, entry.amount.currency)} at the start of ${formatDate(entry.asOf)}${entry.replaces > 0 ? ' (it replaces the earlier entry, which is kept in the audit log)' : ''}.`,
      );
      setAmount('');
      setNote('');
      await Promise.all([refresh(), reload()]);
    } catch (thrown) {
      setProblem(problemOf(thrown));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="recon-opening" data-testid="recon-opening">
      <h3 className="recon-subheading">Opening balances from the platform’s statement</h3>
      <p className="recon-hint">
        A balance entered for the first day of a period (or the day after its last) is used there instead of
        the nearest recorded balance.
      </p>
      <form
        className="recon-filters recon-opening-form"
        aria-label="Enter an opening balance"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <LabelledSelect
          id="recon-opening-float"
          className="recon-field"
          label="Float"
          value={float}
          choices={floats.map((choice) => ({
            value: keyOf(choice),
            label: `${choice.currency} · ${choice.name}`,
          }))}
          onChange={setFloat}
        />
        <div className="recon-field">
          <label htmlFor="recon-opening-date">Balance at the start of</label>
          <DateField id="recon-opening-date" value={date} onChange={setDate} />
        </div>
        <LabelledInput
          id="recon-opening-amount"
          className="recon-field"
          label="Balance"
          inputMode="decimal"
          autoComplete="off"
          placeholder={typedAmountExample('150000.00')}
          value={amount}
          onChange={setAmount}
        />
        <LabelledInput
          id="recon-opening-note"
          className="recon-field recon-opening-note"
          label="Note"
          maxLength={1000}
          placeholder="Platform statement for October"
          value={note}
          onChange={setNote}
        />
        <button type="submit" className="button button-secondary" disabled={saving}>
          {saving ? 'Saving…' : 'Save opening balance'}
        </button>
      </form>
      {problem ? (
        <p className="recon-field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <p className="recon-balanced-line" role="status" data-testid="recon-opening-saved">
          {saved}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="recon-opening-entries" data-testid="recon-opening-entries">
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.currency} · {entry.float}: {formatMoney(entry.amount.amount, entry.amount.currency)} at
              the start of {formatDate(entry.asOf)}
              {entry.note ? ` — ${entry.note}` : ''}
              {entry.replaces > 0 ? (
                <span className="muted">
                  {' '}
                  (replaces {entry.replaces} earlier {entry.replaces === 1 ? 'entry' : 'entries'})
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

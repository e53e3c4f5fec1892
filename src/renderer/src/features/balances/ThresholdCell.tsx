import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Money } from '@shared/domain/money';
import { checkThreshold } from '@shared/domain/thresholds';
import { toErrorShape } from '@shared/ipc/errors';
import { formatMoney } from '../../lib/format-money';
import { readTypedAmount, writeTypedAmount } from '../../lib/typed-amount';
import { useBalances } from '../../stores/balances';

interface ThresholdCellProps {
  currency: string;
  name: string;
  threshold: Money | null | undefined;
}

function ThresholdForm({ currency, name, threshold, close }: ThresholdCellProps & { close: () => void }) {
  const setThreshold = useBalances((state) => state.setThreshold);
  const [text, setText] = useState(threshold ? writeTypedAmount(threshold.amount) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const problemId = useId();

  const save = async (value: string | null): Promise<void> => {
    setSaving(true);
    try {
      await setThreshold(currency, name, value);
      close();
    } catch (thrown) {
      setProblem(toErrorShape(thrown).message);
      setSaving(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    // Typed in the chosen number format ("1,500.00"); the shared rule then checks the canonical text.
    const typed = text.trim() === '' ? { ok: true as const, amount: '' } : readTypedAmount(text);
    if (!typed.ok) {
      setProblem(`Threshold ${typed.problem}.`);
      return;
    }
    const checked = checkThreshold(typed.amount, currency);
    if (!checked.ok) {
      setProblem(`Threshold: ${checked.problem}.`);
      return;
    }
    void save(checked.amount);
  };

  return (
    <form className="threshold-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        Low-balance threshold for {currency} {name}, in {currency}
      </label>
      <input
        id={inputId}
        className="threshold-input"
        inputMode="decimal"
        autoComplete="off"
        // The person asked to edit: the field takes the focus.
        autoFocus
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : problemId}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      />
      <span className="threshold-actions">
        <button type="submit" className="small-button" disabled={saving}>
          Save
        </button>
        {threshold ? (
          <button
            type="button"
            className="small-button quiet"
            disabled={saving}
            onClick={() => void save(null)}
          >
            Remove
          </button>
        ) : null}
        <button type="button" className="small-button quiet" onClick={close}>
          Cancel
        </button>
      </span>
      {problem === null ? null : (
        <span id={problemId} className="field-problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}

/** The float's low-balance threshold, editable in place. */
export function ThresholdCell(props: ThresholdCellProps) {
  const { currency, name, threshold } = props;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Closing the form hands the focus back to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <td className="num threshold" data-testid={`threshold-${currency}-${name}`}>
      {editing ? (
        <ThresholdForm {...props} close={() => setEditing(false)} />
      ) : (
        <>
          {threshold ? (
            <span className="amount">{formatMoney(threshold.amount, threshold.currency)}</span>
          ) : (
            <span className="empty-value">none</span>
          )}
          <button
            ref={editButton}
            type="button"
            className="small-button quiet threshold-edit"
            aria-label={`${threshold ? 'Change' : 'Set'} the low-balance threshold of ${currency} ${name}`}
            disabled={threshold === undefined}
            onClick={() => setEditing(true)}
          >
            {threshold ? 'Change' : 'Set'}
          </button>
        </>
      )}
    </td>
  );
}

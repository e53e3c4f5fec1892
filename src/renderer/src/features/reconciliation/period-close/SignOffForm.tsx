import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useReconPeriod } from '../../../stores/recon';
import { isIsoDate } from '../recon-query';
import { SignOffConfirm } from './SignOffConfirm';
import { SignOffResult } from './SignOffResult';
import { DateField } from '../../../components/DateField';
import { NoteField } from '../../../components/LabelledInput';

/**
 * Sign off in three steps: the date (the screen's as-of date unless changed) and an optional note;
 * a confirmation that says what will happen, with the counts; then what was locked.
 */
export function SignOffForm({ defaultAsOf }: { defaultAsOf: string }) {
  const signing = useReconPeriod((state) => state.signing);
  const review = useReconPeriod((state) => state.review);
  const [chosenAsOf, setChosenAsOf] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const dateInput = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(false);
  const asOf = chosenAsOf ?? defaultAsOf;
  const dateMissing = !isIsoDate(asOf);
  const editing = signing.status === 'idle';

  // Back from the confirmation or the result: focus returns to the form's first field.
  useEffect(() => {
    if (editing && wasOpen.current) dateInput.current?.focus();
    wasOpen.current = !editing;
  }, [editing]);

  // Once signed off, the next sign-off starts from the screen's date and an empty note (Back from
  // the confirmation keeps them).
  const [cleared, setCleared] = useState(false);
  if (signing.status === 'done' && !cleared) {
    setCleared(true);
    setChosenAsOf(null);
    setNote('');
  }
  if (signing.status !== 'done' && cleared) setCleared(false);

  if (signing.status === 'done') return <SignOffResult signOff={signing.signOff} />;
  if (!editing) return <SignOffConfirm signing={signing} />;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setTried(true);
    if (dateMissing) {
      dateInput.current?.focus();
      return;
    }
    setTried(false);
    void review(asOf, note);
  };

  return (
    <form className="recon-signoff-form" aria-label="Sign off" noValidate onSubmit={submit}>
      <div className="recon-field">
        <label htmlFor="recon-signoff-as-of">Sign off as of</label>
        <DateField
          id="recon-signoff-as-of"
          inputRef={dateInput}
          value={asOf}
          required
          invalid={tried && dateMissing}
          describedBy={`recon-signoff-as-of-hint${tried && dateMissing ? ' recon-signoff-as-of-error' : ''}`}
          onChange={setChosenAsOf}
        />
        <span id="recon-signoff-as-of-hint" className="recon-hint">
          Settled items dated on or before this day are locked.
        </span>
        {tried && dateMissing ? (
          <span id="recon-signoff-as-of-error" className="recon-field-error">
            Sign off as of: choose the last day of the period.
          </span>
        ) : null}
      </div>
      <NoteField
        id="recon-signoff-note"
        className="recon-field recon-signoff-note"
        value={note}
        onChange={setNote}
      />
      <button type="submit" className="button" data-testid="recon-signoff-review">
        Review sign-off…
      </button>
    </form>
  );
}

import { useState, type Ref } from 'react';
import { parseTypedDate, typedDatePattern, writeTypedDate } from '@shared/domain/typed-date';
import { useFormatPreferences } from '../lib/use-format-preferences';

interface DateFieldProps {
  id: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with `YYYY-MM-DD` once the text is a real date, or '' when it is emptied. */
  onChange: (isoDate: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  required?: boolean;
  /** The caller's own error (a missing date, say): marks the field invalid. */
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  className?: string;
}

/**
 * A date typed and shown in the chosen format (Settings → Format: "22/11/2026" in en-GB, ISO when
 * chosen), ISO always accepted; the value it hands on is always `YYYY-MM-DD`. Replaces the
 * browser's own date input, which follows the browser's language instead. A text that is not a
 * real date is not handed on, and says why once the person leaves the field.
 */
export function DateField({
  id,
  value,
  onChange,
  inputRef,
  name,
  required,
  invalid = false,
  describedBy,
  testId,
  className,
}: DateFieldProps) {
  const format = useFormatPreferences();
  const [text, setText] = useState(() => writeTypedDate(value, format));
  const [problem, setProblem] = useState<string | null>(null);
  const [synced, setSynced] = useState({ value, format });
  // A new value from outside, or a new format: show it, unless the text typed already means it.
  if (synced.value !== value || synced.format !== format) {
    const read = parseTypedDate(text, format);
    setSynced({ value, format });
    if (synced.format !== format || !(read.ok && read.date === value)) {
      setText(writeTypedDate(value, format));
      setProblem(null);
    }
  }

  const problemId = `${id}-date-problem`;
  const described = [describedBy, problem === null ? null : problemId].filter(Boolean).join(' ') || undefined;
  const pattern = typedDatePattern(format);
  return (
    <>
      <input
        id={id}
        name={name ?? id}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        className={className ? `date-field ${className}` : 'date-field'}
        value={text}
        placeholder={pattern}
        title={`A date as ${pattern}${format.dateStyle === 'iso' ? '' : ' or YYYY-MM-DD'}`}
        required={required}
        aria-invalid={invalid || problem !== null || undefined}
        aria-describedby={described}
        data-testid={testId}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          const read = parseTypedDate(typed, format);
          if (!read.ok) return;
          setProblem(null);
          if (read.date !== value) onChange(read.date);
        }}
        onBlur={() => {
          const read = parseTypedDate(text, format);
          if (!read.ok) setProblem(read.problem);
          else if (read.date !== '') setText(writeTypedDate(read.date, format));
        }}
      />
      {problem === null ? null : (
        <span id={problemId} className="date-field-problem" role="alert" data-testid={`${id}-date-problem`}>
          {problem}
        </span>
      )}
    </>
  );
}

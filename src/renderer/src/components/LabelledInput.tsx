import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

/**
 * A label over a one-line text input, in the field box `className` (recon-field, filter-field);
 * `children` follow the input (a hint, the field's error).
 */
export function LabelledInput({
  id,
  label,
  className,
  value,
  onChange,
  testId,
  children,
  ...input
}: InputProps & {
  id: string;
  label: string;
  className: string;
  value: string;
  onChange: (text: string) => void;
  /** The field box's data-testid. */
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className} data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        {...input}
        onChange={(event) => onChange(event.target.value)}
      />
      {children}
    </div>
  );
}

/** The optional note a person may add to what they record (a match, a sign-off). */
export function NoteField(props: {
  id: string;
  className: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return <LabelledInput {...props} label="Note (optional)" maxLength={1000} autoComplete="off" />;
}

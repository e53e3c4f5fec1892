import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import type { FilterChoice } from '../lib/filter-values';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;
type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'className' | 'children'
>;

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

/**
 * A label over a select of `choices`, in the field box `className` (recon-field, filter-field);
 * `children` follow the select (a hint).
 */
export function LabelledSelect({
  id,
  label,
  className,
  value,
  choices,
  onChange,
  children,
  ...select
}: SelectProps & {
  id: string;
  label: string;
  className: string;
  value: string;
  choices: readonly FilterChoice[];
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} {...select} onChange={(event) => onChange(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
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

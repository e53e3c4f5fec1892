import type { ReactNode } from 'react';
import type { ErrorShape } from '@shared/ipc/errors';
import { ErrorState } from '../../components/ErrorState';
import { DateField } from '../../components/DateField';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A label, the control, an optional hint and the field's own error, wired for screen readers. */
function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children(describedBy, error !== undefined)}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  type?: 'text' | 'password' | 'email' | 'url' | 'number' | 'date';
  autoComplete?: string;
  placeholder?: string;
  min?: number;
  max?: number;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  type = 'text',
  ...rest
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(describedBy, invalid) =>
        type === 'date' ? (
          <DateField id={id} value={value} onChange={onChange} invalid={invalid} describedBy={describedBy} />
        ) : (
          <input
            id={id}
            name={id}
            type={type}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            spellCheck={type === 'text' ? undefined : false}
            {...rest}
          />
        )
      }
    </FieldFrame>
  );
}

/** The platform's base URL, as both the connection and a new workspace ask for it. */
export function PlatformAddressField(
  props: Pick<TextFieldProps, 'id' | 'value' | 'onChange' | 'error' | 'hint'>,
) {
  return (
    <TextField
      {...props}
      label="Platform address (base URL)"
      type="url"
      placeholder="https://sandbox.example/api/v2"
    />
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
}

export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  hint,
  error,
  disabled,
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(describedBy, invalid) => (
        <select
          id={id}
          name={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          disabled={disabled}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  disabled?: boolean;
}

/** Radio buttons in a fieldset whose legend names the choice. */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  disabled,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className="choice-group" disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** "Saved" and similar, announced politely; `quiet` for a standing description rather than news. */
export function SaveStatus({
  text,
  testId,
  quiet = false,
}: {
  text: string | null;
  testId?: string;
  quiet?: boolean;
}) {
  return (
    <p className={quiet ? 'save-status save-status-quiet' : 'save-status'} role="status" data-testid={testId}>
      {text ?? ''}
    </p>
  );
}

/** A settings form's foot: the error no field carries, the save button, and what the save did. */
export function SaveFooter({
  failure,
  failureTitle,
  saveLabel,
  disabled,
  status,
}: {
  failure: ErrorShape | null;
  failureTitle: string;
  saveLabel: ReactNode;
  disabled?: boolean;
  status: ReactNode;
}) {
  return (
    <>
      {failure ? <ErrorState title={failureTitle} error={failure} /> : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={disabled}>
          {saveLabel}
        </button>
        {status}
      </div>
    </>
  );
}

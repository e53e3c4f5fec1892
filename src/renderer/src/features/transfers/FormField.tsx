import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  /** The problem, already in words ("Amount must be …"); shown under the field and announced. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The control; give it id, aria-invalid and aria-describedby from describedBy(). */
  children: ReactNode;
}

export const hintId = (id: string): string => `${id}-hint`;
export const errorId = (id: string): string => `${id}-error`;

/** aria-describedby for a field's control: its hint and its error, when shown. */
export function describedBy(id: string, hasHint: boolean, error: string | undefined): string | undefined {
  const ids = [hasHint ? hintId(id) : null, error ? errorId(id) : null].filter((value) => value !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A labelled form control with its hint and its error message. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="field-error" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import type { ErrorShape } from '@shared/ipc/errors';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from './field-errors';

/**
 * A form whose save takes a while: busy until the answer, whose error is split over the form's
 * `fields` (a success clears them). `send` says whether the save succeeded.
 */
export function useFieldSubmit(fields: readonly string[]) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  async function send(save: () => Promise<ErrorShape | null>): Promise<boolean> {
    setBusy(true);
    const error = await save();
    setBusy(false);
    setErrors(fieldErrorsOf(error, fields));
    return error === null;
  }
  return { busy, errors, send };
}

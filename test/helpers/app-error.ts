import { expect } from 'vitest';
import { AppError } from '../../src/shared/ipc/errors';

/** The AppError `run` throws; fails the test when it throws something else or nothing. */
export function thrownAppError(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

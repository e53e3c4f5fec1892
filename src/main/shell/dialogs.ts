import { dialog } from 'electron';

/** Shown when FloatDesk cannot start at all (for example a ledger written by a newer version). */
export function showStartupFailure(message: string): void {
  dialog.showErrorBox('FloatDesk cannot start', message);
}

/** Shown when the core stops while FloatDesk is running; the app quits after it. */
export function showCoreStopped(message: string): void {
  dialog.showErrorBox('FloatDesk stopped', message);
}

import { dialog } from 'electron';

/** Shown when FloatDesk cannot start at all (for example a ledger written by a newer version). */
export function showStartupFailure(message: string): void {
  dialog.showErrorBox('FloatDesk cannot start', message);
}

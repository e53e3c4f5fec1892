import { dialog, type BrowserWindow } from 'electron';

/** Shown when FloatDesk cannot start at all (for example a ledger written by a newer version). */
export function showStartupFailure(message: string): void {
  dialog.showErrorBox('FloatDesk cannot start', message);
}

/** Shown when the core stops while FloatDesk is running; the app quits after it. */
export function showCoreStopped(message: string): void {
  dialog.showErrorBox('FloatDesk stopped', message);
}

/** The native save dialog of an export, attached to the window that asked; undefined when closed. */
export async function askExportPath(
  window: BrowserWindow | null,
  question: { defaultName: string; filters: Array<{ name: string; extensions: string[] }> },
): Promise<string | undefined> {
  const options = { defaultPath: question.defaultName, filters: question.filters };
  const answer =
    window === null ? await dialog.showSaveDialog(options) : await dialog.showSaveDialog(window, options);
  return answer.canceled ? undefined : answer.filePath;
}

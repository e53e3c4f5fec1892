/**
 * A workspace that was in use and has lost its ledger (deleted, or emptied to 0 bytes) is refused
 * with `ledger_missing` and the restore hint: creating a new, empty ledger in its place would make
 * the platform address, every decision and every imported statement disappear without a word.
 * A new folder (or one that only ever saw a FloatDesk that stopped before its first migration) still
 * gets its ledger created.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../../shared/ipc/errors';
import { LOG_FILE_NAME, logsDirOf } from '../log/log-file';
import { BACKUPS_FOLDER_NAME, ledgerPathOf } from '../paths';
import { TEMPLATES_FOLDER } from '../sync/templates';
import { ASSETS_FOLDER } from '../sync/assets';
import { SECRET_FILE_NAME } from '../workspace/secret-file';
import { RESTORE_HINT } from './integrity';
import { ledgerMarkedInUse } from './workspace-state';

/** What the log says once a ledger opened and migrated (log/observe.ts, services.ts). */
const OPENED_EVENT = '"event":"workspace.open"';

function sizeOf(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** `<workspace>/backups/*.sqlite`, newest name last (their names sort by time). */
function backupsIn(workspaceDir: string): string[] {
  const folder = join(workspaceDir, BACKUPS_FOLDER_NAME);
  return entries(folder)
    .filter((name) => name.endsWith('.sqlite'))
    .sort()
    .map((name) => join(folder, name));
}

function logSaysOpened(workspaceDir: string): boolean {
  return entries(logsDirOf(workspaceDir))
    .filter((name) => name.startsWith(LOG_FILE_NAME))
    .some((name) => {
      try {
        return readFileSync(join(logsDirOf(workspaceDir), name), 'utf8').includes(OPENED_EVENT);
      } catch {
        return false;
      }
    });
}

/**
 * What in the folder shows that FloatDesk used this workspace (empty: nothing does). Besides
 * FloatDesk's own marker, what older versions left: backups, downloads, saved credentials, a log
 * of a successful open, a ledger kept by a restore, or a write-ahead log holding changes.
 */
export function signsOfUse(workspaceDir: string): string[] {
  const ledgerPath = ledgerPathOf(workspaceDir);
  const signs: string[] = [];
  if (ledgerMarkedInUse(workspaceDir)) signs.push('the workspace was marked in use');
  if ((sizeOf(`${ledgerPath}-wal`) ?? 0) > 0) signs.push('its write-ahead log holds changes');
  if (backupsIn(workspaceDir).length > 0) signs.push('it has backups');
  if (entries(workspaceDir).some((name) => name.startsWith('ledger.sqlite.before-restore-')))
    signs.push('it has a ledger kept by a restore');
  if (entries(join(workspaceDir, TEMPLATES_FOLDER)).length > 0) signs.push('it has downloaded templates');
  if (entries(join(workspaceDir, ASSETS_FOLDER)).length > 0) signs.push('it has brand images');
  if (existsSync(join(workspaceDir, SECRET_FILE_NAME))) signs.push('it has saved credentials');
  if (signs.length === 0 && logSaysOpened(workspaceDir)) signs.push('its log shows it was opened');
  return signs;
}

/** Missing, empty (0 bytes), or there. */
export function ledgerPresence(workspaceDir: string): 'missing' | 'empty' | 'present' {
  const size = sizeOf(ledgerPathOf(workspaceDir));
  return size === null ? 'missing' : size === 0 ? 'empty' : 'present';
}

/** Throws `ledger_missing` when the workspace was in use and its ledger is gone or empty. */
export function refuseLostLedger(workspaceDir: string): void {
  const presence = ledgerPresence(workspaceDir);
  if (presence === 'present') return;
  const signs = signsOfUse(workspaceDir);
  if (signs.length === 0) return;
  throw lostLedger(workspaceDir, presence, signs);
}

export function lostLedger(workspaceDir: string, presence: 'missing' | 'empty', signs: string[]): AppError {
  const path = ledgerPathOf(workspaceDir);
  const newest = backupsIn(workspaceDir).at(-1);
  const what = presence === 'missing' ? 'is missing' : 'is empty (0 bytes)';
  return new AppError(
    'ledger_missing',
    `This workspace's ledger ${what}: ${path}. FloatDesk did not create a new, empty one in its place. ${RESTORE_HINT}${newest ? ` The newest backup in this workspace is ${newest}.` : ''}`,
    { path, reason: presence, signs, ...(newest ? { newestBackup: newest } : {}) },
  );
}

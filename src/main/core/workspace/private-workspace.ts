/**
 * Opening a workspace makes what FloatDesk keeps in it owner-only again, for files an older
 * FloatDesk created with the default modes (0644 files, 0755 folders): the workspace folder, the
 * ledger and its -wal, -shm and kept copies, the saved credentials, its logs and backups, and the
 * exports, templates and brand-image folders with everything in them. Anything else a person put in
 * the folder is left as it is. The data home gets the same for its own files. What was changed is
 * described in plain words for the notice (notifications/files-private.ts).
 */
import { join } from 'node:path';
import { EXPORTS_FOLDER } from '../export/destination';
import { narrowTree, type NarrowResult } from '../files/private-files';
import { BACKUP_FILE_PREFIX, BACKUPS_FOLDER_NAME } from '../ledger/backup';
import { LOG_FILE_NAME, LOGS_FOLDER } from '../log/log-file';
import { LEDGER_STATE_FOLDER } from '../ledger/workspace-state';
import { LEDGER_FILE_NAME } from '../paths';
import { ASSETS_FOLDER } from '../sync/assets';
import { TEMPLATES_FOLDER } from '../sync/templates';
import { APP_SETTINGS_FILE, REMEMBERED_WORKSPACES_FILE } from './app-files';
import { SECRET_FILE_NAME } from './secret-file';
import { TEAM_PASSWORD_SECRET } from './secret-kinds';

const WORKSPACE_FOLDERS = new Set([
  LOGS_FOLDER,
  BACKUPS_FOLDER_NAME,
  EXPORTS_FOLDER,
  TEMPLATES_FOLDER,
  ASSETS_FOLDER,
  LEDGER_STATE_FOLDER,
]);

/**
 * Whether FloatDesk made the entry at `segments` (its path inside the workspace folder). Inside logs/
 * and backups/ only its own file names, in case a person keeps other files under those common
 * names; exports/, templates/, assets/ and ledger-state/ are FloatDesk's alone.
 */
export function isWorkspaceEntry(segments: readonly string[]): boolean {
  const [top = '', name = ''] = segments;
  if (segments.length === 1)
    return (
      WORKSPACE_FOLDERS.has(top) ||
      top.startsWith(LEDGER_FILE_NAME) ||
      top.startsWith(SECRET_FILE_NAME) ||
      top.startsWith(TEAM_PASSWORD_SECRET.fileName)
    );
  if (top === LOGS_FOLDER) return segments.length === 2 && name.startsWith(LOG_FILE_NAME);
  if (top === BACKUPS_FOLDER_NAME) return segments.length === 2 && name.startsWith(BACKUP_FILE_PREFIX);
  return WORKSPACE_FOLDERS.has(top);
}

export interface MadePrivate {
  /** One phrase per top-level entry changed, e.g. "ledger.sqlite", "templates/ (with 1,148 items in it)". */
  phrases: string[];
  /** How many files or folders could not be changed (another user's). */
  failed: number;
}

function describe(result: NarrowResult, rootPhrase: string): MadePrivate {
  const groups = new Map<string, { self: boolean; inside: number }>();
  for (const path of result.narrowed) {
    const [top = '', ...rest] = path.split(/[\\/]/);
    const group = groups.get(top) ?? { self: false, inside: 0 };
    if (rest.length === 0) group.self = true;
    else group.inside++;
    groups.set(top, group);
  }
  const phrases: string[] = [];
  for (const [top, group] of groups) {
    if (top === '') {
      phrases.push(rootPhrase);
      continue;
    }
    const items = `${group.inside.toLocaleString('en-GB')} item${group.inside === 1 ? '' : 's'}`;
    if (group.inside === 0) phrases.push(top);
    else phrases.push(group.self ? `${top}/ (with ${items} in it)` : `${items} in ${top}/`);
  }
  return { phrases, failed: result.failed.length };
}

export function makeWorkspacePrivate(workspaceDir: string, platform?: NodeJS.Platform): MadePrivate {
  return describe(narrowTree(workspaceDir, isWorkspaceEntry, platform), 'the workspace folder');
}

/** The data home: its folder, settings.json, workspaces.json and the `workspaces` folder itself. */
export function makeDataHomePrivate(dataHome: string, platform?: NodeJS.Platform): MadePrivate {
  const own = ([name = '', ...below]: readonly string[]) =>
    below.length === 0 && (name.startsWith(APP_SETTINGS_FILE) || name.startsWith(REMEMBERED_WORKSPACES_FILE));
  const home = describe(narrowTree(dataHome, own, platform), "FloatDesk's data folder");
  const workspaces = narrowTree(join(dataHome, 'workspaces'), () => false, platform);
  return {
    phrases: [...home.phrases, ...(workspaces.narrowed.length > 0 ? ['the folder of the workspaces'] : [])],
    failed: home.failed + workspaces.failed.length,
  };
}

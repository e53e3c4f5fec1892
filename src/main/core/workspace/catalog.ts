import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { WorkspaceEntry } from '../../../shared/ipc/contract-settings';
import { AppError } from '../../../shared/ipc/errors';
import { WorkspacesRepository } from '../ledger/repositories/workspaces';
import { demoWorkspaceDir, ledgerPathOf } from '../paths';

export type WorkspaceInfo = Omit<WorkspaceEntry, 'current'>;

export const DEMO_DISPLAY_NAME = 'Demo workspace';

/**
 * Name, kind and platform address of the workspace in `dir`, read from its ledger's workspaces row
 * through a read-only connection: a foreign ledger is never migrated or written. Throws when there
 * is no ledger or it cannot be read.
 */
export function readWorkspaceInfo(dir: string, nativeBinding?: string): WorkspaceInfo {
  const path = ledgerPathOf(dir);
  if (!existsSync(path)) throw new AppError('not_found', `There is no FloatDesk ledger in ${dir}.`, { dir });
  let db: Database.Database | undefined;
  try {
    db = new Database(path, {
      readonly: true,
      fileMustExist: true,
      ...(nativeBinding === undefined ? {} : { nativeBinding }),
    });
    const workspace = new WorkspacesRepository(db).first();
    if (!workspace) throw new Error('the ledger has no workspace record');
    return { dir, name: workspace.name, kind: workspace.kind, baseUrl: workspace.baseUrl };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ledger_corrupt', `The ledger in ${dir} cannot be read as a FloatDesk workspace.`, {
      dir,
      cause: String(error),
    });
  } finally {
    db?.close();
  }
}

/** Every folder directly under `<home>/workspaces/` that holds a ledger. */
function foldersUnderHome(dataHome: string): string[] {
  const parent = join(dataHome, 'workspaces');
  try {
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(ledgerPathOf(join(parent, entry.name))))
      .map((entry) => join(parent, entry.name));
  } catch {
    return [];
  }
}

export interface WorkspaceListing {
  workspaces: WorkspaceEntry[];
  /** Folders whose ledger could not be read: left out of the list (they cannot be opened either). */
  skipped: Array<{ dir: string; problem: string }>;
}

/**
 * The demo (always, even before its first start), every workspace under the data home, the
 * remembered folders and the current one — each once, the demo first, then by name.
 */
export function listWorkspaces(options: {
  dataHome: string;
  remembered: readonly string[];
  current: WorkspaceInfo;
  nativeBinding?: string;
}): WorkspaceListing {
  const demoDir = demoWorkspaceDir(options.dataHome);
  const currentDir = resolve(options.current.dir);
  const dirs = new Set(
    [demoDir, ...foldersUnderHome(options.dataHome), ...options.remembered, currentDir].map((dir) =>
      resolve(dir),
    ),
  );
  const workspaces: WorkspaceEntry[] = [];
  const skipped: WorkspaceListing['skipped'] = [];
  for (const dir of dirs) {
    if (dir === currentDir) {
      workspaces.push({ ...options.current, dir, current: true });
    } else if (dir === demoDir && !existsSync(ledgerPathOf(dir))) {
      workspaces.push({ dir, name: DEMO_DISPLAY_NAME, kind: 'demo', baseUrl: null, current: false });
    } else {
      try {
        workspaces.push({ ...readWorkspaceInfo(dir, options.nativeBinding), current: false });
      } catch (error) {
        if (!existsSync(dir)) continue; // a remembered folder deleted since: nothing to report
        skipped.push({ dir, problem: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  workspaces.sort(
    (a, b) =>
      Number(b.dir === demoDir) - Number(a.dir === demoDir) ||
      a.name.localeCompare(b.name) ||
      a.dir.localeCompare(b.dir),
  );
  return { workspaces, skipped };
}

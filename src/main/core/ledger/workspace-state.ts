/**
 * What FloatDesk remembers about a workspace's ledger outside the ledger itself, in
 * `<workspace>/ledger-state/` (files owner-only, none holds ledger data):
 *
 * - `in-use`: written once the ledger has been created and migrated. From then on a missing or
 *   emptied ledger is a loss to report, never a reason to start afresh (lost-ledger.ts).
 * - `open-<host>-<pid>-<n>`: one per core that has the ledger open, removed when it closes it. One
 *   left by a process that is gone means FloatDesk stopped without closing the ledger (a crash, a
 *   power cut): the next open checks the whole file before it writes anything.
 * - `damaged`: the full integrity check failed. The next open checks the whole file again before
 *   writing (it passes after a restore, and the marker goes).
 *
 * Every write here is best-effort: a marker that cannot be written must not stop the ledger from
 * opening (the checks then fall back on what the folder shows).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from './locks';

export const LEDGER_STATE_FOLDER = 'ledger-state';
const IN_USE = 'in-use';
const DAMAGED = 'damaged';
const SESSION = /^open-(.+)-(\d+)-[0-9a-f]+$/;

function folderOf(workspaceDir: string): string {
  return join(workspaceDir, LEDGER_STATE_FOLDER);
}

function writeMarker(workspaceDir: string, name: string, content: object): void {
  try {
    mkdirSync(folderOf(workspaceDir), { recursive: true, mode: 0o700 });
    writeFileSync(join(folderOf(workspaceDir), name), `${JSON.stringify(content)}\n`, { mode: 0o600 });
  } catch (error) {
    console.error(`FloatDesk: could not note "${name}" in ${folderOf(workspaceDir)}:`, String(error));
  }
}

function removeMarker(workspaceDir: string, name: string): void {
  try {
    rmSync(join(folderOf(workspaceDir), name), { force: true });
  } catch {
    // Left behind, it only makes the next open check the whole ledger once more.
  }
}

function markerNames(workspaceDir: string): string[] {
  try {
    return readdirSync(folderOf(workspaceDir));
  } catch {
    return [];
  }
}

/** The ledger is created and migrated: from now on its loss is reported (idempotent). */
export function markLedgerInUse(workspaceDir: string, at: string): void {
  if (!existsSync(join(folderOf(workspaceDir), IN_USE))) writeMarker(workspaceDir, IN_USE, { since: at });
}

export function ledgerMarkedInUse(workspaceDir: string): boolean {
  return existsSync(join(folderOf(workspaceDir), IN_USE));
}

export function recordLedgerDamage(workspaceDir: string, at: string, problems: readonly string[]): void {
  writeMarker(workspaceDir, DAMAGED, { at, problems: problems.slice(0, 10) });
}

export function ledgerDamageRecorded(workspaceDir: string): boolean {
  return existsSync(join(folderOf(workspaceDir), DAMAGED));
}

export interface LedgerSessions {
  /** Sessions of processes on this machine that are gone: they never closed the ledger. */
  abandoned: string[];
  /** Sessions of other processes that may still have the ledger open. */
  others: number;
}

export function ledgerSessions(
  workspaceDir: string,
  alive: (pid: number) => boolean = isProcessAlive,
): LedgerSessions {
  const here = hostname();
  const sessions: LedgerSessions = { abandoned: [], others: 0 };
  for (const name of markerNames(workspaceDir)) {
    const match = SESSION.exec(name);
    if (!match) continue;
    const pid = Number(match[2]);
    if (match[1] === here && pid !== process.pid && !alive(pid)) sessions.abandoned.push(name);
    else sessions.others++;
  }
  return sessions;
}

/** After a full check passed: what the abandoned sessions and an old damage report called for is done. */
export function clearCheckedMarkers(workspaceDir: string, abandoned: readonly string[]): void {
  for (const name of abandoned) removeMarker(workspaceDir, name);
  removeMarker(workspaceDir, DAMAGED);
}

/** Notes that this process has the ledger open; the returned function notes that it closed it. */
export function beginLedgerSession(workspaceDir: string, at: string): () => void {
  const name = `open-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeMarker(workspaceDir, name, { pid: process.pid, since: at });
  return () => removeMarker(workspaceDir, name);
}

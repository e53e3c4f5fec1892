/**
 * Stops writing into a ledger found damaged while it is open (the background integrity check): the
 * writer connection is switched to `query_only`, so no statement from any service can change the
 * file any more, and every channel that would write is refused up front with the damage, before it
 * does anything else (a top-up must not reach the platform when its record cannot be kept).
 * Reading channels keep answering, so a person can still look at and export what is there.
 */
import type { Channel } from '../../../shared/ipc/channels';
import type { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from './db';
import { translateStorageError } from './storage-errors';

/**
 * Channels that only read the ledger (or the network). Every other channel writes, and is refused
 * while writing is stopped: a new channel is refused until it is listed here.
 */
export const READING_CHANNELS: ReadonlySet<Channel> = new Set<Channel>([
  'app:status',
  'app:diagnostics',
  'floats:list',
  'floats:history',
  'floats:insights',
  'notifications:list',
  'sync:cancel',
  'sync:status',
  'transfers:list',
  'transfers:options',
  'transfers:detail',
  'transfers:drafts.list',
  'settings:get',
  'settings:bank-details.get',
  'journals:mapping.get',
  'journals:mapping.export',
  'workspaces:list',
  'connection:get',
  'connection:test',
  'recon:profiles.list',
  'recon:summary',
  'recon:items',
  // Checks a match by hand would pass, and writes nothing.
  'recon:match.check',
  'recon:suggestions',
  'recon:rollforward',
  'journals:preview',
  // Reads a rates file's text; stores nothing.
  'journals:rates.read',
  'recon:opening.list',
  'recon:signoffs',
  'recon:signoff.report',
  'recon:settings.get',
  'recon:open-totals',
  'export:start',
  'export:cancel',
  'catalogue:search',
  'catalogue:brand',
  'catalogue:face-value.check',
  'catalogue:changes',
  'catalogue:templates',
  'catalogue:template.preview',
  'catalogue:asset',
  // Asks the team's database; writes nothing here.
  'team:status',
  'team:conflicts',
  'team:overview',
]);

/** SQLite's answer to a write on a query_only connection. */
function isReadOnlyRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_READONLY');
}

export class LedgerWriteGuard {
  private stopped: AppError | null = null;

  constructor(private readonly db: Ledger) {}

  /** Why writing stopped, or null while the ledger may be written. */
  get damage(): AppError | null {
    return this.stopped;
  }

  /** From now on nothing is written through this connection; `why` is what every refusal says. */
  stopWrites(why: AppError): void {
    this.stopped = why;
    if (this.db.open) this.db.pragma('query_only = ON');
  }

  /** Throws the damage for a channel that would write, once writing has stopped. */
  check(channel: Channel): void {
    if (this.stopped !== null && !READING_CHANNELS.has(channel)) throw this.stopped;
  }

  /** A storage failure in words; a write refused because writing stopped is the damage itself. */
  translate(error: unknown): unknown {
    if (this.stopped !== null && isReadOnlyRefusal(error)) return this.stopped;
    return translateStorageError(error, this.db.name);
  }
}

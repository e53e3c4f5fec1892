/**
 * What every reconciliation use case is given: the ledger, the workspace, the clock and who acts.
 */
import type { FormatPreferences } from '../../../shared/domain/formats';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import { SettingsRepository } from '../ledger/repositories/settings';
import { workspaceFormat } from '../settings/word-format';
import type { DecisionState } from './decision-state';
import { ledgerVersion, loadAll, loadWorld } from './load';
import type { Locks, MatchOptions } from './match/types';
import type { AutoMatchPolicy } from './policy/auto-match-policy';
import { optionsWithPolicy, readPolicy } from './policy/recon-settings';
import { engineLocks, locksInForce, type LockIndex } from './signoff/locks';
import type { ReconWorld } from './world';

export interface ReconContext {
  db: Ledger;
  workspaceId: number;
  /** UTC ISO 8601 ending in Z, from the injected clock. */
  now(): string;
  /** Today (UTC) as YYYY-MM-DD: the default as-of date. */
  today(): string;
  /** A person in the app, or a person at the command line. */
  actor: 'user' | 'cli';
  /**
   * Set when the decision is a colleague's, taken from the team's log (or made here only to follow
   * the team's order): recorded as 'sync' under the colleague's name, and never shared again.
   */
  fromTeam?: boolean;
  /**
   * The person's name as set in Settings now (read at each decision, so a record keeps the name of
   * its time); null when none is set, and always for the command line (a scheduled run).
   */
  actorName(): string | null;
  /** How the sentences built for a person write money and dates: Settings → Format as stored now. */
  format(): FormatPreferences;
  /** Matching thresholds given by the caller (defaults: match/options.ts); see matchOptions. */
  options: MatchOptions;
  /** Settings → Reconciliation as stored now (defaults until first saved). */
  policy(): AutoMatchPolicy;
  /** The thresholds in force: `options` with the policy's tolerance per currency. */
  matchOptions(): MatchOptions;
  /** Signed-off items (period close), by row and decision: what decisions refuse to change. */
  lockIndex(): LockIndex;
  /** The same locks as the matcher and the states read them: never changed by automatic passes. */
  locks(): Locks;
}

export function reconContext(
  db: Ledger,
  workspaceId: number,
  clock: Clock,
  actor: 'user' | 'cli',
  options: MatchOptions = {},
): ReconContext {
  const context: ReconContext = {
    db,
    workspaceId,
    now: () => isoNow(clock),
    today: () => isoNow(clock).slice(0, 10),
    actor,
    actorName: () =>
      actor === 'cli' ? null : (new SettingsRepository(db).get(workspaceId)?.signerName ?? null),
    format: () => workspaceFormat(db, workspaceId),
    options,
    policy: () => readPolicy(db, workspaceId),
    matchOptions: () => optionsWithPolicy(options, readPolicy(db, workspaceId)),
    lockIndex: () => locksInForce(db, workspaceId, ledgerVersion(context)),
    locks: () => engineLocks(context.lockIndex(), loadWorld(context)),
  };
  return context;
}

/** `{by: name}` for an audit entry's details when a name is set (the person who acted), else nothing. */
/** Who the audit log names: 'sync' for what came from the team (under the colleague's name). */
export function auditActor(context: Pick<ReconContext, 'actor' | 'fromTeam'>): 'user' | 'cli' | 'sync' {
  return context.fromTeam === true ? 'sync' : context.actor;
}

export function byName(name: string | null): { by?: string } {
  return name === null ? {} : { by: name };
}

/** The context with these locks in force, whatever the ledger says later (one ledger version). */
export function withLocks(context: ReconContext, index: LockIndex, world: ReconWorld): ReconContext {
  let engine: Locks | undefined;
  return { ...context, lockIndex: () => index, locks: () => (engine ??= engineLocks(index, world)) };
}

export interface Reading {
  /** Answers the locks read with the items and decisions below. */
  context: ReconContext;
  world: ReconWorld;
  state: DecisionState;
  /** Where the inputs stood when they were read (what a derived value kept in the file is keyed by). */
  inputsVersion: number;
}

/**
 * Items, decisions and locks read in one transaction (the caller's, or a read transaction of its
 * own), so all three come from one ledger version; use the returned context for what follows.
 */
export function readWithLocks(context: ReconContext): Reading {
  const read = (index: () => LockIndex): Reading => {
    const { world, state } = loadAll(context);
    const inputsVersion = new ReconReadingsRepository(context.db).inputsVersion();
    return { context: withLocks(context, index(), world), world, state, inputsVersion };
  };
  if (context.db.inTransaction) return read(context.lockIndex);
  // A read transaction of its own writes nothing: its locks are committed ones, kept for the next
  // question (and the results derived from them, memo.ts).
  const { db, workspaceId } = context;
  return db
    .transaction(() => read(() => locksInForce(db, workspaceId, ledgerVersion(context), true)))
    .deferred();
}

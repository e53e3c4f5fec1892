/**
 * Reading a workspace's reconciliation inputs and decisions from the ledger, kept while the ledger
 * is unchanged: the summary, the items and the suggestions a screen asks for one after the other
 * read the ledger once. "Unchanged": `PRAGMA data_version` moves when another connection commits,
 * the inputs' version (migration 0020) when anything the reconciliation reads changes — and not
 * when this connection keeps a derived value. What is returned is shared: callers never modify it.
 */
import type { Ledger } from '../ledger/db';
import { BankStatementsRepository } from '../ledger/repositories/bank-statements';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import { ReconInputsRepository } from '../ledger/repositories/recon-inputs';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import type { ReconContext } from './context';
import { loadDecisionState, type DecisionState } from './decision-state';
import { buildWorld, type ReconWorld } from './world';

export interface Loaded {
  version: string;
  world: ReconWorld;
  /** Undefined after a decision: the items are as they were, the decisions are read again. */
  state: DecisionState | undefined;
}

const cache = new WeakMap<Ledger, Map<number, Loaded>>();

function versionOf(db: Ledger): string {
  const data = db.pragma('data_version', { simple: true }) as number;
  return `${data}:${new ReconReadingsRepository(db).inputsVersion()}`;
}

function entries(context: ReconContext): Map<number, Loaded> {
  let byWorkspace = cache.get(context.db);
  if (byWorkspace === undefined) {
    byWorkspace = new Map();
    cache.set(context.db, byWorkspace);
  }
  return byWorkspace;
}

function read(context: ReconContext): { world: ReconWorld; state: DecisionState } {
  const version = versionOf(context.db);
  const known = entries(context).get(context.workspaceId);
  const world =
    known !== undefined && known.version === version
      ? known.world
      : buildWorld(
          new BankStatementsRepository(context.db).listLines(context.workspaceId),
          new ReconInputsRepository(context.db).requests(context.workspaceId),
        );
  const state =
    known !== undefined && known.version === version && known.state !== undefined
      ? known.state
      : loadDecisionState(new ReconDecisionsRepository(context.db), context.workspaceId);
  entries(context).set(context.workspaceId, { version, world, state });
  return { world, state };
}

/** Items and decisions, read in one transaction (the caller's, or a read transaction of its own). */
export function loadAll(context: ReconContext): { world: ReconWorld; state: DecisionState } {
  return context.db.inTransaction ? read(context) : context.db.transaction(() => read(context)).deferred();
}

/**
 * After a write whose effect on the items and decisions the caller knows (a run adds matches): keep
 * the result as the ledger's current reading instead of reading it all again.
 */
export function remember(context: ReconContext, loaded: Loaded): void {
  entries(context).set(context.workspaceId, loaded);
}

/**
 * After a decision (which changes decisions only): the items read at `before` still hold at
 * `after`, if nothing else was written in between; the decisions are read again when asked for.
 */
export function keepItems(context: ReconContext, before: string, after: string): void {
  const known = entries(context).get(context.workspaceId);
  if (known?.version === before) remember(context, { version: after, world: known.world, state: undefined });
}

/** The ledger's version now (read inside a write transaction, before and after its writes). */
export function ledgerVersion(context: ReconContext): string {
  return versionOf(context.db);
}

export function loadWorld(context: ReconContext): ReconWorld {
  return loadAll(context).world;
}

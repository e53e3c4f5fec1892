/**
 * After each exchange: the team's changes not made here, in the team's order — first those still
 * waiting for their items, then those new since the last exchange (never the whole log again) —
 * each applied in a savepoint of its own with the record of what became of it.
 */
import { AppError } from '../../../../shared/ipc/errors';
import type { Ledger } from '../../ledger/db';
import { TeamAppliedRepository, type ChangeToApply } from '../../ledger/repositories/team-applied';
import { TeamConflictsRepository } from '../../ledger/repositories/team-conflicts';
import { ReconReadingsRepository } from '../../ledger/repositories/recon-readings';
import { reconContext } from '../../recon/context';
import { loadWorld } from '../../recon/load';
import { applierOf, payloadOf, registerApplier, type ApplyEnv, type Outcome } from './appliers';
import { applyDecision } from './decision-applier';
import { localNames } from './local-names';
import { applySettle } from './settle-applier';
import { applyOpening, applyProfile, applySettings, applySubmission } from './settings-appliers';
import { applyReviewFamily, applySignOffFamily } from './signoff-applier';

registerApplier('decision', applyDecision);
registerApplier('conflict', applySettle);
registerApplier('signoff', applySignOffFamily);
registerApplier('review', applyReviewFamily);
registerApplier('profile', applyProfile);
registerApplier('settings', applySettings);
registerApplier('opening', applyOpening);
registerApplier('transfer', applySubmission);

/** Changes applied per transaction: as many as a pulled page (team-exchange.ts), so a long pull commits (and syncs) a few times. */
const PAGE = 20_000;

/** One change, inside the caller's transaction; what became of it is recorded with it. */
function applyOne(env: ApplyEnv, change: ChangeToApply): void {
  const { workspaceId, applied, conflicts } = env;
  const applier = applierOf(change.kind);
  if (applier === undefined) return;
  let outcome: Outcome | null;
  try {
    outcome = applier(change, env);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A signed-off item may be unlocked later; anything else this desktop refuses for good.
    outcome = { state: error.code === 'locked' ? 'pending' : 'skipped', note: error.message };
  }
  if (outcome === null) return;
  const payload = payloadOf(change);
  applied.recordSoon(workspaceId, {
    seq: change.seq,
    changeId: change.id,
    state: outcome.state,
    decisionId: outcome.state === 'applied' ? outcome.decisionId : null,
    actor: change.actor,
    actorName: typeof payload.actorName === 'string' ? payload.actorName : null,
    note: outcome.state === 'pending' || outcome.state === 'skipped' ? outcome.note : null,
  });
  if (outcome.state === 'conflict')
    conflicts.addConflict(workspaceId, change.subject, outcome.standingSeq, change.seq);
}

/** Run in one transaction with every outcome recorded written before it commits, none if it rolls back. */
function inTransaction(db: Ledger, applied: TeamAppliedRepository, apply: () => void): void {
  try {
    db.transaction(() => {
      apply();
      applied.flush();
    })();
  } catch (error) {
    applied.discard();
    throw error;
  }
}

/**
 * Apply what the last pull brought, and what still waits when something it may wait for changed
 * (a statement imported, the platform synced, a sign-off unlocked: the reconciliation's inputs; or
 * this desktop's own decisions just pushed). Returns how many changes still wait.
 */
export function applyTeamChanges(
  db: Ledger,
  workspaceId: number,
  now: () => string,
  options: {
    pushed?: boolean;
    /**
     * The page the exchange has just pulled and kept in the log, in the team's order: applied as it
     * is, not read back from the log, when it is what comes next here (it starts right after
     * applied_seq); otherwise the log is read as always.
     */
    kept?: readonly ChangeToApply[];
  } = {},
): number {
  const applied = new TeamAppliedRepository(db);
  const conflicts = new TeamConflictsRepository(db);
  const readings = new ReconReadingsRepository(db);
  const context = reconContext(db, workspaceId, () => new Date(now()), 'user');
  let env: ApplyEnv | undefined;
  const envOf = (): ApplyEnv =>
    (env ??= {
      db,
      workspaceId,
      context,
      applied,
      conflicts,
      names: localNames(loadWorld(context)),
      now,
      // What is recorded so far is written before anything else is: the reconciliation's code
      // reads the records too.
      write: (writes) => {
        applied.flush();
        return db.transaction(writes)();
      },
    });
  if (options.pushed === true || applied.retriedInputs(workspaceId) !== readings.inputsVersion()) {
    const waiting = applied.waiting(workspaceId);
    if (waiting.length > 0)
      inTransaction(db, applied, () => {
        for (const change of waiting) applyOne(envOf(), change);
      });
  }
  let from = applied.appliedSeq(workspaceId);
  const kept = options.kept;
  for (;;) {
    const page =
      kept !== undefined && kept.length > 0 && kept[0]!.seq === from + 1
        ? { lastSeq: kept.at(-1)!.seq, changes: applied.colleaguesOf(kept) }
        : applied.colleaguesPage(workspaceId, from, PAGE);
    if (page.lastSeq === null) break;
    from = page.lastSeq;
    // A page at a time, with how far it went: an exchange cut off applies nothing twice.
    inTransaction(db, applied, () => {
      for (const change of page.changes) applyOne(envOf(), change);
      applied.setAppliedSeq(workspaceId, from);
    });
  }
  applied.setRetriedInputs(workspaceId, readings.inputsVersion());
  return applied.pendingCount(workspaceId);
}

/**
 * recon:run — the matching passes over everything no decision covers yet. Automatic matches are
 * stored as auto_match decisions under one audit entry for the run — by who started it: a person in
 * the app (with their name from Settings) or a scheduled run from the command line — and the
 * suggestions replace the last run's, all in one transaction. With `preview` the same is computed
 * and nothing is written: the summary shows the ledger as the run would leave it.
 */
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import { ReconSuggestionsRepository } from '../ledger/repositories/recon-suggestions';
import { appendInTransaction } from './audit/audit-log';
import { byName, readWithLocks, type ReconContext } from './context';
import type { CurrentMatch, DecisionState } from './decision-state';
import { keptItemsAsOf } from './kept-items';
import { markRun, nothingNewSinceRun, summaryAsOf } from './kept-reading';
import { ledgerVersion, remember } from './load';
import { planRun, type RunPlan } from './plan';
import { plannedView } from './policy/planned-view';
import { summarize } from './report';
import { isOpenSuggestion, suggestionQueue } from './suggestions-view';
import { followEffect, type FollowRules } from './follow/follow-effect';
import { pendingLines, runAfterImport } from './follow/run-after-import';
import { matchedRows } from './option-rule';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import { decisionSharer } from '../team/shared-decision';

type RunOutput = ChannelOutput<'recon:run'>;

/** Stores the run's matches; returns them as they are now in force. */
function storeMatches(context: ReconContext, plan: RunPlan, asOf: string): CurrentMatch[] {
  const { db, workspaceId } = context;
  const repo = new ReconDecisionsRepository(db);
  const at = context.now();
  const actorName = context.actorName();
  const stored: CurrentMatch[] = [];
  const share = context.fromTeam === true ? undefined : decisionSharer(db, workspaceId);
  if (plan.matches.length > 0) {
    const firstId = repo.nextId();
    const byRule: Record<string, number> = {};
    for (const { match } of plan.matches) byRule[match.rule] = (byRule[match.rule] ?? 0) + 1;
    const entry = appendInTransaction(db, {
      workspaceId,
      at,
      actor: context.actor,
      action: 'match.automatic',
      subject: `run:${asOf}`,
      details: {
        asOf,
        matchesAdded: plan.matches.length,
        byRule,
        firstDecisionId: firstId,
        lastDecisionId: firstId + plan.matches.length - 1,
        ...byName(actorName),
      },
    });
    const covered = plan.matches.map((planned, index) => {
      const payload = { match: planned.match, lines: [...planned.lines], requests: [...planned.requests] };
      const id = repo.insert(workspaceId, firstId + index, {
        kind: 'auto_match',
        payload,
        actor: context.actor,
        actorName,
        createdAt: at,
        auditSeq: entry.seq,
      });
      stored.push({ decisionId: id, kind: 'auto_match', payload });
      return { decisionId: id, items: planned };
    });
    repo.addCurrentMany(workspaceId, 'match', covered);
    if (share !== undefined) for (const { decisionId } of covered) share(repo.get(workspaceId, decisionId)!);
  }
  return stored;
}

/** The state as it would be with the plan's matches stored (for a preview). */
function withPlan(state: DecisionState, plan: RunPlan): DecisionState {
  const planned: CurrentMatch[] = plan.matches.map((match) => ({
    decisionId: 0,
    kind: 'auto_match',
    payload: { match: match.match, lines: [...match.lines], requests: [...match.requests] },
  }));
  return { ...state, matches: [...state.matches, ...planned] };
}

export function runReconciliation(context: ReconContext, input: ChannelInput<'recon:run'>): RunOutput {
  const asOf = input.asOf ?? context.today();
  if (input.preview === true) {
    // Items, decisions and locks of one ledger version.
    const { context: read, world, state } = readWithLocks(context);
    const plan = planRun(world, state, read.matchOptions(), read.locks(), read.policy(), read.format());
    const after = withPlan(state, plan);
    return {
      summary: summarize(read, world, after, asOf, plan.suggestions.length),
      matchesAdded: plan.matches.length,
      suggestions: plan.suggestions.length,
      planned: plan.matches.map((match) => plannedView(world, match)),
    };
  }
  const outcome = context.db
    .transaction(() => {
      // Nothing the run reads has changed since the last run stored its result: running again would
      // find no match and the same suggestions (kept-reading.ts).
      if (nothingNewSinceRun(context)) return null;
      const readings = new ReconReadingsRepository(context.db);
      const before = readings.inputsVersion();
      const lines = pendingLines(context);
      const ran = lines === null ? runOverEverything(context, asOf) : runOverImported(context, asOf, lines);
      markRun(context);
      readings.clearPendingLines(context.workspaceId);
      return { ...ran, versions: { before, after: readings.inputsVersion() } };
    })
    .immediate();
  if (outcome === null) {
    const summary = summaryAsOf(context, asOf);
    return { summary, matchesAdded: 0, suggestions: summary.suggestions };
  }
  // The run changed only what it stored: no need to read everything again. A run changes no lock;
  // the locks are taken again now the run is committed, so the screen's next questions find the
  // summary worked out here (memo.ts) instead of working it out again.
  if (outcome.read !== null) remember(context, outcome.read);
  return afterRun(context, asOf, outcome, outcome.queue);
}

/** What one run stored, and how the kept suggestion queue follows it. */
interface Ran {
  plan: RunPlan;
  stored: CurrentMatch[];
  queue: FollowRules['queue'];
  /** Everything as read and as left by the run (for memo.ts), when the run read everything. */
  read: Parameters<typeof remember>[1] | null;
}

/** The run over every open item (inside the run's transaction). */
function runOverEverything(context: ReconContext, asOf: string): Ran {
  const loaded = readWithLocks(context);
  const plan = planRun(
    loaded.world,
    loaded.state,
    context.matchOptions(),
    loaded.context.locks(),
    context.policy(),
    context.format(),
  );
  const stored = storeMatches(context, plan, asOf);
  new ReconSuggestionsRepository(context.db).replace(context.workspaceId, plan.suggestions, context.now());
  const state = { ...loaded.state, matches: [...loaded.state.matches, ...stored] };
  // The queue: the run's suggestions still open, in its order.
  const open = isOpenSuggestion(loaded.world, matchedRows(state), state.settledKeys);
  const queue = plan.suggestions
    .filter((suggestion) => open({ ...suggestion, computedAt: '' }))
    .map((suggestion) => suggestion.key);
  return {
    plan,
    stored,
    queue: () => queue,
    read: { version: ledgerVersion(context), world: loaded.world, state },
  };
}

/**
 * The run after an import when only imports happened since the last run (follow/run-after-import.ts),
 * inside the run's transaction.
 */
function runOverImported(context: ReconContext, asOf: string, lines: readonly number[]): Ran {
  const scoped = runAfterImport(context, lines);
  const stored = storeMatches(context, scoped.plan, asOf);
  new ReconSuggestionsRepository(context.db).amend(
    context.workspaceId,
    scoped.removed,
    scoped.plan.suggestions,
    context.now(),
  );
  // The queue: the kept one without the suggestions that went, then the new ones still open.
  const matched = matchedRows({
    matches: stored,
    resolutions: [],
    declined: new Set(),
    settledKeys: new Set(),
  });
  const open = isOpenSuggestion(scoped.world, matched, new Set());
  const removed = new Set(scoped.removed);
  const added = scoped.plan.suggestions
    .filter((suggestion) => open({ ...suggestion, computedAt: '' }))
    .map((suggestion) => suggestion.key);
  const queue = (kept: readonly string[] | null): string[] | null => {
    if (kept === null) return null;
    const still = kept.filter((key) => !removed.has(key));
    const listed = new Set(still);
    return [...still, ...added.filter((key) => !listed.has(key))];
  };
  return { plan: scoped.plan, stored, queue, read: null };
}

/** What was kept before the run follows the matches it stored; the summary and rows are kept. */
function afterRun(
  context: ReconContext,
  asOf: string,
  outcome: { plan: RunPlan; stored: CurrentMatch[]; versions: { before: number; after: number } },
  queue: FollowRules['queue'],
): RunOutput {
  const matched = {
    lines: [...new Set(outcome.stored.flatMap((match) => match.payload.lines))],
    requests: [...new Set(outcome.stored.flatMap((match) => match.payload.requests))],
  };
  followEffect(context, outcome.versions, { ...matched, keys: [] }, { queue });
  const summary = summaryAsOf(context, asOf);
  // Kept in the file now, so the screen that follows, and a fresh start, read them as they are.
  keptItemsAsOf(context, asOf);
  suggestionQueue(context);
  return { summary, matchesAdded: outcome.plan.matches.length, suggestions: summary.suggestions };
}

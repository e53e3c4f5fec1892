/**
 * What is derived from the reconciliation's inputs and kept in the file (migration 0020), so that a
 * fresh start answers without reading the whole ledger: the summary as of a date, and the mark that
 * says a run would find nothing new. A kept value is keyed by the inputs' version it was derived
 * at, and by the matching options the caller gave (the command line can set its own thresholds).
 */
import type { ReconSummary } from '../../../shared/ipc/contract-recon';
import { canonicalJson } from '../../../shared/domain/canonical-json';
import { ReconReadingsRepository } from '../ledger/repositories/recon-readings';
import { readWithLocks, type ReconContext } from './context';
import { DEFAULT_SPLIT, DEFAULT_TOLERANCE, DEFAULT_WINDOW } from './match/options';
import { summarize } from './report';
import { openSuggestionCount } from './suggestions-view';

/** The options with the matcher's defaults filled in, in one spelling: equal thresholds, equal key. */
export function optionsKey(context: ReconContext): string {
  const { window, split, tolerance } = context.options;
  return canonicalJson({
    window: window ?? DEFAULT_WINDOW,
    split: split ?? DEFAULT_SPLIT,
    tolerance: { default: tolerance?.default ?? DEFAULT_TOLERANCE, byCurrency: tolerance?.byCurrency ?? {} },
  });
}

/**
 * Keeps a derived value if the ledger can take it now; says whether it did. A value not kept is
 * only worked out again later, so a ledger that is read-only (writing stopped after damage was
 * found) or busy with another process's write is no reason to fail the question that derived it.
 */
export function keep(context: ReconContext, write: () => boolean | void): boolean {
  try {
    return context.db.transaction(() => write() !== false).immediate();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_BUSY')))
      return false;
    throw error;
  }
}

/** The summary as of the date: kept from an earlier question while the inputs are unchanged. */
export function summaryAsOf(context: ReconContext, asOf: string): ReconSummary {
  const key = optionsKey(context);
  const kept = new ReconReadingsRepository(context.db).summary(context.workspaceId, asOf, key);
  if (kept !== null) return kept;
  // Items, decisions and locks of one ledger version.
  const { context: read, world, state, inputsVersion } = readWithLocks(context);
  const summary = summarize(read, world, state, asOf, openSuggestionCount(read, world, state));
  keep(context, () =>
    new ReconReadingsRepository(context.db).saveSummary(
      context.workspaceId,
      asOf,
      key,
      inputsVersion,
      summary,
    ),
  );
  return summary;
}

/** Whether nothing the reconciliation reads has changed since the last run (with these options). */
export function nothingNewSinceRun(context: ReconContext): boolean {
  const repo = new ReconReadingsRepository(context.db);
  return repo.runMark(context.workspaceId, optionsKey(context)) === repo.inputsVersion();
}

/** Call in the run's transaction, after its writes. */
export function markRun(context: ReconContext): void {
  new ReconReadingsRepository(context.db).markRun(context.workspaceId, optionsKey(context));
}

/**
 * What the journals of a period are made from, read from the ledger. The period ends on the as-of
 * date and starts the day after the last earlier sign-off in force (else on the first of the as-of
 * month), so consecutive sign-offs post every day once. A sign-off in force as of that very date
 * gives its frozen report (what was signed, whatever changed since); without one the journals are
 * a DRAFT made from the report as of the date. The derived spend comes from the float roll-forward
 * of the period, with the report's matches as the payments.
 */
import { firstOfMonth, nextDay } from '../../../shared/domain/iso-dates';
import type { ReconItem } from '../../../shared/ipc/contract-reconcile';
import { ReconSignOffsRepository, type StoredSignOff } from '../ledger/repositories/recon-signoffs';
import { readWithLocks, type ReconContext } from '../reconcile/context';
import { readReport } from '../reconcile/period/frozen-report';
import { signOffState } from '../reconcile/period/sign-off-view';
import { allItems } from '../reconcile/report-items';
import { rollForwardReport } from '../reconcile/rollforward-report';
import { matchedReferencesOf, resolutionsOf, topUpsOf, type Period } from './report-facts';
import type { FloatSpend, PeriodFacts } from './types';

export interface PeriodSource {
  facts: PeriodFacts;
  /** Why the journals are a DRAFT, in words; null when a sign-off in force is their source. */
  draftWhy: string | null;
  /** What the journals leave out and why, in words (a float whose spend cannot be derived). */
  notes: string[];
}

const inForce = (signOff: StoredSignOff): boolean =>
  signOff.unlocked === null && signOffState(signOff) === 'signed_off';

function periodOf(signOffs: readonly StoredSignOff[], asOf: string): Period {
  const earlier = signOffs
    .filter((signOff) => inForce(signOff) && signOff.asOf < asOf)
    .reduce<string | null>(
      (last, signOff) => (last === null || signOff.asOf > last ? signOff.asOf : last),
      null,
    );
  return { from: earlier === null ? firstOfMonth(asOf) : nextDay(earlier), to: asOf };
}

function draftWhy(signOffs: readonly StoredSignOff[], asOf: string): string {
  const same = signOffs.filter((signOff) => signOff.asOf === asOf && signOff.unlocked === null);
  if (same.some((signOff) => signOffState(signOff) === 'awaiting_review'))
    return `the sign-off as of ${asOf} awaits a reviewer's approval`;
  return `nothing is signed off as of ${asOf}`;
}

function itemsOf(context: ReconContext, signOff: StoredSignOff | undefined, asOf: string): ReconItem[] {
  if (signOff !== undefined) {
    const stored = new ReconSignOffsRepository(context.db).report(context.workspaceId, signOff.id)!;
    return readReport(signOff.id, stored).items;
  }
  const { context: read, world, state } = readWithLocks(context);
  return allItems(read, world, state, asOf);
}

/**
 * `signOffId`: the facts as that sign-off froze them, in force or not (what an earlier export of a
 * period since unlocked and signed again was made from).
 */
export function readPeriodFacts(context: ReconContext, asOf: string, signOffId?: number): PeriodSource {
  return context.db
    .transaction((): PeriodSource => {
      const signOffs = new ReconSignOffsRepository(context.db).list(context.workspaceId);
      const source =
        signOffId !== undefined
          ? signOffs.find((signOff) => signOff.id === signOffId)
          : signOffs
              .filter((signOff) => signOff.asOf === asOf && inForce(signOff))
              .sort((a, b) => b.id - a.id)[0];
      const period = periodOf(signOffs, asOf);
      const items = itemsOf(context, source, asOf);
      const rollForward = rollForwardReport(context, period, matchedReferencesOf(items));
      const spend: FloatSpend[] = [];
      const notes: string[] = [];
      for (const float of rollForward.floats) {
        if (float.spend !== null)
          spend.push({ float: float.float, currency: float.currency, amount: float.spend.amount.amount });
        else
          notes.push(
            `No spend is posted for ${float.float} (${float.currency}): the roll-forward has no ${float.opening === null ? 'opening' : 'closing'} balance for the period. Enter it on the Reconciliation screen.`,
          );
      }
      return {
        facts: {
          period,
          asOf,
          signOffId: source?.id ?? null,
          topUps: topUpsOf(items, period),
          spend,
          resolutions: resolutionsOf(items, period),
        },
        draftWhy: source === undefined ? draftWhy(signOffs, asOf) : null,
        notes,
      };
    })
    .deferred();
}

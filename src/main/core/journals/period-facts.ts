/**
 * What the journals of a period are made from, read from the ledger. The period ends on the as-of
 * date and starts the day after the last earlier sign-off in force (else on the first of the as-of
 * month), so consecutive sign-offs post every day once. A sign-off in force as of that very date
 * gives its frozen report (what was signed, whatever changed since); without one the journals are
 * a DRAFT made from the report as of the date. The derived spend comes from the float roll-forward
 * of the period, with the report's matches as the payments. A top-up paid before the period that
 * the previous sign-off did not post (awaiting approval, or matched since) is taken in (report-facts.ts).
 */
import { firstOfMonth, nextDay } from '../../../shared/domain/iso-dates';
import type { ReconItem } from '../../../shared/ipc/contract-recon';
import { ReconSignOffsRepository, type StoredSignOff } from '../ledger/repositories/recon-signoffs';
import { readWithLocks, type ReconContext } from '../recon/context';
import { readReport } from '../recon/signoff/frozen-report';
import { signOffState } from '../recon/signoff/sign-off-view';
import { allItems } from '../recon/report-items';
import { rollForwardReport } from '../recon/rollforward-report';
import {
  matchedReferencesOf,
  postedReferencesOf,
  resolutionsOf,
  topUpsOf,
  type Period,
} from './report-facts';
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

/** The last sign-off in force before the as-of date: the period starts the day after it. */
function previousOf(signOffs: readonly StoredSignOff[], asOf: string): StoredSignOff | undefined {
  return signOffs
    .filter((signOff) => inForce(signOff) && signOff.asOf < asOf)
    .reduce<StoredSignOff | undefined>(
      (last, signOff) =>
        last === undefined || signOff.asOf > last.asOf || (signOff.asOf === last.asOf && signOff.id > last.id)
          ? signOff
          : last,
      undefined,
    );
}

function periodOf(previous: StoredSignOff | undefined, asOf: string): Period {
  return { from: previous === undefined ? firstOfMonth(asOf) : nextDay(previous.asOf), to: asOf };
}

function draftWhy(signOffs: readonly StoredSignOff[], asOf: string): string {
  const same = signOffs.filter((signOff) => signOff.asOf === asOf && signOff.unlocked === null);
  if (same.some((signOff) => signOffState(signOff) === 'awaiting_review'))
    return `the sign-off as of ${asOf} awaits a reviewer's approval`;
  return `nothing is signed off as of ${asOf}`;
}

function frozenItems(context: ReconContext, signOff: StoredSignOff): ReconItem[] {
  const stored = new ReconSignOffsRepository(context.db).report(context.workspaceId, signOff.id)!;
  return readReport(signOff.id, stored).items;
}

function itemsOf(context: ReconContext, signOff: StoredSignOff | undefined, asOf: string): ReconItem[] {
  if (signOff !== undefined) return frozenItems(context, signOff);
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
      const previous = previousOf(signOffs, asOf);
      const period = periodOf(previous, asOf);
      const items = itemsOf(context, source, asOf);
      const postedBefore = previous === undefined ? null : postedReferencesOf(frozenItems(context, previous));
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
          topUps: topUpsOf(items, period, postedBefore),
          spend,
          resolutions: resolutionsOf(items, period),
        },
        draftWhy: source === undefined ? draftWhy(signOffs, asOf) : null,
        notes,
      };
    })
    .deferred();
}

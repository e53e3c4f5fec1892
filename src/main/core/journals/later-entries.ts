/**
 * Entries for a top-up an earlier period's journals posted into its float, when the platform has
 * since changed it: removed or cancelled (reversed into a refund due), or approved for another
 * amount (the difference). Each is dated like the entry it corrects, so a conversion uses the same
 * rate and the float's account ends at what the platform holds.
 */
import type { AccountMapping } from './account-mapping';
import { line, nonZero, paidOn, referencesOf, roundingOf, rowFor } from './entry-rules';
import { absoluteAmount, negateAmount, sumAmounts } from './journal-amounts';
import type { JournalEntry, MatchedTopUp } from './types';

/**
 * Removed or cancelled at the platform after it was posted:
 * Dr refunds receivable at the bank amount / Cr prepaid float at what that entry posted, and the
 * difference it sent to variance taken back out. Dated like that entry, so a conversion reverses it
 * at the same rate.
 */
export function reversalEntry(sorted: MatchedTopUp, mapping: AccountMapping): JournalEntry {
  const { currency } = sorted;
  const first = rowFor(mapping, sorted.requests[0]!.float, currency);
  const references = referencesOf(sorted);
  const paid = negateAmount(
    sumAmounts(
      sorted.lines.map((bankLine) => bankLine.amount),
      currency,
    ),
    currency,
  );
  const floatLegs = sorted.requests.map((request) => {
    const posted = absoluteAmount(request.posted ?? '0', currency);
    return line(
      'float',
      negateAmount(posted, currency),
      `Top-up ${request.paymentReference} to float ${request.float} removed or cancelled at the platform after it was posted: ${posted} ${currency} out of the float`,
      request.paymentReference,
      rowFor(mapping, request.float, currency),
    );
  });
  const postedTotal = negateAmount(
    sumAmounts(
      floatLegs.map((floatLeg) => floatLeg.amount),
      currency,
    ),
    currency,
  );
  const varianceBack = negateAmount(
    sumAmounts([paid, negateAmount(postedTotal, currency)], currency),
    currency,
  );
  const floats = [...new Set(sorted.requests.map((request) => request.float))].join(', ');
  return nonZero(
    [
      line(
        'refunds',
        paid,
        `Refund due: top-up to float ${floats} removed or cancelled at the platform after it was posted`,
        references,
        first,
      ),
      ...floatLegs,
      line(
        'variance',
        varianceBack,
        `Paid ${paid} ${currency}, posted ${postedTotal} ${currency}: the difference taken back`,
        references,
        first,
      ),
    ],
    paidOn(sorted),
    roundingOf(first),
  );
}

/**
 * Approved for another amount after it was posted: the float takes the change of each request's
 * approved amount, and the variance gives it back (the bank paid what it paid).
 */
export function adjustmentEntry(sorted: MatchedTopUp, mapping: AccountMapping): JournalEntry {
  const { currency } = sorted;
  const first = rowFor(mapping, sorted.requests[0]!.float, currency);
  const floatLegs = sorted.requests.map((request) => {
    const now = absoluteAmount(request.approved!, currency);
    const posted = absoluteAmount(request.posted ?? request.approved!, currency);
    return line(
      'float',
      sumAmounts([now, negateAmount(posted, currency)], currency),
      `Top-up ${request.paymentReference} to float ${request.float}: approved amount changed at the platform from ${posted} to ${now} ${currency} after it was posted`,
      request.paymentReference,
      rowFor(mapping, request.float, currency),
    );
  });
  const change = sumAmounts(
    floatLegs.map((floatLeg) => floatLeg.amount),
    currency,
  );
  return nonZero(
    [
      ...floatLegs,
      line(
        'variance',
        negateAmount(change, currency),
        `Approved amount changed by ${change} ${currency} after the top-up was posted: the difference`,
        referencesOf(sorted),
        first,
      ),
    ],
    paidOn(sorted),
    roundingOf(first),
  );
}

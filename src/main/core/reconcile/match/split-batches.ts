/**
 * One payment for several requests: the requests a person registers together and then pays with
 * one transfer. Candidates are the combinations of 2..maxParts free requests of one currency and
 * one float registered within SPLIT_SPREAD_DAYS of each other; each combination's exact total is
 * kept in a map, so every payment is answered by one look-up of its amount — linear work, however
 * many payments and requests there are. A combination counts for a payment only when the payment
 * is within the window of every one of its requests.
 */
import { orderByDay } from './blocks';
import { FREE, type MatchContext } from './context';

/** Requests paid together were registered within this many days of each other. */
export const SPLIT_SPREAD_DAYS = 3;
/** Options kept when several combinations fit one payment. */
const MAX_TIED = 5;

/** Combinations by currency number, then by their exact total. */
type Batches = Map<bigint, number[][]>[];

export function requestBatches(context: MatchContext): Batches {
  const { maxParts, maxCandidates } = context.options;
  const batches: Batches = context.currencies.map(() => new Map<bigint, number[][]>());
  // Free requests by currency and float, each list in date order.
  const groups = new Map<string, number[]>();
  const ordered = orderByDay(context.requestDays, context.requestCount, context.requestState, FREE);
  for (let k = 0; k < ordered.length; k++) {
    const i = ordered[k] as number;
    const key = `${context.requestCurrencies[i]}\n${(context.requestSources[i] as { float: string }).float}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [i]);
    else group.push(i);
  }
  const chosen: number[] = [];
  for (const group of groups.values()) {
    const currency = context.requestCurrencies[group[0] as number] as number;
    const totals = batches[currency] as Map<bigint, number[][]>;
    // Every combination is listed once, from its first member in date order: the set of
    // combinations (all members within the spread of the earliest) does not depend on that order.
    let end = 0;
    for (let first = 0; first < group.length; first++) {
      const firstDay = context.requestDays[group[first] as number] as number;
      if (end < first + 1) end = first + 1;
      while (
        end < group.length &&
        (context.requestDays[group[end] as number] as number) <= firstDay + SPLIT_SPREAD_DAYS
      )
        end++;
      // Too many registered together to tell combinations apart: left to a person.
      if (end - first > maxCandidates) continue;
      chosen.length = 0;
      chosen.push(group[first] as number);
      const extend = (from: number, total: bigint): void => {
        for (let k = from; k < end; k++) {
          const request = group[k] as number;
          const sum = total + context.requestedOf(request);
          chosen.push(request);
          const list = totals.get(sum);
          if (list === undefined) totals.set(sum, [[...chosen]]);
          else list.push([...chosen]);
          if (chosen.length < maxParts) extend(k + 1, sum);
          chosen.pop();
        }
      };
      extend(first + 1, context.requestedOf(group[first] as number));
    }
  }
  return batches;
}

/** The combinations a payment could be: its exact amount, every request within its window. */
export function batchesFor(context: MatchContext, batches: Batches, line: number): number[][] {
  const list = (batches[context.lineCurrencies[line] as number] as Map<bigint, number[][]>).get(
    context.paidOf(line),
  );
  if (list === undefined) return [];
  const day = context.lineDays[line] as number;
  const found = list.filter((batch) =>
    batch.every((request) => context.inWindow(day, context.requestDays[request] as number)),
  );
  if (found.length < 2) return found;
  // Several: a tie for a person. A few of them, always the same few whatever the input order.
  const named = found.map((batch) => ({
    batch,
    name: batch
      .map((request) => context.references[request] as string)
      .sort()
      .join('\n'),
  }));
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return named.slice(0, MAX_TIED).map(({ batch }) => batch);
}

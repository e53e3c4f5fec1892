/**
 * The working set of one match run: the input tables (tables.ts), the thresholds, and what the
 * passes decided — plus the exact comparisons and texts every pass needs.
 */
import { exponentOf, fromScaled } from './amounts';
import { resolveOptions, resolveTolerance, toleranceFor, type ResolvedTolerance } from './options';
import { FREE, HELD, ItemTables, MATCHED, negationOf } from './tables';
import type { BankLine, Locks, Match, MatchOptions, MatchRequest, Suggestion } from './types';

export { FREE, HELD, MATCHED } from './tables';

export class MatchContext extends ItemTables {
  readonly matches: Match[] = [];
  readonly suggestions: Suggestion[] = [];
  private readonly tolerances: ResolvedTolerance[] = [];
  private readonly zeros: string[] = [];

  constructor(
    bankLines: readonly BankLine[],
    transferRequests: readonly MatchRequest[],
    options: MatchOptions,
    locks: Locks,
  ) {
    super(bankLines, transferRequests, resolveOptions(options), locks);
  }

  /** The exact canonical text of a scaled amount of currency number `currency`. */
  format(value: bigint, currency: number): string {
    const code = this.currencies[currency] as string;
    if (value === 0n) {
      let zero = this.zeros[currency];
      if (zero === undefined) {
        zero = fromScaled(0n, this.scales[currency] as number, exponentOf(code));
        this.zeros[currency] = zero;
      }
      return zero;
    }
    return fromScaled(value, this.scales[currency] as number, exponentOf(code));
  }

  tolerance(currency: number): ResolvedTolerance {
    let tolerance = this.tolerances[currency];
    if (tolerance === undefined) {
      const code = this.currencies[currency] as string;
      tolerance = resolveTolerance(this.options.toleranceSpec(code), this.scales[currency] as number);
      this.tolerances[currency] = tolerance;
    }
    return tolerance;
  }

  /** Tolerance for request `request`: the absolute one, or the percent of its requested amount if smaller. */
  toleranceFor(request: number): bigint {
    const currency = this.requestCurrencies[request] as number;
    return toleranceFor(this.tolerance(currency), this.requestedOf(request));
  }

  /** |paid − requested| or |paid − approved| of request `request`, whichever is smaller. */
  amountGap(paid: bigint, request: number): bigint {
    const requested = this.requestedOf(request);
    if (paid === requested) return 0n;
    const gap = paid > requested ? paid - requested : requested - paid;
    const approved = this.approvedOf(request);
    if (approved === null || approved === requested) return gap;
    const other = paid > approved ? paid - approved : approved - paid;
    return other < gap ? other : gap;
  }

  /**
   * Whether line `line` paid exactly the requested or the approved amount of request `request`.
   * Decided on the texts when they are written alike (the ledger writes amounts canonically), so
   * the common case needs no parsing; otherwise on the exact values.
   */
  paysExactly(line: number, request: number): boolean {
    if (this.lineCurrencies[line] !== this.requestCurrencies[request]) return false;
    const paid = this.lineAmounts[line] as string;
    if (negationOf(paid, this.requestedTexts[request] as string)) return true;
    const approved = this.approvedTexts[request] ?? null;
    if (approved !== null && negationOf(paid, approved)) return true;
    return this.amountGap(this.paidOf(line), request) === 0n;
  }

  /** Paid − requested of one line and one request, as text (no parsing when written alike). */
  differenceText(line: number, request: number): string {
    const currency = this.lineCurrencies[line] as number;
    if (negationOf(this.lineAmounts[line] as string, this.requestedTexts[request] as string)) {
      return this.format(0n, currency);
    }
    return this.format(this.paidOf(line) - this.requestedOf(request), currency);
  }

  /** Paid − approved of one line and one request, as text; null when there is no approved amount. */
  differenceApprovedText(line: number, request: number): string | null {
    const text = this.approvedTexts[request] ?? null;
    if (text === null) return null;
    const currency = this.lineCurrencies[line] as number;
    if (negationOf(this.lineAmounts[line] as string, text)) return this.format(0n, currency);
    return this.format(this.paidOf(line) - (this.approvedOf(request) as bigint), currency);
  }

  /** Whether a window of [−daysBefore, +daysAfter] days from the request's date holds the booking. */
  inWindow(lineDay: number, requestDay: number): boolean {
    const apart = lineDay - requestDay;
    return apart >= -this.options.daysBefore && apart <= this.options.daysAfter;
  }

  /** One line, one request: the common case. */
  acceptPair(match: Match, line: number, request: number): void {
    this.lineState[line] = MATCHED;
    this.requestState[request] = MATCHED;
    this.matches.push(match);
  }

  accept(match: Match, lines: readonly number[], requests: readonly number[]): void {
    for (const line of lines) this.lineState[line] = MATCHED;
    for (const request of requests) this.requestState[request] = MATCHED;
    this.matches.push(match);
  }

  hold(suggestion: Suggestion, lines: Iterable<number>, requests: Iterable<number>): void {
    for (const line of lines) if (this.lineState[line] === FREE) this.lineState[line] = HELD;
    for (const request of requests)
      if (this.requestState[request] === FREE) this.requestState[request] = HELD;
    this.suggestions.push(suggestion);
  }
}

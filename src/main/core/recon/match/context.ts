/**
 * The working set of one match run: the input tables (tables.ts), the thresholds, and what the
 * passes decided — plus the exact comparisons and texts every pass needs.
 */
import { exponentOf, fromScaled } from './amounts';
import { resolveOptions, resolveTolerance, toleranceFor, type ResolvedTolerance } from './options';
import {
  APPROVED_AS_REQUESTED,
  APPROVED_OTHER,
  FREE,
  HELD,
  MATCHED,
  NO_APPROVED,
  negationOf,
} from './item-state';
import { ItemTables } from './tables';
import type { BankLine, Locks, Match, MatchOptions, MatchRequest, Suggestion } from './types';

export { FREE, HELD, MATCHED } from './item-state';

export class MatchContext extends ItemTables {
  readonly matches: Match[] = [];
  readonly suggestions: Suggestion[] = [];
  private readonly tolerances: ResolvedTolerance[] = [];
  private readonly zeros: string[] = [];
  /** Per currency, the text of its absolute tolerance (the tolerance of most requests). */
  private readonly toleranceTexts: string[] = [];

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

  /** The text of a tolerance (format), one shared string when it is the currency's absolute one. */
  toleranceText(value: bigint, currency: number): string {
    if (value !== this.tolerance(currency).absolute) return this.format(value, currency);
    let text = this.toleranceTexts[currency];
    if (text === undefined) {
      text = this.format(value, currency);
      this.toleranceTexts[currency] = text;
    }
    return text;
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
    const paid = this.lineAmountOf(line);
    if (negationOf(paid, this.requestedTextOf(request))) return true;
    if (
      this.approvedKinds[request] === APPROVED_OTHER &&
      negationOf(paid, this.approvedTextOf(request) as string)
    ) {
      return true;
    }
    return this.amountGap(this.paidOf(line), request) === 0n;
  }

  /** Paid − requested of one line and one request, as text (no parsing when written alike). */
  differenceText(line: number, request: number): string {
    const currency = this.lineCurrencies[line] as number;
    if (negationOf(this.lineAmountOf(line), this.requestedTextOf(request))) {
      return this.format(0n, currency);
    }
    return this.format(this.paidOf(line) - this.requestedOf(request), currency);
  }

  /**
   * Paid − approved of one line and one request, as text; null when there is no approved amount.
   * `difference`: differenceText(line, request) when already known (the same when approved as
   * requested).
   */
  differenceApprovedText(line: number, request: number, difference?: string): string | null {
    const kind = this.approvedKinds[request];
    if (kind === NO_APPROVED) return null;
    if (kind === APPROVED_AS_REQUESTED && difference !== undefined) return difference;
    const text = this.approvedTextOf(request) as string;
    const currency = this.lineCurrencies[line] as number;
    if (negationOf(this.lineAmountOf(line), text)) return this.format(0n, currency);
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

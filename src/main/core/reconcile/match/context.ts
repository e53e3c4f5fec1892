/**
 * The working set of one match run: inputs read once (day numbers, normalised references, currency
 * numbers), which items each pass may still use, and what the passes decided. Passes see items by
 * index: line i is lineIds[i], lineDays[i], paidOf(i)…; request i is references[i], requestedOf(i)…
 * Amounts are exact BigInts in units of 10^-scale of their currency; each is read from its text on
 * first use (most lines are matched by reference with the amount written alike, and never parsed).
 */
import { dayNumber, exponentOf, fastScaled, fromScaled, significantDecimals, toScaled } from './amounts';
import { normaliseReference } from './normalise';
import {
  resolveOptions,
  resolveTolerance,
  toleranceDecimals,
  toleranceFor,
  type ResolvedOptions,
  type ResolvedTolerance,
} from './options';
import type { BankLine, Locks, Match, MatchOptions, MatchRequest, Suggestion } from './types';

/** Per item: free for the next pass, matched, or held in a suggestion for a person. */
export const FREE = 0;
export const MATCHED = 1;
export const HELD = 2;

/** Decimals a plain decimal text needs (trailing zeros do not count); −1 when it is not plain. */
function plainDecimals(text: string): number {
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const first = i;
  let point = -1;
  let lastNonZero = -1;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 && point < 0) point = i;
    else if (c < 48 || c > 57) return -1;
    else if (point >= 0 && c !== 48) lastNonZero = i;
  }
  if (i === first || point === first || point === text.length - 1) return -1;
  return point < 0 || lastNonZero < 0 ? 0 : lastNonZero - point;
}

/** −1 below zero, 0, 1 above: from the text alone when it is plain. */
function signOf(text: string): number {
  if (plainDecimals(text) < 0) {
    const value = toScaled(text, significantDecimals(text));
    return value < 0n ? -1 : value > 0n ? 1 : 0;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 49 && c <= 57) return text.charCodeAt(0) === 45 ? -1 : 1;
  }
  return 0;
}

/** Whether `negative` is written as "-" followed by exactly `positive`. */
function negationOf(negative: string, positive: string): boolean {
  return (
    negative.length === positive.length + 1 && negative.charCodeAt(0) === 45 && negative.endsWith(positive)
  );
}

export class MatchContext {
  // Bank lines (debits, not locked), by index: one array per field (compact, cache-friendly).
  lineCount = 0;
  readonly lineIds: string[];
  readonly lineSources: BankLine[];
  readonly lineCurrencies: Uint16Array;
  readonly lineDays: Int32Array;
  // Transfer requests (not locked), by index.
  requestCount = 0;
  readonly references: string[];
  /** normaliseReference(reference). */
  readonly keys: string[];
  readonly requestSources: MatchRequest[];
  readonly requestCurrencies: Uint16Array;
  readonly requestDays: Int32Array;

  readonly lineState: Uint8Array;
  readonly requestState: Uint8Array;
  readonly matches: Match[] = [];
  readonly suggestions: Suggestion[] = [];
  /** Credit and zero lines: not a payment, never matched. */
  readonly ignoredLines: string[] = [];
  readonly options: ResolvedOptions;
  /** Ids of the debit lines and requests that are locked (signed off), in input order. */
  readonly lockedLineIds: string[] = [];
  readonly lockedRequestReferences: string[] = [];
  /** Currency codes by their number in lineCurrencies / requestCurrencies. */
  readonly currencies: string[] = [];
  private readonly currencyIds = new Map<string, number>();
  private readonly scales: number[] = [];
  private readonly tolerances: ResolvedTolerance[] = [];
  private readonly zeros: string[] = [];
  // Exact amounts, read on first use (undefined until then).
  private readonly paid: (bigint | undefined)[];
  private readonly requested: (bigint | undefined)[];
  private readonly approved: (bigint | null | undefined)[];
  /** The approved amount's text when comparable (same currency as requested), else null. */
  private readonly approvedTexts: (string | null)[];

  constructor(
    bankLines: readonly BankLine[],
    transferRequests: readonly MatchRequest[],
    options: MatchOptions,
    readonly locks: Locks,
  ) {
    this.options = resolveOptions(options);
    const lockedLines = new Set<string>(locks.lineIds ?? []);
    const lockedRequests = new Set<string>(locks.requestReferences ?? []);
    for (const match of locks.matches ?? []) {
      for (const id of match.lineIds) lockedLines.add(id);
      for (const reference of match.requestReferences) lockedRequests.add(reference);
    }
    // Sized once (no growing while reading); trimmed to what was kept afterwards.
    const lines = bankLines.length;
    const requests = transferRequests.length;
    this.lineIds = new Array<string>(lines);
    this.lineSources = new Array<BankLine>(lines);
    this.lineCurrencies = new Uint16Array(lines);
    this.lineDays = new Int32Array(lines);
    this.references = new Array<string>(requests);
    this.keys = new Array<string>(requests);
    this.requestSources = new Array<MatchRequest>(requests);
    this.requestCurrencies = new Uint16Array(requests);
    this.requestDays = new Int32Array(requests);
    this.approvedTexts = new Array<string | null>(requests);

    const checkLines = lockedLines.size > 0;
    for (const line of bankLines) {
      const id = line.bankTransactionId;
      const currency = this.currencyId(line.currency);
      this.widen(currency, line.amount);
      if (signOf(line.amount) >= 0) {
        this.ignoredLines.push(id);
        continue;
      }
      if (checkLines && lockedLines.has(id)) {
        this.lockedLineIds.push(id);
        continue;
      }
      const i = this.lineCount++;
      this.lineIds[i] = id;
      this.lineSources[i] = line;
      this.lineCurrencies[i] = currency;
      this.lineDays[i] = dayNumber(line.bookingDate);
    }
    const checkRequests = lockedRequests.size > 0;
    for (const request of transferRequests) {
      const reference = request.paymentReference;
      if (checkRequests && lockedRequests.has(reference)) {
        this.lockedRequestReferences.push(reference);
        continue;
      }
      const currency = this.currencyId(request.requested.currency);
      this.widen(currency, request.requested.amount);
      const approved = request.approved;
      const comparable = approved !== null && approved.currency === request.requested.currency;
      if (comparable) this.widen(currency, approved.amount);
      const i = this.requestCount++;
      this.references[i] = reference;
      this.keys[i] = normaliseReference(reference);
      this.requestSources[i] = request;
      this.requestCurrencies[i] = currency;
      this.approvedTexts[i] = comparable ? approved.amount : null;
      this.requestDays[i] = dayNumber(request.createdAt);
    }
    for (const list of [this.lineIds, this.lineSources]) list.length = this.lineCount;
    for (const list of [this.references, this.keys, this.requestSources, this.approvedTexts]) {
      list.length = this.requestCount;
    }
    this.paid = new Array<bigint | undefined>(this.lineCount);
    this.requested = new Array<bigint | undefined>(this.requestCount);
    this.approved = new Array<bigint | null | undefined>(this.requestCount);
    this.lineState = new Uint8Array(this.lineCount);
    this.requestState = new Uint8Array(this.requestCount);
  }

  /** The number of a currency code (assigned on first sight). */
  currencyId(code: string): number {
    let id = this.currencyIds.get(code);
    if (id === undefined) {
      id = this.currencies.length;
      if (id > 0xffff) throw new Error('More than 65,536 currencies in one match');
      this.currencyIds.set(code, id);
      this.currencies.push(code);
      this.scales.push(Math.max(exponentOf(code), toleranceDecimals(this.options.toleranceSpec(code))));
    }
    return id;
  }

  /** Raises the currency's scale to hold `amount` exactly (an over-precise value is never rounded). */
  private widen(currency: number, amount: string): void {
    let needed = plainDecimals(amount);
    if (needed < 0) needed = significantDecimals(amount);
    if (needed > (this.scales[currency] as number)) this.scales[currency] = needed;
  }

  private scaled(amount: string, currency: number): bigint {
    const scale = this.scales[currency] as number;
    return fastScaled(amount, scale) ?? toScaled(amount, scale);
  }

  /** Money that left the account on line `line`: −amount, > 0. */
  paidOf(line: number): bigint {
    let value = this.paid[line];
    if (value === undefined) {
      value = -this.scaled((this.lineSources[line] as BankLine).amount, this.lineCurrencies[line] as number);
      this.paid[line] = value;
    }
    return value;
  }

  requestedOf(request: number): bigint {
    let value = this.requested[request];
    if (value === undefined) {
      const source = this.requestSources[request] as MatchRequest;
      value = this.scaled(source.requested.amount, this.requestCurrencies[request] as number);
      this.requested[request] = value;
    }
    return value;
  }

  /** Null when there is none, or when it is in another currency than the requested amount. */
  approvedOf(request: number): bigint | null {
    let value = this.approved[request];
    if (value === undefined) {
      const text = this.approvedTexts[request] ?? null;
      const source = this.requestSources[request] as MatchRequest;
      value =
        text === null
          ? null
          : text === source.requested.amount
            ? this.requestedOf(request)
            : this.scaled(text, this.requestCurrencies[request] as number);
      this.approved[request] = value;
    }
    return value;
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
    const paid = (this.lineSources[line] as BankLine).amount;
    const source = this.requestSources[request] as MatchRequest;
    if (negationOf(paid, source.requested.amount)) return true;
    const approved = this.approvedTexts[request] ?? null;
    if (approved !== null && negationOf(paid, approved)) return true;
    return this.amountGap(this.paidOf(line), request) === 0n;
  }

  /** Paid − requested of one line and one request, as text (no parsing when written alike). */
  differenceText(line: number, request: number): string {
    const currency = this.lineCurrencies[line] as number;
    const source = this.requestSources[request] as MatchRequest;
    if (negationOf((this.lineSources[line] as BankLine).amount, source.requested.amount)) {
      return this.format(0n, currency);
    }
    return this.format(this.paidOf(line) - this.requestedOf(request), currency);
  }

  /** Paid − approved of one line and one request, as text; null when there is no approved amount. */
  differenceApprovedText(line: number, request: number): string | null {
    const text = this.approvedTexts[request] ?? null;
    if (text === null) return null;
    const currency = this.lineCurrencies[line] as number;
    if (negationOf((this.lineSources[line] as BankLine).amount, text)) return this.format(0n, currency);
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

/**
 * The inputs of one match run, read once into flat tables: one array per field (compact, and what
 * a pass reads sits together in memory), day numbers, currency numbers, and the state of every item
 * (free, matched, held). Line i is lineIds[i], lineDays[i], paidOf(i)…; request i is references[i],
 * requestedOf(i)… Amounts are exact BigInts in units of 10^-scale of their currency (scale: the
 * ISO 4217 exponent, raised for the tolerance or an over-precise value); each is read from its
 * text on first use — most lines are matched by reference with the amount written alike, and are
 * never parsed.
 */
import { orderByDay } from './blocks';
import { dayNumber, exponentOf, fastScaled, scanAmount, significantDecimals, toScaled } from './amounts';
import { normaliseReference } from './normalise';
import { toleranceDecimals, type ResolvedOptions } from './options';
import type { BankLine, Locks, MatchRequest } from './types';

/** Per item: free for the next pass, matched, or held in a suggestion for a person. */
export const FREE = 0;
export const MATCHED = 1;
export const HELD = 2;

/** The items of `order` whose state is FREE, in that order. */
function onlyFree(order: Int32Array, state: Uint8Array): Int32Array {
  const kept = new Int32Array(order.length);
  let n = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    if (state[i] === FREE) kept[n++] = i;
  }
  return kept.subarray(0, n);
}

/** Whether `negative` is written as "-" followed by exactly `positive`. */
export function negationOf(negative: string, positive: string): boolean {
  return (
    negative.length === positive.length + 1 && negative.charCodeAt(0) === 45 && negative.endsWith(positive)
  );
}

export class ItemTables {
  // Bank lines (debits, not locked), by index: one array per field (compact, cache-friendly).
  lineCount = 0;
  readonly lineIds: string[];
  /** The line's fields the passes read, copied out of the line objects (fewer memory reads). */
  readonly lineAmounts: string[];
  readonly lineReferences: (string | null)[];
  readonly lineRemittances: (string | null)[];
  readonly lineCurrencies: Uint16Array;
  readonly lineDays: Int32Array;
  // Transfer requests (not locked), by index.
  requestCount = 0;
  readonly references: string[];
  /** normaliseReference(references[i]), computed on first use (keyOf, keysOf). */
  private readonly keys: string[];
  readonly requestSources: MatchRequest[];
  /** requestSources[i].requested.amount. */
  readonly requestedTexts: string[];
  readonly requestCurrencies: Uint16Array;
  readonly requestDays: Int32Array;

  readonly lineState: Uint8Array;
  readonly requestState: Uint8Array;
  /** One slot per line and per request, −1 between uses: for passes that renumber a few of them. */
  readonly lineScratch: Int32Array;
  readonly requestScratch: Int32Array;
  /** Credit and zero lines: not a payment, never matched. */
  readonly ignoredLines: string[] = [];
  /** Ids of the debit lines and requests that are locked (signed off), in input order. */
  readonly lockedLineIds: string[] = [];
  readonly lockedRequestReferences: string[] = [];
  /** Currency codes by their number in lineCurrencies / requestCurrencies. */
  readonly currencies: string[] = [];
  private readonly currencyIds = new Map<string, number>();
  protected readonly scales: number[] = [];
  // Exact amounts, read on first use (undefined until then).
  private readonly paid: (bigint | undefined)[];
  private readonly requested: (bigint | undefined)[];
  private readonly approved: (bigint | null | undefined)[];
  /** The approved amount's text when comparable (same currency as requested), else null. */
  readonly approvedTexts: (string | null)[];

  constructor(
    bankLines: readonly BankLine[],
    transferRequests: readonly MatchRequest[],
    readonly options: ResolvedOptions,
    readonly locks: Locks,
  ) {
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
    this.lineAmounts = new Array<string>(lines);
    this.lineReferences = new Array<string | null>(lines);
    this.lineRemittances = new Array<string | null>(lines);
    this.lineCurrencies = new Uint16Array(lines);
    this.lineDays = new Int32Array(lines);
    this.references = new Array<string>(requests);
    this.keys = new Array<string>(requests);
    this.requestSources = new Array<MatchRequest>(requests);
    this.requestedTexts = new Array<string>(requests);
    this.requestCurrencies = new Uint16Array(requests);
    this.requestDays = new Int32Array(requests);
    this.approvedTexts = new Array<string | null>(requests);

    const checkLines = lockedLines.size > 0;
    for (let n = 0; n < bankLines.length; n++) {
      const line = bankLines[n] as BankLine;
      const id = line.bankTransactionId;
      const currency = this.currencyId(line.currency);
      if (this.widen(currency, line.amount) >= 0) {
        this.ignoredLines.push(id);
        continue;
      }
      if (checkLines && lockedLines.has(id)) {
        this.lockedLineIds.push(id);
        continue;
      }
      const i = this.lineCount++;
      this.lineIds[i] = id;
      this.lineAmounts[i] = line.amount;
      this.lineReferences[i] = line.reference;
      this.lineRemittances[i] = line.remittance;
      this.lineCurrencies[i] = currency;
      this.lineDays[i] = dayNumber(line.bookingDate);
    }
    const checkRequests = lockedRequests.size > 0;
    for (let n = 0; n < transferRequests.length; n++) {
      const request = transferRequests[n] as MatchRequest;
      const reference = request.paymentReference;
      if (checkRequests && lockedRequests.has(reference)) {
        this.lockedRequestReferences.push(reference);
        continue;
      }
      const currency = this.currencyId(request.requested.currency);
      this.widen(currency, request.requested.amount);
      const approved = request.approved;
      const comparable = approved !== null && approved.currency === request.requested.currency;
      if (comparable && approved.amount !== request.requested.amount) this.widen(currency, approved.amount);
      const i = this.requestCount++;
      this.references[i] = reference;
      this.requestSources[i] = request;
      this.requestedTexts[i] = request.requested.amount;
      this.requestCurrencies[i] = currency;
      this.approvedTexts[i] = comparable ? approved.amount : null;
      this.requestDays[i] = dayNumber(request.createdAt);
    }
    for (const list of [this.lineIds, this.lineAmounts, this.lineReferences, this.lineRemittances]) {
      list.length = this.lineCount;
    }
    for (const list of [this.references, this.requestSources, this.requestedTexts, this.approvedTexts]) {
      list.length = this.requestCount;
    }
    this.paid = new Array<bigint | undefined>(this.lineCount);
    this.requested = new Array<bigint | undefined>(this.requestCount);
    this.approved = new Array<bigint | null | undefined>(this.requestCount);
    this.lineScratch = new Int32Array(this.lineCount).fill(-1);
    this.requestScratch = new Int32Array(this.requestCount).fill(-1);
    this.lineState = new Uint8Array(this.lineCount);
    this.requestState = new Uint8Array(this.requestCount);
  }

  private lastCode = '';
  private lastId = -1;

  /** The number of a currency code (assigned on first sight). */
  currencyId(code: string): number {
    if (code === this.lastCode) return this.lastId;
    let id = this.currencyIds.get(code);
    if (id === undefined) {
      id = this.currencies.length;
      if (id > 0xffff) throw new Error('More than 65,536 currencies in one match');
      this.currencyIds.set(code, id);
      this.currencies.push(code);
      this.scales.push(Math.max(exponentOf(code), toleranceDecimals(this.options.toleranceSpec(code))));
    }
    this.lastCode = code;
    this.lastId = id;
    return id;
  }

  /**
   * Raises the currency's scale to hold `amount` exactly (an over-precise value is never rounded);
   * returns the amount's sign.
   */
  private widen(currency: number, amount: string): number {
    const scan = scanAmount(amount);
    let needed: number;
    let sign: number;
    if (scan >= 0) {
      needed = scan >> 2;
      sign = (scan & 3) - 1;
    } else {
      needed = significantDecimals(amount);
      const value = toScaled(amount, needed);
      sign = value < 0n ? -1 : value > 0n ? 1 : 0;
    }
    if (needed > (this.scales[currency] as number)) this.scales[currency] = needed;
    return sign;
  }

  private scaled(amount: string, currency: number): bigint {
    const scale = this.scales[currency] as number;
    return fastScaled(amount, scale) ?? toScaled(amount, scale);
  }

  private lineOrder: Int32Array | null = null;
  private requestOrder: Int32Array | null = null;

  /** Free lines in date order (the order of all lines is sorted once, then filtered). */
  freeLinesByDay(): Int32Array {
    this.lineOrder ??= orderByDay(this.lineDays, this.lineCount, new Uint8Array(this.lineCount), FREE);
    return onlyFree(this.lineOrder, this.lineState);
  }

  /** Free requests in date order. */
  freeRequestsByDay(): Int32Array {
    this.requestOrder ??= orderByDay(
      this.requestDays,
      this.requestCount,
      new Uint8Array(this.requestCount),
      FREE,
    );
    return onlyFree(this.requestOrder, this.requestState);
  }

  /** The normalised payment reference of request `request`. */
  keyOf(request: number): string {
    let key = this.keys[request];
    if (key === undefined) {
      key = normaliseReference(this.references[request] as string);
      this.keys[request] = key;
    }
    return key;
  }

  /** The keys array with the keys of `requests` filled in (others may be missing). */
  keysOf(requests: ArrayLike<number>): readonly string[] {
    for (let k = 0; k < requests.length; k++) this.keyOf(requests[k] as number);
    return this.keys;
  }

  /** Money that left the account on line `line`: −amount, > 0. */
  paidOf(line: number): bigint {
    let value = this.paid[line];
    if (value === undefined) {
      value = -this.scaled(this.lineAmounts[line] as string, this.lineCurrencies[line] as number);
      this.paid[line] = value;
    }
    return value;
  }

  requestedOf(request: number): bigint {
    let value = this.requested[request];
    if (value === undefined) {
      value = this.scaled(this.requestedTexts[request] as string, this.requestCurrencies[request] as number);
      this.requested[request] = value;
    }
    return value;
  }

  /** Null when there is none, or when it is in another currency than the requested amount. */
  approvedOf(request: number): bigint | null {
    let value = this.approved[request];
    if (value === undefined) {
      const text = this.approvedTexts[request] ?? null;
      value =
        text === null
          ? null
          : text === this.requestedTexts[request]
            ? this.requestedOf(request)
            : this.scaled(text, this.requestCurrencies[request] as number);
      this.approved[request] = value;
    }
    return value;
  }
}

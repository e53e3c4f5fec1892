/**
 * The inputs of one match run, read once into flat tables: day numbers, currency numbers, and the
 * state of every item (free, matched, held), in typed arrays; the text fields the passes read most
 * in plain arrays (cache-friendly), the rest from the input objects (lineOf(i), requestOf(i)).
 * Typed arrays are kept few and reused (the `scratch` slots): V8 starts a full collection once about
 * 64 MB of them has been allocated since the last one, which at a million items cost a second.
 * Amounts are exact BigInts in units of 10^-scale of their currency (scale: the ISO 4217 exponent,
 * raised for the tolerance or an over-precise value); each is read from its text on first use — most
 * lines are matched by reference with the amount written alike, and are never parsed.
 */
import { orderByDay } from './blocks';
import { dayNumber } from './amounts';
import { CurrencyScales } from './currency-scales';
import { normaliseReference } from './normalise';
import type { ResolvedOptions } from './options';
import {
  APPROVED_AS_REQUESTED,
  APPROVED_OTHER,
  FREE,
  lockedItems,
  NO_APPROVED,
  onlyFree,
} from './item-state';
import type { BankLine, Locks, MatchMoney, MatchRequest } from './types';

export class ItemTables extends CurrencyScales {
  // Bank lines (debits, not locked), by index: line i is bankLines[lineSource[i]].
  lineCount = 0;
  /** Position in the input of each line kept. */
  private readonly lineSource: Int32Array;
  // The text fields the passes read most, copied into plain arrays (string pointers on the heap:
  // no typed-array memory, which is what sets off V8's full collections at a million items).
  private readonly lineIds: string[];
  private readonly lineAmounts: string[];
  private readonly lineReferences: (string | null)[];
  private readonly lineRemittances: (string | null)[];
  private readonly references: string[];
  private readonly requestedTexts: string[];
  readonly lineCurrencies: Uint16Array;
  readonly lineDays: Int32Array;
  // Transfer requests (not locked), by index: request i is transferRequests[requestSource[i]], or
  // transferRequests[i] when none is locked (requestSource null).
  requestCount = 0;
  private readonly requestSource: Int32Array | null;
  /** normaliseReference(referenceOf(i)), computed on first use (keyOf, keysOf). */
  private readonly keys: string[];
  readonly requestCurrencies: Uint16Array;
  readonly requestDays: Int32Array;
  /** NO_APPROVED, APPROVED_AS_REQUESTED or APPROVED_OTHER, per request. */
  readonly approvedKinds: Uint8Array;

  readonly lineState: Uint8Array;
  readonly requestState: Uint8Array;
  /**
   * One slot per line or request (whichever are more), −1 between uses: for passes that renumber or
   * mark a few of them (each use leaves it as it found it).
   */
  readonly scratch: Int32Array;
  /** Credit and zero lines: not a payment, never matched. */
  readonly ignoredLines: string[] = [];
  /** Ids of the debit lines and requests that are locked (signed off), in input order. */
  readonly lockedLineIds: string[] = [];
  readonly lockedRequestReferences: string[] = [];
  // Exact amounts, read on first use (undefined until then).
  private readonly paid: (bigint | undefined)[];
  private readonly requested: (bigint | undefined)[];
  private readonly approved: (bigint | null | undefined)[];

  constructor(
    private readonly bankLines: readonly BankLine[],
    private readonly transferRequests: readonly MatchRequest[],
    options: ResolvedOptions,
    readonly locks: Locks,
  ) {
    super(options);
    const { lockedLines, lockedRequests } = lockedItems(locks);
    // Sized once (no growing while reading); only the first lineCount / requestCount slots are used.
    const lines = bankLines.length;
    const requests = transferRequests.length;
    this.lineSource = new Int32Array(lines);
    this.lineIds = new Array<string>(lines);
    this.lineAmounts = new Array<string>(lines);
    this.lineReferences = new Array<string | null>(lines);
    this.lineRemittances = new Array<string | null>(lines);
    this.references = new Array<string>(requests);
    this.requestedTexts = new Array<string>(requests);
    this.lineCurrencies = new Uint16Array(lines);
    this.lineDays = new Int32Array(lines);
    const checkRequests = lockedRequests.size > 0;
    this.requestSource = checkRequests ? new Int32Array(requests) : null;
    this.requestCurrencies = new Uint16Array(requests);
    this.requestDays = new Int32Array(requests);
    this.approvedKinds = new Uint8Array(requests);

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
      this.lineSource[i] = n;
      this.lineIds[i] = id;
      this.lineAmounts[i] = line.amount;
      this.lineReferences[i] = line.reference ?? null;
      this.lineRemittances[i] = line.remittance ?? null;
      this.lineCurrencies[i] = currency;
      this.lineDays[i] = dayNumber(line.bookingDate);
    }
    for (let n = 0; n < transferRequests.length; n++) {
      const request = transferRequests[n] as MatchRequest;
      if (checkRequests && lockedRequests.has(request.paymentReference)) {
        this.lockedRequestReferences.push(request.paymentReference);
        continue;
      }
      const currency = this.currencyId(request.requested.currency);
      this.widen(currency, request.requested.amount);
      const approved = request.approved;
      const comparable = approved !== null && approved.currency === request.requested.currency;
      const same = comparable && approved.amount === request.requested.amount;
      if (comparable && !same) this.widen(currency, approved.amount);
      const i = this.requestCount++;
      this.approvedKinds[i] = !comparable ? NO_APPROVED : same ? APPROVED_AS_REQUESTED : APPROVED_OTHER;
      if (this.requestSource !== null) this.requestSource[i] = n;
      this.references[i] = request.paymentReference;
      this.requestedTexts[i] = request.requested.amount;
      this.requestCurrencies[i] = currency;
      this.requestDays[i] = dayNumber(request.createdAt);
    }
    this.keys = new Array<string>(this.requestCount);
    this.paid = new Array<bigint | undefined>(this.lineCount);
    this.requested = new Array<bigint | undefined>(this.requestCount);
    this.approved = new Array<bigint | null | undefined>(this.requestCount);
    this.scratch = new Int32Array(Math.max(this.lineCount, this.requestCount)).fill(-1);
    this.lineState = new Uint8Array(this.lineCount);
    this.requestState = new Uint8Array(this.requestCount);
  }

  /** The input object of line `line`. */
  lineOf(line: number): BankLine {
    return this.bankLines[this.lineSource[line] as number] as BankLine;
  }

  lineIdOf(line: number): string {
    return this.lineIds[line] as string;
  }

  /** The line's amount as written (negative: a debit). */
  lineAmountOf(line: number): string {
    return this.lineAmounts[line] as string;
  }

  lineReferenceOf(line: number): string | null {
    return this.lineReferences[line] as string | null;
  }

  lineRemittanceOf(line: number): string | null {
    return this.lineRemittances[line] as string | null;
  }

  /** The input object of request `request`. */
  requestOf(request: number): MatchRequest {
    const source = this.requestSource;
    return this.transferRequests[source === null ? request : (source[request] as number)] as MatchRequest;
  }

  /** The request's payment reference as written. */
  referenceOf(request: number): string {
    return this.references[request] as string;
  }

  /** The requested amount's text. */
  requestedTextOf(request: number): string {
    return this.requestedTexts[request] as string;
  }

  /** The approved amount's text when comparable (same currency as requested), else null. */
  approvedTextOf(request: number): string | null {
    const kind = this.approvedKinds[request];
    if (kind === NO_APPROVED) return null;
    const source = this.requestOf(request);
    return kind === APPROVED_AS_REQUESTED ? source.requested.amount : (source.approved as MatchMoney).amount;
  }

  private lineOrder: Int32Array | null = null;
  private requestOrder: Int32Array | null = null;

  /**
   * Free lines in date order. The lines free at the first call are sorted once; later calls filter
   * that order (an item never becomes free again). Read-only: it may be the cached order itself.
   */
  freeLinesByDay(): Int32Array {
    this.lineOrder ??= orderByDay(this.lineDays, this.lineCount, this.lineState, FREE);
    return onlyFree(this.lineOrder, this.lineState);
  }

  /** Free requests in date order (as freeLinesByDay). */
  freeRequestsByDay(): Int32Array {
    this.requestOrder ??= orderByDay(this.requestDays, this.requestCount, this.requestState, FREE);
    return onlyFree(this.requestOrder, this.requestState);
  }

  /** The normalised payment reference of request `request`. */
  keyOf(request: number): string {
    let key = this.keys[request];
    if (key === undefined) {
      key = normaliseReference(this.referenceOf(request));
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
      value = -this.scaled(this.lineAmountOf(line), this.lineCurrencies[line] as number);
      this.paid[line] = value;
    }
    return value;
  }

  requestedOf(request: number): bigint {
    let value = this.requested[request];
    if (value === undefined) {
      value = this.scaled(this.requestedTextOf(request), this.requestCurrencies[request] as number);
      this.requested[request] = value;
    }
    return value;
  }

  /** Null when there is none, or when it is in another currency than the requested amount. */
  approvedOf(request: number): bigint | null {
    let value = this.approved[request];
    if (value === undefined) {
      const kind = this.approvedKinds[request];
      value =
        kind === NO_APPROVED
          ? null
          : kind === APPROVED_AS_REQUESTED
            ? this.requestedOf(request)
            : this.scaled(this.approvedTextOf(request) as string, this.requestCurrencies[request] as number);
      this.approved[request] = value;
    }
    return value;
  }
}

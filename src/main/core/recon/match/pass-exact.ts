/**
 * Pass 1 — exact payment reference. A request's normalised reference found (a) as the whole of the
 * line's reference field, or (b) as a run of words inside the reference field or remittance text
 * (≥ MIN_SCANNED_REFERENCE_LENGTH characters). Amount and date do not matter here: the reference is
 * the evidence, and a differing amount becomes a variance later. Lines and requests linked by
 * references form components; only unambiguous components are matched:
 *   one line ↔ one request (same currency);
 *   one line naming several requests whose requested (or approved) amounts add up to it exactly;
 *   several lines naming one request whose payments add up to its requested (or approved) amount.
 * Anything else (a reference paid twice, a line naming two requests and paying one, a currency
 * that differs) becomes a suggestion, and its items wait for a person.
 */
import { components } from './components';
import { FREE, type MatchContext } from './context';
import { buildMatch, buildPair, compareOptions } from './evidence';
import { creditorCheckDigits } from './normalise';
import { ReferenceIndex } from './scan';
import { MIN_SCANNED_REFERENCE_LENGTH } from './options';
import { exactReferenceScore } from './score';
import type { Match, ReferenceEvidence } from './types';

const CURRENCY_DIFFERS_SCORE = 0.6;

/** (line, request) pairs linked by an exact reference, in flat arrays: edge e is line[e], request[e]. */
class Hits {
  line: Int32Array;
  request: Int32Array;
  /** 1 when found in the remittance text, 0 in the reference field. */
  remittance: Uint8Array;
  /** 1 when already known that the line pays the request's amount exactly. */
  exact: Uint8Array;
  count = 0;

  /** `expected`: about as many as there are lines (most name one request): no growing as a rule. */
  constructor(expected: number) {
    const capacity = Math.max(1024, expected);
    this.line = new Int32Array(capacity);
    this.request = new Int32Array(capacity);
    this.remittance = new Uint8Array(capacity);
    this.exact = new Uint8Array(capacity);
  }

  add(line: number, request: number, remittance: boolean, firstOfLine: number): void {
    for (let e = firstOfLine; e < this.count; e++) if (this.request[e] === request) return;
    if (this.count === this.line.length) {
      const grow = <T extends Int32Array | Uint8Array>(array: T, make: (n: number) => T): T => {
        const larger = make(array.length * 2);
        larger.set(array);
        return larger;
      };
      this.line = grow(this.line, (n) => new Int32Array(n));
      this.request = grow(this.request, (n) => new Int32Array(n));
      this.remittance = grow(this.remittance, (n) => new Uint8Array(n));
      this.exact = grow(this.exact, (n) => new Uint8Array(n));
    }
    this.line[this.count] = line;
    this.request[this.count] = request;
    this.remittance[this.count] = remittance ? 1 : 0;
    this.exact[this.count] = 0;
    this.count++;
  }
}

/** Every (line, request) pair an exact reference links, once each. */
function findHits(context: MatchContext): Hits {
  const index = new ReferenceIndex(
    { count: context.requestCount, at: (i) => context.referenceOf(i) },
    (i) => context.requestState[i] === FREE,
  );
  const hits = new Hits(context.lineCount);
  let firstOfLine = 0;
  let line = 0;
  let inRemittance = false;
  const add = (request: number): void => hits.add(line, request, inRemittance, firstOfLine);
  for (line = 0; line < context.lineCount; line++) {
    if (context.lineState[line] !== FREE) continue;
    const source = context.lineOf(line);
    const reference = source.reference ?? null;
    const remittance = source.remittance ?? null;
    firstOfLine = hits.count;
    if (reference !== null) {
      inRemittance = false;
      index.findWhole(reference, add);
      const found = hits.count - firstOfLine;
      // The structured reference names one request and the payment is its amount: the
      // remittance text cannot add anything, so it is not read.
      if (found === 1 && context.paysExactly(line, hits.request[firstOfLine] as number)) {
        hits.exact[firstOfLine] = 1;
        continue;
      }
      if (found === 0) index.findRuns(reference, MIN_SCANNED_REFERENCE_LENGTH, add);
    }
    if (remittance !== null) {
      inRemittance = true;
      index.findRuns(remittance, MIN_SCANNED_REFERENCE_LENGTH, add);
    }
  }
  return hits;
}

export function exactReferencePass(context: MatchContext): void {
  const hits = findHits(context);
  const evidence = (e: number): ReferenceEvidence => {
    const request = hits.request[e] as number;
    const text = context.keyOf(request);
    return {
      where: hits.remittance[e] === 1 ? 'remittance' : 'reference',
      text,
      requestReference: context.referenceOf(request),
      distance: 0,
      checkDigits: creditorCheckDigits(text),
    };
  };
  const pair = (e: number): Match => {
    const line = hits.line[e] as number;
    const request = hits.request[e] as number;
    // Another currency: the amounts cannot be compared, the reference alone is weaker evidence.
    let score = CURRENCY_DIFFERS_SCORE;
    if (hits.exact[e] === 1 || context.paysExactly(line, request)) score = 1;
    else if (context.requestCurrencies[request] === context.lineCurrencies[line]) {
      score = exactReferenceScore(
        context.amountGap(context.paidOf(line), request),
        context.toleranceFor(request),
      );
    }
    return buildPair(context, 'exact_reference', line, request, score, [evidence(e)], null);
  };
  const { singles, groups } = components(
    hits.count,
    hits.line,
    hits.request,
    context.lineCount,
    context.requestCount,
  );
  for (let s = 0; s < singles.length; s++) {
    const e = singles[s] as number;
    const line = hits.line[e] as number;
    const request = hits.request[e] as number;
    if (context.lineCurrencies[line] === context.requestCurrencies[request]) {
      context.acceptPair(pair(e), line, request);
    } else {
      context.hold(
        { rule: 'exact_reference', reason: 'weak_evidence', options: [pair(e)] },
        [line],
        [request],
      );
    }
  }
  for (const group of groups) {
    const lines = [...new Set(group.map((e) => hits.line[e] as number))];
    const requests = [...new Set(group.map((e) => hits.request[e] as number))];
    const currencies = new Set([
      ...lines.map((i) => context.lineCurrencies[i]),
      ...requests.map((i) => context.requestCurrencies[i]),
    ]);
    const star = lines.length === 1 || requests.length === 1;
    if (star && currencies.size === 1 && sumsAgree(context, lines, requests)) {
      context.accept(
        buildMatch(context, 'exact_reference', lines, requests, 1, group.map(evidence), null),
        lines,
        requests,
      );
      continue;
    }
    const options = group.map(pair).sort(compareOptions);
    context.hold(
      { rule: 'exact_reference', reason: currencies.size === 1 ? 'conflict' : 'weak_evidence', options },
      lines,
      requests,
    );
  }
}

/** The lines' payments add up exactly to the requests' requested amounts, or to their approved ones. */
function sumsAgree(context: MatchContext, lines: number[], requests: number[]): boolean {
  let paid = 0n;
  for (const i of lines) paid += context.paidOf(i);
  let requested = 0n;
  let approved: bigint | null = 0n;
  for (const i of requests) {
    requested += context.requestedOf(i);
    const approvedAmount = context.approvedOf(i);
    approved = approved === null || approvedAmount === null ? null : approved + approvedAmount;
  }
  return paid === requested || paid === approved;
}

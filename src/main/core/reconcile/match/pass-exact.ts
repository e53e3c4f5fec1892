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
import { components, type Edge } from './components';
import { FREE, type MatchContext } from './context';
import { buildMatch, buildPair, compareOptions } from './evidence';
import { creditorCheckDigits } from './normalise';
import { ReferenceIndex } from './scan';
import { MIN_SCANNED_REFERENCE_LENGTH } from './options';
import { exactReferenceScore } from './score';
import type { BankLine, Match, ReferenceEvidence } from './types';

const CURRENCY_DIFFERS_SCORE = 0.6;

interface Hit extends Edge {
  where: 'reference' | 'remittance';
  text: string;
}

/** Every (line, request) pair an exact reference links, once each. */
export function findHits(context: MatchContext): Hit[] {
  const index = new ReferenceIndex(context.keys, (i) => context.requestState[i] === FREE);
  const hits: Hit[] = [];
  let firstOfLine = 0;
  let line = 0;
  let where: Hit['where'] = 'reference';
  const add = (request: number): void => {
    for (let h = firstOfLine; h < hits.length; h++) if ((hits[h] as Hit).request === request) return;
    hits.push({ line, request, where, text: context.keys[request] as string });
  };
  for (line = 0; line < context.lineCount; line++) {
    if (context.lineState[line] !== FREE) continue;
    const { reference, remittance } = context.lineSources[line] as BankLine;
    firstOfLine = hits.length;
    if (reference !== null) {
      where = 'reference';
      index.findWhole(reference, add);
      const found = hits.length - firstOfLine;
      // The structured reference names one request and the payment is its amount: the
      // remittance text cannot add anything, so it is not read.
      if (found === 1 && context.paysExactly(line, (hits[firstOfLine] as Hit).request)) continue;
      if (found === 0) index.findRuns(reference, MIN_SCANNED_REFERENCE_LENGTH, add);
    }
    if (remittance !== null) {
      where = 'remittance';
      index.findRuns(remittance, MIN_SCANNED_REFERENCE_LENGTH, add);
    }
  }
  return hits;
}

export function exactReferencePass(context: MatchContext): void {
  const hits = findHits(context);
  const evidence = (hit: Hit): ReferenceEvidence => ({
    where: hit.where,
    text: hit.text,
    requestReference: context.references[hit.request] as string,
    distance: 0,
    checkDigits: creditorCheckDigits(hit.text),
  });
  const pair = (hit: Hit): Match => {
    const currency = context.lineCurrencies[hit.line] as number;
    // Another currency: the amounts cannot be compared, the reference alone is weaker evidence.
    let score = CURRENCY_DIFFERS_SCORE;
    if (context.paysExactly(hit.line, hit.request)) score = 1;
    else if (context.requestCurrencies[hit.request] === currency) {
      score = exactReferenceScore(
        context.amountGap(context.paidOf(hit.line), hit.request),
        context.toleranceFor(hit.request),
      );
    }
    return buildPair(context, 'exact_reference', hit.line, hit.request, score, [evidence(hit)], null);
  };
  const { singles, groups } = components(hits, context.lineCount, context.requestCount);
  for (const hit of singles) {
    if (context.lineCurrencies[hit.line] === context.requestCurrencies[hit.request]) {
      context.acceptPair(pair(hit), hit.line, hit.request);
    } else {
      context.hold(
        { rule: 'exact_reference', reason: 'weak_evidence', options: [pair(hit)] },
        [hit.line],
        [hit.request],
      );
    }
  }
  for (const group of groups) {
    const lines = [...new Set(group.map((hit) => hit.line))];
    const requests = [...new Set(group.map((hit) => hit.request))];
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

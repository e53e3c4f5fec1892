/** Bank lines and transfer requests for the matching-engine tests: short builders with defaults. */
import type { BankLine, Match, MatchRequest, PreviewResult } from '../../src/main/core/recon/match/types';

export function bankLine(
  id: string,
  amount: string,
  bookingDate: string,
  fields: Partial<Omit<BankLine, 'bankTransactionId' | 'amount' | 'bookingDate'>> = {},
): BankLine {
  return {
    bankTransactionId: id,
    bookingDate,
    valueDate: null,
    amount,
    currency: 'EUR',
    reference: null,
    remittance: null,
    counterpartyName: null,
    counterpartyAccount: null,
    sourceLine: 1,
    ...fields,
  };
}

export function transferRequest(
  reference: string,
  amount: string,
  date: string,
  fields: { currency?: string; float?: string; status?: string; approved?: string | null } = {},
): MatchRequest {
  const currency = fields.currency ?? 'EUR';
  const status = fields.status ?? 'pending';
  const approved = fields.approved !== undefined ? fields.approved : status === 'approved' ? amount : null;
  return {
    paymentReference: reference,
    createdAt: `${date}T10:30:00+01:00`,
    float: fields.float ?? 'Main',
    currency,
    requested: { amount, currency },
    approved: approved === null ? null : { amount: approved, currency },
    status,
  };
}

/** "L1+L2=R1" style: a match as its sorted line ids and request references, for comparisons. */
export function signature(match: Pick<Match, 'lineIds' | 'requestReferences'>): string {
  return `${[...match.lineIds].sort().join('+')}=${[...match.requestReferences].sort().join('+')}`;
}

export function signatures(result: PreviewResult): string[] {
  return result.matches.map(signature).sort();
}

/** The one match of a line, or undefined. */
export function matchOf(result: PreviewResult, lineId: string): Match | undefined {
  return result.matches.find((match) => match.lineIds.includes(lineId));
}

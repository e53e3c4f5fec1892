/**
 * Deterministic bank lines and transfer requests for bench/reconcile: a realistic mix of payments
 * carrying the exact reference (in the reference field, or typed into the remittance text), with a
 * typo, with no reference (amount and date only), splits (one payment for several requests, several
 * payments for one request), unpaid requests and unrelated payments. The daily volume is fixed
 * (PER_DAY cases a day), so a larger data set spans more days, as a ledger grows over time.
 * Lines come in booking-date order and requests newest first, as the ledger hands them over.
 */
import type { MatchRequest } from '../../src/main/core/recon/match/types';
import type { BankLine } from '../../src/shared/domain/statements';
import { generator } from '../transfer-rows';

export const PER_DAY = 100;
const CURRENCIES: ReadonlyArray<[string, number, number]> = [
  // code, exponent, weight
  ['EUR', 2, 40],
  ['GBP', 2, 25],
  ['USD', 2, 20],
  ['JPY', 0, 10],
  ['KWD', 3, 5],
];
const FLOATS = ['Main', 'Events', 'Rewards', 'Ops', 'Marketing', 'Incentives', 'Retail', 'Staff'];
const START_DAY = Date.UTC(2020, 0, 1) / 86_400_000;

export interface Planted {
  exactReference: number;
  exactInRemittance: number;
  fuzzy: number;
  amountOnly: number;
  splitOneToMany: number;
  splitManyToOne: number;
  unpaid: number;
  unrelated: number;
  credits: number;
}

function isoDay(day: number): string {
  return new Date((START_DAY + day) * 86_400_000).toISOString().slice(0, 10);
}

function text(minor: number, exponent: number): string {
  const digits = String(minor).padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** ISO 11649 check digits of a numeric body (mod 97 on digits, piece by piece). */
function creditorReference(body: string): string {
  let rest = 0;
  for (const char of `${body}271500`) rest = (rest * 10 + (char.charCodeAt(0) - 48)) % 97;
  return `RF${String(98 - rest).padStart(2, '0')}${body}`;
}

export function reconcileData(
  count: number,
  seed: number,
): { lines: BankLine[]; requests: MatchRequest[]; planted: Planted } {
  const random = generator(seed);
  const pick = (n: number): number => Math.floor(random() * n);
  const lines: BankLine[] = [];
  const requests: MatchRequest[] = [];
  const planted: Planted = {
    exactReference: 0,
    exactInRemittance: 0,
    fuzzy: 0,
    amountOnly: 0,
    splitOneToMany: 0,
    splitManyToOne: 0,
    unpaid: 0,
    unrelated: 0,
    credits: 0,
  };
  const totalWeight = CURRENCIES.reduce((sum, [, , weight]) => sum + weight, 0);
  const currency = (): [string, number] => {
    let draw = pick(totalWeight);
    for (const [code, exponent, weight] of CURRENCIES) {
      if (draw < weight) return [code, exponent];
      draw -= weight;
    }
    return ['EUR', 2];
  };
  let caseNo = 0;
  let sequence = 0;
  const reference = (code: string): string => {
    sequence++;
    return random() < 0.85
      ? creditorReference(String(1e13 + sequence * 7919 + pick(7919)).slice(-14))
      : `TOPUP-${code}-${String(sequence).padStart(7, '0')}`;
  };
  const amount = (exponent: number): number => {
    const major = 1000 + pick(50_000);
    const minor =
      random() < 0.03
        ? Math.floor(major / 1000) * 1000 * 10 ** exponent
        : major * 10 ** exponent + pick(10 ** exponent);
    return exponent === 0 ? minor * 150 : exponent === 3 ? Math.floor(minor / 4) : minor;
  };
  const status = (): string => {
    const draw = random();
    return draw < 0.7
      ? 'approved'
      : draw < 0.85
        ? 'pending'
        : draw < 0.93
          ? 'approved_edited'
          : draw < 0.97
            ? 'cancelled'
            : 'removed';
  };
  const request = (
    ref: string,
    code: string,
    exponent: number,
    minor: number,
    day: number,
    float: string,
    state = status(),
  ): void => {
    const approvedMinor =
      state === 'approved' ? minor : state === 'approved_edited' ? Math.max(1, minor - pick(5000)) : null;
    requests.push({
      paymentReference: ref,
      createdAt: `${isoDay(day)}T${String(8 + pick(10)).padStart(2, '0')}:${String(pick(60)).padStart(2, '0')}:00+01:00`,
      float,
      currency: code,
      requested: { amount: text(minor, exponent), currency: code },
      approved: approvedMinor === null ? null : { amount: text(approvedMinor, exponent), currency: code },
      status: state,
    });
  };
  const line = (
    code: string,
    exponent: number,
    minor: number,
    day: number,
    ref: string | null,
    remittance: string | null,
  ): void => {
    lines.push({
      bankTransactionId: `BT${String(lines.length).padStart(9, '0')}`,
      bookingDate: isoDay(day),
      valueDate: isoDay(day),
      amount: minor > 0 ? `-${text(minor, exponent)}` : text(-minor, exponent),
      currency: code,
      reference: ref,
      remittance,
      counterpartyName: 'GIFT CARD PLATFORM LTD',
      counterpartyAccount: 'GB33BUKB20201555555555',
      sourceLine: lines.length + 2,
    });
  };
  const grouped = (ref: string): string => ref.replace(/(.{4})(?!$)/g, '$1 ');
  while (requests.length < count) {
    caseNo++;
    const day = Math.floor(caseNo / PER_DAY);
    const [code, exponent] = currency();
    const float = FLOATS[pick(FLOATS.length)] as string;
    const minor = amount(exponent);
    const ref = reference(code);
    const paidDay = day + pick(3);
    const kind = random();
    if (kind < 0.565) {
      planted.exactReference++;
      request(ref, code, exponent, minor, day, float);
      const fee = random() < 0.05 ? 1 + pick(10 ** exponent) : 0;
      line(
        code,
        exponent,
        minor - fee,
        paidDay,
        random() < 0.6 ? grouped(ref) : ref.toLowerCase(),
        'FLOATDESK TOP-UP',
      );
    } else if (kind < 0.685) {
      planted.exactInRemittance++;
      request(ref, code, exponent, minor, day, float);
      line(code, exponent, minor, paidDay, 'NOTPROVIDED', `TOPUP ${grouped(ref)} INV ${pick(1000)}`);
    } else if (kind < 0.765) {
      planted.fuzzy++;
      request(ref, code, exponent, minor, day, float);
      line(code, exponent, minor, paidDay, grouped(typo(ref, random)), null);
    } else if (kind < 0.885) {
      planted.amountOnly++;
      request(ref, code, exponent, minor, day, float);
      line(
        code,
        exponent,
        minor,
        day + pick(5) - 1,
        null,
        random() < 0.5 ? 'TRANSFER TO GIFT CARD PLATFORM' : null,
      );
    } else if (kind < 0.905) {
      planted.splitOneToMany++;
      const parts = 2 + pick(2);
      let total = 0;
      for (let p = 0; p < parts; p++) {
        const part = amount(exponent);
        total += part;
        request(p === 0 ? ref : reference(code), code, exponent, part, day, float);
      }
      line(code, exponent, total, paidDay, null, 'TOP UP SEVERAL FLOATS');
    } else if (kind < 0.915) {
      planted.splitManyToOne++;
      request(ref, code, exponent, minor, day, float);
      const first = Math.floor(minor / 3) + pick(Math.floor(minor / 3));
      line(code, exponent, first, paidDay, null, 'PART PAYMENT 1');
      line(code, exponent, minor - first, paidDay + pick(2), null, 'PART PAYMENT 2');
    } else if (kind < 0.955) {
      planted.unpaid++;
      request(ref, code, exponent, minor, day, float, 'pending');
    } else if (kind < 0.99) {
      planted.unrelated++;
      line(code, exponent, amount(exponent), paidDay, `INV${pick(1e6)}`, 'SUPPLIER PAYMENT');
    } else {
      planted.credits++;
      line(code, exponent, -amount(exponent), paidDay, null, 'REFUND');
    }
  }
  requests.length = count;
  while (lines.length < count) {
    const [code, exponent] = currency();
    line(code, exponent, amount(exponent), Math.floor(caseNo / PER_DAY), null, 'CARD SETTLEMENT');
  }
  lines.length = count;
  // In the order the ledger hands them over: a statement's lines by booking date, requests newest
  // first (as TransferReadsRepository.list). The engine does not depend on it (shuffled() checks that).
  lines.sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : 0));
  requests.reverse();
  return { lines, requests, planted };
}

/** One typo in the digits: two neighbours swapped, or one digit changed. */
function typo(ref: string, random: () => number): string {
  const at = ref.length - 7 + Math.floor(random() * 6);
  const a = ref.charAt(at);
  const b = ref.charAt(at + 1);
  if (random() < 0.5 && a !== b) return `${ref.slice(0, at)}${b}${a}${ref.slice(at + 2)}`;
  return `${ref.slice(0, at)}${(Number(a) + 1) % 10}${ref.slice(at + 1)}`;
}

/** A shuffled copy (deterministic): the same items in no useful order. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = generator(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = swap;
  }
  return copy;
}

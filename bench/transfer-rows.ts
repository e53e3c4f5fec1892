/** Transfer-request rows for the benchmarks: deterministic, varied currencies, statuses and floats. */

const STATUSES = ['pending', 'approved', 'approved_edited', 'removed', 'cancelled'] as const;
const CURRENCIES: ReadonlyArray<[string, number]> = [
  ['GBP', 2],
  ['EUR', 2],
  ['USD', 2],
  ['JPY', 0],
  ['KWD', 3],
];
const FLOATS = ['Main', 'Events', 'Rewards "EU"', 'Ops £', 'Marketing'];

/** Deterministic pseudo-random numbers (mulberry32), so every run works on the same data. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function amountText(minor: number, exponent: number): string {
  const digits = String(minor).padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

export interface TransferRowValues {
  float: string;
  requested: { currency: string; amount: string };
  approved: { currency: string; amount: string } | null;
  payment_reference: string;
  status: string;
}

/** Row `index` without its creation time (each benchmark draws that its own way, afterwards). */
export function transferRow(random: () => number, index: number): TransferRowValues {
  const [currency, exponent] = CURRENCIES[index % CURRENCIES.length] as [string, number];
  const requestedMinor = 1 + Math.floor(random() * 9_999_999_999);
  const status = STATUSES[Math.floor(random() * STATUSES.length)] as string;
  const approvedMinor =
    status === 'pending' || status === 'cancelled'
      ? null
      : status === 'approved_edited'
        ? Math.max(1, requestedMinor - Math.floor(random() * 10_000))
        : requestedMinor;
  return {
    float: FLOATS[index % FLOATS.length] as string,
    requested: { currency, amount: amountText(requestedMinor, exponent) },
    approved: approvedMinor === null ? null : { currency, amount: amountText(approvedMinor, exponent) },
    payment_reference: `RF${String(10 + (index % 90))}${String(index).padStart(12, '0')}`,
    status,
  };
}

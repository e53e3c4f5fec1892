/**
 * The demo company's bank statement, consistent with the seeded requests: a CSV export of its
 * account over the last `days` days, as its bank would write it. Most top-ups are paid the day after
 * the request with its reference; a few quote the reference with a typing mistake, a few quote none
 * (only the amount and date tell), a few requests are not paid yet; the account also shows a bank
 * fee and payments that are not top-ups at all. Built from the world alone, never from the client.
 */
import type { SimTransfer, World } from '../model';
import { minorToDecimal } from '../json';
import { DAY, isoDate } from './common';

export const DEMO_STATEMENT_FILE_NAME = 'demo-bank-statement.csv';
const PLATFORM = 'GiftCard Platform Ltd';

/** A reference as a person might mistype it: two neighbouring characters swapped. */
function mistyped(reference: string): string {
  const at = Math.max(2, reference.length - 3);
  return `${reference.slice(0, at)}${reference[at + 1] ?? ''}${reference[at] ?? ''}${reference.slice(at + 2)}`;
}

const csvField = (text: string): string => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

interface Line {
  date: string;
  amount: string;
  currency: string;
  counterparty: string;
  reference: string;
  description: string;
}

function paymentOf(transfer: SimTransfer, index: number, lastDay: number): Line | null {
  if (transfer.status === 'removed' || transfer.status === 'cancelled') return null;
  if (index % 31 === 3) return null; // not paid yet: the request waits for its payment
  const amount = `-${minorToDecimal(transfer.requestedMinor, transfer.exponent)}`;
  const date = isoDate(Math.min(transfer.createdAt + DAY, lastDay));
  const base = { date, amount, currency: transfer.currency, counterparty: PLATFORM };
  const reference = transfer.paymentReference;
  if (index % 23 === 5)
    return { ...base, reference: mistyped(reference), description: `Float top-up ${transfer.float}` };
  if (index % 29 === 7) return { ...base, reference: '', description: `Float top-up ${transfer.float}` };
  return { ...base, reference, description: `Float top-up ${transfer.float} ${reference}` };
}

/** CSV text: Date, Amount, Currency, Counterparty, Reference, Description; oldest line first. */
export function demoBankStatement(world: World, days = 365): string {
  const lastDay = world.now;
  const since = lastDay - days * DAY;
  const recent = world.transfers.filter((t) => t.createdAt >= since && t.createdAt < lastDay);
  const lines: Line[] = recent
    .map((transfer, index) => paymentOf(transfer, index, lastDay))
    .filter((line): line is Line => line !== null);
  const first = world.floats[0];
  if (first) {
    const money = (major: bigint): string =>
      minorToDecimal(major * 10n ** BigInt(first.exponent), first.exponent);
    const day = (back: number): string => isoDate(lastDay - back * DAY);
    lines.push(
      {
        date: day(12),
        amount: `-${money(25n)}`,
        currency: first.currency,
        counterparty: 'Bank',
        reference: '',
        description: 'Charges for international payments',
      },
      {
        date: day(20),
        amount: `-${money(4_800n)}`,
        currency: first.currency,
        counterparty: 'Harbour Office Lettings',
        reference: 'RENT-NOV',
        description: 'Office rent',
      },
      {
        date: day(6),
        amount: money(1_250n),
        currency: first.currency,
        counterparty: 'Northwind Supplies',
        reference: 'CN-2207',
        description: 'Credit note refund',
      },
    );
  }
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const rows = lines.map((line) =>
    [line.date, line.amount, line.currency, line.counterparty, line.reference, line.description]
      .map(csvField)
      .join(','),
  );
  return ['Date,Amount,Currency,Counterparty,Reference,Description', ...rows].join('\r\n') + '\r\n';
}

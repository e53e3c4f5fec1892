/** A bank's CSV export of 1,000,000 lines, as a UK bank writes it (money out and in in two columns). */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const PROFILE = {
  delimiter: ',',
  decimalSeparator: '.',
  thousandsSeparator: '',
  dateFormat: 'DD/MM/YYYY',
  columns: {
    date: 'Date',
    remittance: 'Description',
    reference: 'Reference',
    debit: 'Money out',
    credit: 'Money in',
  },
  currency: 'GBP',
  account: 'GB29 NWBK 6016 1331 9268 19',
} as const;

const PAYEES = [
  'TESCO STORES',
  'GIFTCARD PLATFORM LTD',
  'AMAZON MARKETPLACE',
  'HMRC VAT',
  'OFFICE RENT',
  'PAYROLL',
];

/** Write the statement; every line differs (a running number in its text). Returns its size in bytes. */
export async function writeStatement(path: string, lines: number): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('Date,Description,Reference,Money out,Money in,Balance\r\n');
  let balance = 1_000_000_00;
  const rows: string[] = [];
  for (let i = 0; i < lines; i++) {
    const day = new Date(Date.UTC(2016, 0, 1) + Math.floor(i / 300) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const pence = ((i * 7919) % 250_000) + 1;
    const out = i % 3 !== 0;
    balance += out ? -pence : pence;
    const amount = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
    const text = `"CARD PAYMENT TO ${PAYEES[i % PAYEES.length]} ${i}, LONDON"`;
    const reference = i % 4 === 0 ? `RF${String(18_000_000_000 + i)}` : '';
    const shown = `${Math.floor(balance / 100)}.${String(Math.abs(balance % 100)).padStart(2, '0')}`;
    rows.push(`${date},${text},${reference},${out ? amount : ''},${out ? '' : amount},${shown}\r\n`);
    if (rows.length === 10_000) await write(rows.splice(0).join(''));
  }
  await write(rows.join(''));
  out.end();
  await once(out, 'finish');
  return bytes;
}

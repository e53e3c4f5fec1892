/**
 * Journals in the books' currency on a real ledger file (journals-conversion-fixture.ts: October
 * signed off, with journals in GBP and EUR): the EUR float's journals converted to GBP at the rates
 * given, each line at its original × rate rounded, the rounding to the mapped account, every journal
 * balanced; refused with nothing written when a rate or a rounding account is missing; the rates
 * CSV read; the rounding account and books' currency kept with the mapping.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import type { Core } from '../../src/main/core/services';
import type { JournalConversion, JournalExport } from '../../src/shared/ipc/contract-journals';
import { readAuditLog } from '../helpers/audit-log-read';
import { readCsv } from '../helpers/csv-read';
import {
  AS_OF,
  convertiblePeriod,
  MAPPING,
  NO_ROUNDING,
  TO_GBP,
} from '../helpers/journals-conversion-fixture';
import { dispatched, refusal } from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let core: Core;

beforeEach(async () => {
  temp = makeTempDir();
  core = await convertiblePeriod(temp.dir);
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

async function exported(
  name: string,
  conversion?: JournalConversion,
  accounts = MAPPING,
): Promise<JournalExport> {
  const result = await dispatched(core, 'journals:export', {
    asOf: AS_OF,
    format: 'csv',
    destination: join(temp.dir, name),
    accounts,
    ...(conversion === undefined ? {} : { conversion }),
  });
  if ('cancelled' in result) throw new Error('no file was written');
  return result;
}

const rowsOf = (name: string): string[][] => readCsv(readFileSync(join(temp.dir, name), 'utf8')).slice(1);
const journalExports = (): number => {
  const db = openLedger(join(temp.dir, 'ledger.sqlite'), { readonly: true });
  try {
    return readAuditLog(db, 1).filter((entry) => entry.action === 'journal.exported').length;
  } finally {
    db.close();
  }
};

describe('journals converted into the books’ currency', () => {
  it('converts the EUR float’s journals to GBP line by line, showing the rate, and every journal balances', async () => {
    const plain = await exported('plain.csv');
    const converted = await exported('gbp.csv', TO_GBP);
    expect(converted.conversion).toEqual(TO_GBP);
    const euro = converted.journals.filter((journal) => journal.convertedFrom === 'EUR');
    expect(euro.length).toBeGreaterThan(0);
    for (const journal of euro)
      expect(journal).toMatchObject({ currency: 'GBP', id: expect.stringMatching(/-EUR$/) });
    expect(converted.journals.map((journal) => journal.id)).toEqual(
      plain.journals.map((journal) => journal.id),
    );

    // Generic CSV: Journal, Date, Account, Description, Reference, Currency, Debit, Credit.
    const before = rowsOf('plain.csv').filter((row) => row[5] === 'EUR');
    const after = rowsOf('gbp.csv').filter((row) => euro.some((journal) => journal.id === row[0]));
    const lines = after.filter((row) => !row[3]!.startsWith('Rounding of the conversion'));
    expect(lines).toHaveLength(before.length);
    lines.forEach((row, index) => {
      const original = before[index]!;
      expect(row[5]).toBe('GBP');
      expect(row[3]).toBe(`${original[3]} [${original[6] || original[7]} EUR at 0.8612]`);
      const side = original[6] === '' ? 7 : 6;
      expect(row[side]).toBe(
        new Decimal(original[side]!).times('0.8612').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      );
    });
    for (const row of after.filter((row) => row[3]!.startsWith('Rounding'))) expect(row[2]).toBe('7999');
    for (const journal of euro) {
      const rows = after.filter((row) => row[0] === journal.id);
      const sum = (column: number) =>
        rows.reduce((total, row) => total.plus(row[column] || '0'), new Decimal(0));
      expect(sum(6).toFixed(2), journal.id).toBe(sum(7).toFixed(2));
    }

    const db = openLedger(join(temp.dir, 'ledger.sqlite'), { readonly: true });
    try {
      const last = readAuditLog(db, 1)
        .filter((entry) => entry.action === 'journal.exported')
        .at(-1)!;
      expect(last.details).toMatchObject({ conversion: TO_GBP });
    } finally {
      db.close();
    }
    // The same rates again: the same bytes.
    const again = await exported('again.csv', TO_GBP);
    expect(again.files[0]!.sha256).toBe(converted.files[0]!.sha256);
    expect(
      createHash('sha256')
        .update(readFileSync(join(temp.dir, 'again.csv')))
        .digest('hex'),
    ).toBe(converted.files[0]!.sha256);

    const preview = await dispatched(core, 'journals:preview', {
      asOf: AS_OF,
      accounts: MAPPING,
      conversion: TO_GBP,
    });
    expect(preview.conversion).toEqual(TO_GBP);
    expect(preview.journals.find((journal) => journal.convertedFrom === 'EUR')!.narration).toContain(
      ', EUR converted to GBP, period 2026-10-01 to 2026-10-31',
    );
    const line = preview.journals.find((journal) => journal.convertedFrom === 'EUR')!.lines[0]!;
    expect(line.converted).toEqual({
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
      currency: 'EUR',
      rate: '0.8612',
    });
    expect(preview.accounts.every((account) => account.currency === 'GBP')).toBe(true);
  });

  it('posts a rounding difference to the euro float’s rounding account', async () => {
    // At 0.8613: float 75.03 → 64.62, variance 0.47 → 0.40, bank 75.50 → 65.03: 0.01 short.
    await exported('rounded.csv', {
      booksCurrency: 'GBP',
      rates: [{ currency: 'EUR', date: null, rate: '0.8613' }],
    });
    const topUp = rowsOf('rounded.csv').filter((row) => row[4] === 'FDE5U7K3Z8');
    expect(topUp.map((row) => [row[2], row[3], row[6], row[7]])).toEqual([
      ['1211', expect.stringMatching(/ \[75\.03 EUR at 0\.8613\]$/), '64.62', ''],
      ['5991', expect.stringMatching(/ \[0\.47 EUR at 0\.8613\]$/), '0.40', ''],
      ['1201', expect.stringMatching(/ \[75\.50 EUR at 0\.8613\]$/), '', '65.03'],
      ['7999', 'Rounding of the conversion to GBP', '0.01', ''],
    ]);
  });

  it('refuses, with nothing written, a missing rate or a converted float without a rounding account', async () => {
    const before = journalExports();
    const noRate = await refusal(core, 'journals:export', {
      asOf: AS_OF,
      format: 'csv',
      destination: join(temp.dir, 'no-rate.csv'),
      accounts: MAPPING,
      conversion: { booksCurrency: 'GBP', rates: [{ currency: 'EUR', date: '2026-12-01', rate: '0.86' }] },
    });
    expect(noRate.code).toBe('invalid_input');
    expect(noRate.message).toBe(
      "The journals cannot be converted, so nothing was written: No EUR rate to GBP for 2026-10-14, 2026-10-20: give the period's EUR rate, or rates dated on or before those days.",
    );
    const noRounding = await refusal(core, 'journals:export', {
      asOf: AS_OF,
      format: 'xero',
      destination: join(temp.dir, 'no-rounding.csv'),
      accounts: NO_ROUNDING,
      conversion: TO_GBP,
    });
    expect(noRounding.message).toContain('Float "euro" in EUR has no rounding account');
    expect(existsSync(join(temp.dir, 'no-rate.csv'))).toBe(false);
    expect(existsSync(join(temp.dir, 'no-rounding.csv'))).toBe(false);
    expect(journalExports()).toBe(before);

    const preview = await dispatched(core, 'journals:preview', {
      asOf: AS_OF,
      accounts: NO_ROUNDING,
      conversion: { booksCurrency: 'GBP', rates: [] },
    });
    expect(preview.journals).toEqual([]);
    expect(preview.missing).toEqual([
      'Bank lines in EUR have no single rounding account, and they are converted to GBP: give every EUR row the same rounding account.',
      expect.stringContaining('Float "euro" in EUR has no rounding account'),
      expect.stringMatching(/^No EUR rate to GBP for 2026-10-/),
    ]);
  });

  it('reads a rates CSV, naming the line and column of a mistake', async () => {
    expect(
      await dispatched(core, 'journals:rates.read', {
        text: 'date,rate\n,0.8612\n2026-10-15,0.87\n',
        currency: 'EUR',
      }),
    ).toEqual({
      rates: [
        { currency: 'EUR', date: null, rate: '0.8612' },
        { currency: 'EUR', date: '2026-10-15', rate: '0.87' },
      ],
    });
    const wrong = await refusal(core, 'journals:rates.read', {
      text: 'date,currency,rate\n2026-10-15,EUR,abc\n',
    });
    expect(wrong.code).toBe('invalid_input');
    expect(wrong.message).toMatch(/^The rates file cannot be used: line 2, column rate: /);
  });

  it('keeps the rounding account and the books’ currency with the mapping (Settings → Accounting)', async () => {
    const saved = await dispatched(core, 'journals:mapping.import', { text: MAPPING });
    expect(saved.booksCurrency).toBeNull();
    expect(saved.rows.find((row) => row.float === 'euro')!.roundingAccount).toBe('7999');
    const withBooks = await dispatched(core, 'journals:mapping.save', {
      rows: saved.rows,
      booksCurrency: 'GBP',
    });
    expect(withBooks.booksCurrency).toBe('GBP');
    // Saved again without it: kept as it was.
    expect((await dispatched(core, 'journals:mapping.save', { rows: saved.rows })).booksCurrency).toBe('GBP');
    expect((await dispatched(core, 'journals:mapping.get', {})).booksCurrency).toBe('GBP');
    const wrong = await refusal(core, 'journals:mapping.save', { rows: saved.rows, booksCurrency: 'GB' });
    expect(wrong.details).toMatchObject({ issues: [{ field: 'booksCurrency' }] });
    expect((await dispatched(core, 'journals:mapping.get', {})).booksCurrency).toBe('GBP');
    expect((await dispatched(core, 'journals:mapping.export', {})).text.split('\r\n')[0]).toMatch(
      /,rounding_account$/,
    );
    expect(
      (await dispatched(core, 'journals:mapping.save', { rows: saved.rows, booksCurrency: '' }))
        .booksCurrency,
    ).toBeNull();
  });
});

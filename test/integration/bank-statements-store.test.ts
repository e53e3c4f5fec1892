/**
 * Bank statements into a real SQLite ledger file: one transaction per import, nothing added twice,
 * nothing written when a statement is refused.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { BankStatementsRepository } from '../../src/main/core/ledger/repositories/bank-statements';
import { CsvProfilesRepository } from '../../src/main/core/ledger/repositories/csv-profiles';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { importStatement, statementFileSha256 } from '../../src/main/core/recon/statements';
import type { StatementImport } from '../../src/shared/domain/statements';
import { AppError } from '../../src/shared/ipc/errors';
import { statementFixture } from '../helpers/statement-fixtures';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let path: string;
let db: Ledger;
let repo: BankStatementsRepository;
let ws: number;

beforeEach(() => {
  temp = makeTempDir();
  path = join(temp.dir, 'ledger.sqlite');
  db = openLedger(path);
  migrate(db, MIGRATIONS);
  ws = new WorkspacesRepository(db).ensure({
    name: 't',
    kind: 'demo',
    baseUrl: null,
    now: '2026-04-01T09:00:00Z',
  }).id;
  repo = new BankStatementsRepository(db);
});
afterEach(() => {
  if (db.open) db.close();
  temp.cleanup();
});

function load(name: string): {
  result: StatementImport;
  file: { fileName: string; fileSha256: string; importedAt: string };
} {
  const fixture = statementFixture(name);
  return {
    result: importStatement(fixture.bytes, fixture.options),
    file: {
      fileName: name,
      fileSha256: statementFileSha256(fixture.bytes),
      importedAt: '2026-04-01T10:00:00Z',
    },
  };
}

const count = (table: string): number => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

function refusal(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the store to be refused');
}

describe('storing a statement', () => {
  it('adds every line once: importing the same file again adds nothing, also after reopening the file', () => {
    const { result, file } = load('camt053-v02.xml');
    expect(repo.store(ws, result, file)).toEqual({
      statementsAdded: 1,
      linesAdded: 3,
      linesAlreadyKnown: 0,
      problemsAccepted: 0,
    });
    db.close();
    db = openLedger(path);
    repo = new BankStatementsRepository(db);
    expect(repo.store(ws, result, { ...file, importedAt: '2026-04-02T10:00:00Z' })).toEqual({
      statementsAdded: 0,
      linesAdded: 0,
      linesAlreadyKnown: 3,
      problemsAccepted: 0,
    });
    expect(count('bank_statements')).toBe(1);
    expect(count('bank_lines')).toBe(3);
    const statement = db.prepare('SELECT * FROM bank_statements').get();
    expect(statement).toMatchObject({
      file_name: 'camt053-v02.xml',
      format: 'camt053',
      section: 0,
      statement_ref: '0352C5320260331221005',
      account: 'DE89370400440532013000',
      account_key: 'DE89370400440532013000',
      currency: 'EUR',
      opening_date: '2026-03-01',
      opening_minor: 1_500_000,
      opening_exact: null,
      closing_date: '2026-03-31',
      closing_minor: 1_372_466,
      line_count: 3,
      imported_at: '2026-04-01T10:00:00Z',
    });
    expect(repo.listLines(ws)).toEqual(
      result.lines.map((line) => ({
        ...line,
        id: expect.any(Number),
        statementId: expect.any(Number),
        accountKey: 'DE89370400440532013000',
        overPrecise: false,
      })),
    );
  });

  it('keeps each statement of a file as its own row, and adds only the new lines of an overlapping file', () => {
    const { result, file } = load('mt940-two-statements.sta');
    expect(repo.store(ws, result, file)).toMatchObject({ statementsAdded: 2, linesAdded: 7 });
    expect(
      db.prepare('SELECT section, statement_ref, line_count FROM bank_statements ORDER BY section').all(),
    ).toEqual([
      { section: 0, statement_ref: 'STARTUMS/00031/001', line_count: 3 },
      { section: 1, statement_ref: 'STARTUMS/00032/001', line_count: 4 },
    ]);
    // The second statement again, as its own file (the bank sent it twice): nothing new.
    const second: StatementImport = {
      ...result,
      lines: result.lines.slice(3),
      sections: [{ ...result.sections![1]!, firstLineIndex: 0 }],
    };
    expect(
      repo.store(ws, second, { ...file, fileName: 'day2.sta', fileSha256: 'a'.repeat(64) }),
    ).toMatchObject({
      statementsAdded: 1,
      linesAdded: 0,
      linesAlreadyKnown: 4,
    });
    expect(count('bank_lines')).toBe(7);
  });

  it('refuses a statement that does not add up, writing nothing', () => {
    const { result, file } = load('broken-unbalanced-camt053.xml');
    const error = refusal(() => repo.store(ws, result, { ...file, acceptReadableLines: true }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(
      'opening 1,000.00 + lines -250.00 = 750.00, but the statement closes at 760.00',
    );
    expect(error.details).toMatchObject({ reason: 'unbalanced', problems: [{ line: 20, field: 'closing' }] });
    expect(count('bank_statements')).toBe(0);
    expect(count('bank_lines')).toBe(0);
  });

  it('refuses a statement with problems unless told to keep the lines that could be read', () => {
    const { result, file } = load('broken-bad-date.csv');
    const error = refusal(() => repo.store(ws, result, file));
    expect(error.details).toMatchObject({
      reason: 'problems',
      problems: [{ line: 3, field: 'date' }, { line: 4 }, { line: 5 }],
    });
    expect(error.message).toMatch(
      /^3 problem\(s\) in the statement, first line 3, date: .*Nothing was stored/,
    );
    expect(count('bank_lines')).toBe(0);
    expect(repo.store(ws, result, { ...file, acceptReadableLines: true })).toEqual({
      statementsAdded: 1,
      linesAdded: 2,
      linesAlreadyKnown: 0,
      problemsAccepted: 3,
    });
    expect(db.prepare('SELECT account_key, line_count FROM bank_statements').get()).toEqual({
      account_key: '',
      line_count: 2,
    });
  });

  it('never stores a file of which no line could be read', () => {
    const { result, file } = load('broken-truncated-camt053.xml');
    expect(refusal(() => repo.store(ws, result, { ...file, acceptReadableLines: true })).message).toMatch(
      /^No line of the statement could be read \(line 87: The XML ends/,
    );
    expect(count('bank_statements')).toBe(0);
  });

  it('refuses, writing nothing, a line whose bank id is stored for a different payment', () => {
    const { result, file } = load('camt053-v02.xml');
    repo.store(ws, result, file);
    const altered: StatementImport = {
      ...result,
      opening: null,
      closing: null,
      sections: undefined,
      lines: [
        { ...result.lines[0]!, bankTransactionId: 'NEW-1' },
        { ...result.lines[1]!, amount: '1234.57' },
      ],
    };
    const error = refusal(() => repo.store(ws, altered, { ...file, fileSha256: 'b'.repeat(64) }));
    expect(error.details).toMatchObject({
      reason: 'conflicting_ids',
      problems: [
        {
          line: 112,
          field: 'bankTransactionId',
          problem:
            '"2026030500004711" is already stored for 2026-03-05 1234.56 EUR, not 2026-03-05 1234.57 EUR',
        },
      ],
    });
    expect(count('bank_statements')).toBe(1);
    expect(count('bank_lines')).toBe(3);
  });

  it('keeps over-precise amounts exactly and others in minor units of their currency', () => {
    const { result, file } = load('utf8-bom-wise.csv');
    repo.store(ws, result, file);
    expect(
      db
        .prepare(
          'SELECT bank_transaction_id AS id, currency, amount_minor, amount_exact FROM bank_lines ORDER BY id',
        )
        .all(),
    ).toEqual([
      { id: 'BALANCE-9981223', currency: 'EUR', amount_minor: 1_000_000, amount_exact: null },
      { id: 'CARD-77712', currency: 'JPY', amount_minor: -15_000, amount_exact: null },
      { id: 'TRANSFER-1180066331', currency: 'EUR', amount_minor: -250_000, amount_exact: null },
      { id: 'TRANSFER-1180066332', currency: 'USD', amount_minor: -120_000, amount_exact: null },
      { id: 'TRANSFER-1180066340', currency: 'EUR', amount_minor: null, amount_exact: '-0.005' },
    ]);
    expect(repo.listLines(ws).find((l) => l.bankTransactionId === 'TRANSFER-1180066340')).toMatchObject({
      amount: '-0.005',
      overPrecise: true,
    });
  });

  it('stores every fixture that reads cleanly, twice, adding nothing the second time', () => {
    for (const name of [
      'uk-lloyds.csv',
      'de-bank-1252.csv',
      'utf16le-bom-export.csv',
      'camt053-v08.xml',
      'ofx1-checking.ofx',
      'ofx2-creditcard.qfx',
    ]) {
      const { result, file } = load(name);
      const first = repo.store(ws, result, file);
      expect(first.linesAdded + first.linesAlreadyKnown).toBe(result.lines.length);
      expect(repo.store(ws, result, file)).toMatchObject({
        statementsAdded: 0,
        linesAdded: 0,
        linesAlreadyKnown: result.lines.length,
      });
    }
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(
      db
        .prepare(
          "SELECT closing_minor FROM bank_statements WHERE file_name = 'camt053-v08.xml' ORDER BY section",
        )
        .pluck()
        .all(),
    ).toEqual([1_450_000, -50_050]);
  });
});

describe('CSV profiles', () => {
  const lloyds = {
    columns: { date: 'Transaction Date', debit: 'Debit Amount', credit: 'Credit Amount' },
    currency: 'GBP',
  };

  it('saves a profile with its defaults, finds it by name in any case, and replaces it by name', () => {
    const profiles = new CsvProfilesRepository(db);
    const saved = profiles.save(ws, ' Lloyds ', lloyds, '2026-04-01T10:00:00Z');
    expect(saved).toMatchObject({
      name: 'Lloyds',
      updatedAt: '2026-04-01T10:00:00Z',
      profile: { ...lloyds, delimiter: 'auto', headerLines: 1 },
    });
    expect(profiles.get(ws, 'LLOYDS')?.id).toBe(saved.id);
    profiles.save(ws, 'lloyds', { ...lloyds, dateFormat: 'DD/MM/YYYY' }, '2026-04-02T10:00:00Z');
    profiles.save(ws, 'Sparkasse', { ...lloyds, currency: 'EUR', delimiter: ';' }, '2026-04-02T10:00:00Z');
    expect(profiles.list(ws).map((p) => [p.name, p.profile.dateFormat])).toEqual([
      ['Lloyds', 'DD/MM/YYYY'],
      ['Sparkasse', 'auto'],
    ]);
    expect(profiles.get(ws, 'Barclays')).toBeUndefined();
    const fixture = statementFixture('uk-lloyds.csv');
    expect(
      importStatement(fixture.bytes, { format: 'csv', profile: profiles.get(ws, 'lloyds')!.profile }).lines,
    ).toHaveLength(6);
  });

  it('refuses an invalid profile naming each field, and writes nothing', () => {
    const profiles = new CsvProfilesRepository(db);
    const error = refusal(() => profiles.save(ws, '', { columns: { date: 'Date' } }, 'now'));
    expect(error.code).toBe('invalid_input');
    expect((error.details as { issues: { field: string }[] }).issues.map((i) => i.field)).toEqual([
      'name',
      'profile.columns.debit',
      'profile.currency',
    ]);
    expect(count('csv_profiles')).toBe(0);
  });
});

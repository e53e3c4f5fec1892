import { describe, expect, it } from 'vitest';
import { parseCommandLine, type CommandValues } from '../../src/cli/arguments';
import { exportRequestOf, parseExportFormat, parseExportTable } from '../../src/cli/export-flags';

function flags(...argv: string[]): { table: string | undefined; values: CommandValues } {
  const line = parseCommandLine(['export', ...argv]);
  if (line.kind !== 'command') throw new Error('not a command');
  return { table: line.positionals[0], values: line.values };
}

describe('floatdesk export flags', () => {
  it('turn transfer filters into the transfers:list filters, statuses repeatable or comma-listed', () => {
    const { table, values } = flags(
      'transfers',
      '--format',
      'csv',
      '--out',
      'x.csv',
      '--currency',
      'EUR',
      '--reference',
      'FD 1',
      '--status',
      'pending,approved',
      '--status',
      'removed',
      '--sort',
      'requested:desc',
      '--with-history',
      '--from',
      '2026-01-01',
    );
    expect(exportRequestOf(parseExportTable(table), values)).toEqual({
      table: 'transfers',
      filters: {
        currency: 'EUR',
        paymentReference: 'FD 1',
        statuses: ['pending', 'approved', 'removed'],
        from: '2026-01-01',
      },
      sort: { column: 'requested', direction: 'desc' },
      withHistory: true,
    });
    expect(parseExportFormat(values)).toBe('csv');
  });

  it('name the flag in every error', () => {
    const bad =
      (...argv: string[]) =>
      () => {
        const { table, values } = flags(...argv);
        parseExportFormat(values);
        return exportRequestOf(parseExportTable(table), values);
      };
    expect(bad('brands', '--format', 'csv', '--with-history')).toThrow(
      /--with-history does not apply to "export brands"/,
    );
    expect(bad('balances', '--format', 'csv', '--currency', 'euro')).toThrow(/^--currency: /);
    expect(bad('audit', '--format', 'csv', '--from', 'yesterday')).toThrow(/^--from: /);
    expect(bad('transfers', '--format', 'ods')).toThrow(/--format must be one of csv, csv-regional, xlsx/);
    expect(bad('transfers', '--format', 'csv', '--sort', 'nope')).toThrow(/--sort must be/);
    expect(bad('reconciliation', '--format', 'csv', '--sign-off', 'x')).toThrow(/--sign-off must be/);
    expect(bad('ledger', '--format', 'csv')).toThrow(/Unknown table "ledger"/);
    expect(bad('transfers')).toThrow(/--format is required/);
  });

  it('take reconciliation states repeated and brand status once', () => {
    const { values } = flags(
      'reconciliation',
      '--format',
      'xlsx',
      '--state',
      'matched',
      '--state',
      'unmatched_bank_payment',
      '--as-of',
      '2026-02-28',
    );
    expect(exportRequestOf('reconciliation', values)).toMatchObject({
      filters: { asOf: '2026-02-28', states: ['matched', 'unmatched_bank_payment'], onlyFiltered: true },
    });
    // Without a state or age filter the report is complete: nothing says "filtered".
    expect(exportRequestOf('reconciliation', flags('reconciliation', '--format', 'csv').values)).toEqual({
      table: 'reconciliation',
    });
    const brands = flags('brands', '--format', 'csv', '--status', 'ENABLED', '--country', 'GB');
    expect(exportRequestOf('brands', brands.values)).toEqual({
      table: 'brands',
      filters: { status: 'ENABLED', country: 'GB' },
    });
  });
});

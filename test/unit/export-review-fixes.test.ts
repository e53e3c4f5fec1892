/**
 * Review fixes of the export module: ageing buckets in words and the match score as a number, minor
 * units of a currency without a known exponent written as text (CSV and XLSX alike), the brands
 * filters as a catalogue search, and the partial file's commit (rename, then the folder synced).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rowLine } from '../../src/main/core/export/csv';
import { CSV_REGIONAL, CSV_STANDARD } from '../../src/main/core/export/csv-dialect';
import { PartialFile, syncDirectory } from '../../src/main/core/export/partial-file';
import { catalogueInput } from '../../src/main/core/export/tables/brands';
import {
  AGEING_LABELS,
  MATCH_COLUMNS,
  OPEN_ITEM_COLUMNS,
} from '../../src/main/core/export/tables/reconciliation/items-parts';
import { storedAmountText } from '../../src/main/core/export/tables/source';
import { toExportRow, TRANSFER_COLUMNS } from '../../src/main/core/export/tables/transfer-rows';
import { amountCellContent } from '../../src/main/core/export/xlsx/number-cells';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('reconciliation columns', () => {
  it('writes ageing buckets as words a spreadsheet cannot read as dates, under "Age"', () => {
    expect(AGEING_LABELS).toEqual({
      '0-2': '0 to 2 days',
      '3-7': '3 to 7 days',
      '8-30': '8 to 30 days',
      'over-30': 'over 30 days',
    });
    const age = OPEN_ITEM_COLUMNS.find((column) => column.key === 'ageing')!;
    expect(age.header).toBe('Age');
    const item = { ageing: '3-7' } as Parameters<typeof age.value>[0];
    expect(age.value(item)).toBe('3 to 7 days');
  });

  it('writes the score as a number (decimal comma in the regional dialect)', () => {
    const score = MATCH_COLUMNS.find((column) => column.key === 'score')!;
    expect(score.kind).toBe('amount');
    const row = { match: { score: 0.85 } } as Parameters<typeof score.value>[0];
    expect(rowLine([score], row, CSV_STANDARD)).toBe('0.85\r\n');
    expect(rowLine([score], row, CSV_REGIONAL)).toBe('0,85\r\n');
  });
});

describe('minor units of a currency without a known exponent', () => {
  it('are text that says so, never a number 10^exponent too large', () => {
    expect(storedAmountText(123456n, null, 'ZZZ')).toBe('123456 minor units (ZZZ decimal places unknown)');
    expect(storedAmountText(123456n, null, 'GBP')).toBe('1234.56');
    expect(storedAmountText(null, '12.5', 'ZZZ')).toBe('12.5');
  });

  it('are a text field in both CSV dialects, and a text cell with a note in XLSX', () => {
    const row = toExportRow({
      payment_reference: 'R1',
      created_at: '2026-01-01T00:00:00Z',
      float_name: 'Main',
      currency: 'ZZZ',
      requested_minor: -250n,
      requested_exact: null,
      approved_minor: null,
      approved_exact: null,
      status: 'pending',
      submitted: 0,
      last_changed_at: null,
    });
    expect(row.requested?.amount).toBe('-250 minor units (ZZZ decimal places unknown)');
    const requested = TRANSFER_COLUMNS.filter((column) => column.key === 'requested');
    expect(rowLine(requested, row, CSV_STANDARD)).toBe(
      `"'-250 minor units (ZZZ decimal places unknown)"\r\n`,
    );
    expect(rowLine(requested, row, CSV_REGIONAL)).toBe(
      `"'-250 minor units (ZZZ decimal places unknown)"\r\n`,
    );
    const cell = amountCellContent(row.requested!.amount, 'ZZZ', 'Requested');
    expect(cell).toEqual({
      kind: 'text',
      text: '-250 minor units (ZZZ decimal places unknown)',
      note: 'Requested: stored as -250 minor units of ZZZ, a currency whose decimal places FloatDesk does not know; written as text, not as an amount.',
    });
  });
});

describe('the brands export as a catalogue search', () => {
  it('maps each filter onto the facet the Brands screen filters by, text as typed', () => {
    expect(
      catalogueInput({ text: '  café ', currency: 'EUR', status: 'active', country: 'FR', category: 'Food' }),
    ).toEqual({
      text: 'café',
      filters: { currency: ['EUR'], status: ['active'], country: ['FR'], category: ['Food'] },
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
    });
    expect(catalogueInput({ text: '   ' })).toEqual({
      filters: {},
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
    });
  });
});

describe('the partial file', () => {
  it('commits: renamed into place, the folder synced, exactly one file left', async () => {
    dir = mkdtempSync(join(tmpdir(), 'floatdesk-partial-'));
    const partial = await PartialFile.create(join(dir, 'out.csv'));
    await partial.write('a,b\r\n');
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await partial.commit()).toBe(5);
    expect(readdirSync(dir)).toEqual(['out.csv']);
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toBe('a,b\r\n');
  });

  it('syncs a folder (opened read-only), skips on Windows, and fails loudly for a missing folder', async () => {
    dir = mkdtempSync(join(tmpdir(), 'floatdesk-partial-'));
    await expect(syncDirectory(dir)).resolves.toBeUndefined();
    await expect(syncDirectory(join(dir, 'missing'), 'win32')).resolves.toBeUndefined();
    await expect(syncDirectory(join(dir, 'missing'), 'linux')).rejects.toThrow(/ENOENT/);
  });
});

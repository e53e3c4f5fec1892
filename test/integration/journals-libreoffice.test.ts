/**
 * A real spreadsheet opens every journal file: LibreOffice converts each CSV format (with formula
 * evaluation on, so a formula that slipped through would be one) and the XLSX, headless, to flat
 * ODF; no cell is a formula, hostile text reads as the neutralised text, amounts are numbers.
 * Without `soffice` on the PATH this fails under CI and is skipped (with the reason) elsewhere.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import { genericCsv } from '../../src/main/core/journals/formats/generic-csv';
import { writeJournalsXlsx } from '../../src/main/core/journals/formats/journals-xlsx';
import { netsuiteCsv } from '../../src/main/core/journals/formats/netsuite-csv';
import { quickbooksCsv } from '../../src/main/core/journals/formats/quickbooks-csv';
import { sageCsvFiles } from '../../src/main/core/journals/formats/sage-csv';
import { xeroCsvFiles } from '../../src/main/core/journals/formats/xero-csv';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import { fixtureFacts } from '../helpers/journals-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();
if (soffice === '' && process.env.CI)
  throw new Error('soffice (LibreOffice) is not installed: CI must install libreoffice-calc-nogui.');
if (soffice === '') console.warn('Skipping the journals LibreOffice check: soffice is not on the PATH.');

/** The fixture period with a formula-like variance account and a fee note that needs quoting. */
const mapping = parseAccountMapping(
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code\n' +
    'Main,GBP,1210,1200,5000,=HYPERLINK("x"),1220,No VAT\n' +
    'Promo,GBP,1211,1200,5001,=HYPERLINK("x"),1220,No VAT\n' +
    'Main,JPY,1212,1202,5002,8102,1222,@SUM(A1)\n',
);
const facts = fixtureFacts(12);
facts.resolutions = facts.resolutions.map((item) => ({ ...item, note: '=1+1, "fee"' }));
const { journals } = buildJournals(facts, mapping);

const CSVS: Record<string, string> = {
  generic: genericCsv(journals),
  xero: xeroCsvFiles(journals)[0]!.text,
  quickbooks: quickbooksCsv(journals),
  sage: sageCsvFiles(journals)[0]!.text,
  netsuite: netsuiteCsv(journals),
};

let temp: ReturnType<typeof makeTempDir>;
const fods = new Map<string, string>();

/** Options: ",", '"', UTF-8, from line 1, standard columns, en-US, quoted as text off, detect numbers, …, evaluate formulas. */
const CSV_FILTER = 'CSV:44,34,76,1,,1033,false,true,false,false,false,-1,true';

function convert(files: string[], infilter: string | null): void {
  const result = spawnSync(
    soffice,
    [
      `-env:UserInstallation=file://${join(temp.dir, 'profile')}`,
      '--headless',
      ...(infilter === null ? [] : [`--infilter=${infilter}`]),
      '--convert-to',
      'fods',
      '--outdir',
      temp.dir,
      ...files,
    ],
    { encoding: 'utf8', timeout: 240_000 },
  );
  if (result.status !== 0) throw new Error(`soffice failed: ${result.stderr}`);
}

describe.skipIf(soffice === '')('LibreOffice opens every journal file', () => {
  beforeAll(async () => {
    temp = makeTempDir();
    const csvs = Object.entries(CSVS).map(([name, text]) => {
      const path = join(temp.dir, `${name}.csv`);
      writeFileSync(path, text);
      return path;
    });
    convert(csvs, CSV_FILTER);
    await writeJournalsXlsx(journals, join(temp.dir, 'xlsx.xlsx'));
    convert([join(temp.dir, 'xlsx.xlsx')], null);
    for (const name of [...Object.keys(CSVS), 'xlsx'])
      fods.set(name, readFileSync(join(temp.dir, `${name}.fods`), 'utf8'));
  }, 300_000);
  afterAll(() => temp?.cleanup());

  it.each([...Object.keys(CSVS), 'xlsx'])(
    '%s: no formula cell, hostile text as text, amounts as numbers',
    (name) => {
      const xml = fods.get(name)!;
      expect(xml).not.toMatch(/table:formula=/);
      expect(xml).toContain('<text:p>&apos;=HYPERLINK(&quot;x&quot;)</text:p>');
      expect(xml).not.toMatch(/<text:p>=/);
      // 3100.25 GBP of derived spend (positive in every format's debit column, or Xero's signed amount).
      expect(xml).toMatch(/office:value-type="float" office:value="3100.25"/);
      expect(xml).toMatch(/office:value-type="float" office:value="50000"/);
    },
  );
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportOptions } from '../../src/main/core/recon/statements';
import type { StatementImport } from '../../src/shared/domain/statements';

export const STATEMENT_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'statements');

/** A statement file with what importing it must give (`<file>.expected.json` next to it). */
export interface StatementFixture {
  name: string;
  bytes: Buffer;
  options: ImportOptions;
  expected: Omit<StatementImport, 'sections'> & { sections: StatementImport['sections'] | null };
}

export function statementFixture(name: string): StatementFixture {
  const bytes = readFileSync(join(STATEMENT_FIXTURES, name));
  const { options, ...expected } = JSON.parse(
    readFileSync(join(STATEMENT_FIXTURES, `${name}.expected.json`), 'utf8'),
  ) as StatementFixture['expected'] & { options: ImportOptions };
  return { name, bytes, options, expected };
}

export function allStatementFixtures(): StatementFixture[] {
  return readdirSync(STATEMENT_FIXTURES)
    .filter((name) => !name.endsWith('.expected.json'))
    .sort()
    .map(statementFixture);
}

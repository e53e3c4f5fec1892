/**
 * Every statement fixture (test/fixtures/statements) against its expected result: the exact lines
 * (amounts, dates, ids) and every problem with its line and field. The content ids of lines without
 * a bank id are pinned on purpose: if they changed, re-importing a statement would add its lines
 * a second time.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, importStatement } from '../../src/main/core/recon/statements';
import { decodeStatementBytes } from '../../src/main/core/recon/statements/decode';
import { allStatementFixtures } from '../helpers/statement-fixtures';

const fixtures = allStatementFixtures();

describe('statement fixtures', () => {
  it('cover every format, encoding and the broken cases the issue names', () => {
    const formats = new Set(fixtures.map((f) => f.expected.format));
    const encodings = new Set(fixtures.map((f) => f.expected.encoding));
    expect([...formats].sort()).toEqual(['camt053', 'csv', 'mt940', 'ofx']);
    expect([...encodings].sort()).toEqual(['utf-16le', 'utf-8', 'windows-1252']);
    expect(fixtures.filter((f) => f.name.startsWith('broken-')).length).toBeGreaterThanOrEqual(6);
    expect(fixtures.every((f) => f.name.startsWith('broken-') === f.expected.errors.length > 0)).toBe(true);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s reads as expected', (_name, fixture) => {
    const result = importStatement(fixture.bytes, fixture.options);
    const { sections, ...rest } = result;
    const { sections: expectedSections, ...expected } = fixture.expected;
    expect(rest).toEqual(expected);
    expect(sections ?? null).toEqual(expectedSections);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))(
    '%s gives the same ids every time, unique in the file',
    (_name, fixture) => {
      const first = importStatement(fixture.bytes, fixture.options);
      const again = importStatement(Uint8Array.from(fixture.bytes), fixture.options);
      const ids = first.lines.map((line) => line.bankTransactionId);
      expect(again.lines.map((line) => line.bankTransactionId)).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
    },
  );

  it.each(fixtures.map((f) => [f.name, f] as const))('%s is recognised by its content', (_name, fixture) => {
    const decoded = decodeStatementBytes(fixture.bytes);
    if (!decoded.ok) throw new Error(decoded.problem.problem);
    expect(detectFormat(decoded.text)).toBe(fixture.expected.format);
  });
});

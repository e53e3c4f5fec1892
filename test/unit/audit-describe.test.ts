// The one line `audit verify` prints (and `restore` quotes): what is missing or changed, in words.
import { describe, expect, it } from 'vitest';
import { describeAuditReport, seqRanges } from '../../src/main/core/recon/audit/describe-report';
import type { LedgerAuditReport } from '../../src/main/core/recon/audit/verify-ledger';

const HASH = 'ab'.repeat(32);
const OTHER = 'cd'.repeat(32);

function checked(
  references: Partial<Extract<LedgerAuditReport, { kind: 'checked' }>['workspaces'][number]['references']>,
  entries = 60,
): LedgerAuditReport {
  return {
    kind: 'checked',
    schemaVersion: 13,
    triggersPresent: true,
    workspaces: [
      {
        workspaceId: 1,
        result: { ok: true, entries, lastHash: entries === 0 ? null : HASH },
        references: { dangling: [], headMismatches: [], ...references },
      },
    ],
  };
}

const decisions = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    referrer: 'decision' as const,
    id: i + 1,
    auditSeq: from + i,
  }));

describe('seqRanges', () => {
  it('names runs of entries as ranges', () => {
    expect(seqRanges([7])).toBe('7');
    expect(seqRanges([64, 61, 62, 63, 61])).toBe('61–64');
    expect(seqRanges([3, 61, 62, 90])).toBe('3, 61–62, 90');
  });
});

describe('describeAuditReport', () => {
  it('a cut tail: which entries are missing, where the log ends, and what still refers to them', () => {
    const report = checked({
      dangling: [...decisions(61, 100), { referrer: 'sign-off', id: 2, auditSeq: 100 }],
    });
    expect(describeAuditReport(report)).toEqual({
      intact: false,
      line: 'Audit log broken: its newest entries 61–100 are missing (the log ends at entry 60), yet 40 decisions and 1 sign-off refer to them.',
    });
  });

  it('a whole log emptied, and one entry in the middle', () => {
    expect(describeAuditReport(checked({ dangling: decisions(1, 1) }, 0)).line).toBe(
      'Audit log broken: its newest entry 1 is missing (the log is empty), yet 1 decision refers to it.',
    );
    expect(
      describeAuditReport(checked({ dangling: [{ referrer: 'unlock', id: 4, auditSeq: 12 }] })).line,
    ).toBe('Audit log broken: entry 12 is missing, yet 1 unlock refers to it.');
  });

  it("a sign-off whose recorded head no longer matches the entry's hash", () => {
    const report = checked({
      headMismatches: [{ signOffId: 3, auditSeq: 57, recorded: HASH, found: OTHER }],
    });
    expect(describeAuditReport(report)).toEqual({
      intact: false,
      line: "Audit log broken: sign-off 3 recorded entry 57 with hash abababababab… as the log's head, but that entry's hash is cdcdcdcdcdcd… now.",
    });
  });

  it('an intact log with every reference in place', () => {
    expect(describeAuditReport(checked({}))).toEqual({
      intact: true,
      line: 'Audit log intact: 60 entries, last hash abababababab…',
    });
  });
});

/**
 * The one line that says whether a ledger's audit log checks out (`floatdesk audit verify` prints
 * it; `floatdesk restore` quotes it before it replaces a ledger with a backup that fails it).
 */
import type { AuditReferrer, DanglingAuditReference } from '../../ledger/repositories/audit-references';
import type { AuditVerification } from './audit-verify';
import type { AuditReferenceCheck, LedgerAuditReport } from './verify-ledger';

const entries = (n: number): string => `${n} ${n === 1 ? 'entry' : 'entries'}`;
const short = (hash: string): string => `${hash.slice(0, 12)}…`;

const REFERRER_WORDS: Record<AuditReferrer, [string, string]> = {
  decision: ['decision', 'decisions'],
  'sign-off': ['sign-off', 'sign-offs'],
  unlock: ['unlock', 'unlocks'],
  'opening-balance': ['opening balance', 'opening balances'],
};

function brokenChain(result: Extract<AuditVerification, { ok: false }>, where: string): string {
  const { seq, at, reason, expectedSeq } = result.firstBad;
  const missing =
    reason === 'sequence gap' && expectedSeq !== undefined
      ? seq - expectedSeq === 1
        ? ` (entry ${expectedSeq} is missing)`
        : ` (entries ${expectedSeq}–${seq - 1} are missing)`
      : '';
  return `Audit log broken${where} at entry ${seq}, written ${at}: ${reason}${missing}.`;
}

/** "7", "61–100", "3, 61–100". */
export function seqRanges(seqs: readonly number[]): string {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** "40 decisions and 1 sign-off" */
function referrersInWords(dangling: readonly DanglingAuditReference[]): string {
  const counts = new Map<AuditReferrer, number>();
  for (const { referrer } of dangling) counts.set(referrer, (counts.get(referrer) ?? 0) + 1);
  const parts = [...counts].map(([referrer, n]) => `${n} ${REFERRER_WORDS[referrer][n === 1 ? 0 : 1]}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function brokenReferences(
  references: AuditReferenceCheck,
  entriesKept: number,
  where: string,
): string | null {
  const { dangling, headMismatches } = references;
  if (dangling.length > 0) {
    const seqs = dangling.map((reference) => reference.auditSeq);
    const missing = [...new Set(seqs)];
    const noun = missing.length === 1 ? 'entry' : 'entries';
    const verb = missing.length === 1 ? 'is' : 'are';
    const tail = Math.min(...missing) > entriesKept;
    const ends = entriesKept === 0 ? 'the log is empty' : `the log ends at entry ${entriesKept}`;
    const which = tail
      ? `its newest ${noun} ${seqRanges(seqs)} ${verb} missing (${ends})`
      : `${noun} ${seqRanges(seqs)} ${verb} missing`;
    const refer = dangling.length === 1 ? 'refers' : 'refer';
    return `Audit log broken${where}: ${which}, yet ${referrersInWords(dangling)} ${refer} to ${missing.length === 1 ? 'it' : 'them'}.`;
  }
  const [first] = headMismatches;
  if (first === undefined) return null;
  const more = headMismatches.length > 1 ? ` (and ${headMismatches.length - 1} more sign-offs)` : '';
  return `Audit log broken${where}: sign-off ${first.signOffId} recorded entry ${first.auditSeq} with hash ${short(first.recorded)} as the log's head, but that entry's hash is ${short(first.found)} now${more}.`;
}

/** The line, and whether the log checks out. */
export function describeAuditReport(report: LedgerAuditReport): { line: string; intact: boolean } {
  if (report.kind === 'before_audit_log') {
    return {
      line: `Audit log intact: 0 entries (this ledger is at schema ${report.schemaVersion}, from before the audit log; FloatDesk adds it the next time it opens the ledger).`,
      intact: true,
    };
  }
  if (report.kind === 'table_missing') {
    return {
      line: `Audit log broken: the ledger is at schema ${report.schemaVersion} but its audit_log table has been removed.`,
      intact: false,
    };
  }
  const several = report.workspaces.length > 1;
  for (const { workspaceId, result, references } of report.workspaces) {
    const where = several ? ` in workspace ${workspaceId}` : '';
    if (!result.ok) return { line: brokenChain(result, where), intact: false };
    const broken = brokenReferences(references, result.entries, where);
    if (broken !== null) return { line: broken, intact: false };
  }
  const total = report.workspaces.reduce((sum, { result }) => sum + result.entries, 0);
  const heads = report.workspaces
    .map(({ result }) => (result.ok ? result.lastHash : null))
    .filter((hash): hash is string => hash !== null)
    .map(short);
  const last = heads.length === 0 ? '' : `, last hash${heads.length > 1 ? 'es' : ''} ${heads.join(', ')}`;
  const warning = report.triggersPresent
    ? ''
    : ' Warning: its append-only triggers have been removed from the ledger.';
  return { line: `Audit log intact: ${entries(total)}${last}${warning}`, intact: true };
}

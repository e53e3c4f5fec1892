import { ledgerPathOf, chooseWorkspace } from '../main/core/paths';
import type { AuditVerification } from '../main/core/reconcile/audit/audit-verify';
import { auditLedgerFile, type LedgerAuditReport } from '../main/core/reconcile/audit/verify-ledger';
import { UsageError } from './arguments';

export interface AuditCommandContext {
  workspace: string | undefined;
  print: (text: string) => void;
}

const entries = (n: number): string => `${n} ${n === 1 ? 'entry' : 'entries'}`;

function brokenLine(result: Extract<AuditVerification, { ok: false }>, where: string): string {
  const { seq, at, reason, expectedSeq } = result.firstBad;
  const missing =
    reason === 'sequence gap' && expectedSeq !== undefined
      ? seq - expectedSeq === 1
        ? ` (entry ${expectedSeq} is missing)`
        : ` (entries ${expectedSeq}–${seq - 1} are missing)`
      : '';
  return `Audit log broken${where} at entry ${seq}, written ${at}: ${reason}${missing}.`;
}

/** The one line the command prints, and its exit code. */
export function describeAuditReport(report: LedgerAuditReport): { line: string; exitCode: number } {
  if (report.kind === 'before_audit_log') {
    return {
      line: `Audit log intact: 0 entries (this ledger is at schema ${report.schemaVersion}, from before the audit log; FloatDesk adds it the next time it opens the ledger).`,
      exitCode: 0,
    };
  }
  if (report.kind === 'table_missing') {
    return {
      line: `Audit log broken: the ledger is at schema ${report.schemaVersion} but its audit_log table has been removed.`,
      exitCode: 1,
    };
  }
  const several = report.workspaces.length > 1;
  for (const { workspaceId, result } of report.workspaces) {
    if (!result.ok)
      return { line: brokenLine(result, several ? ` in workspace ${workspaceId}` : ''), exitCode: 1 };
  }
  const total = report.workspaces.reduce((sum, { result }) => sum + result.entries, 0);
  const heads = report.workspaces
    .map(({ result }) => (result.ok ? result.lastHash : null))
    .filter((hash): hash is string => hash !== null)
    .map((hash) => `${hash.slice(0, 12)}…`);
  const last = heads.length === 0 ? '' : `, last hash${heads.length > 1 ? 'es' : ''} ${heads.join(', ')}`;
  const warning = report.triggersPresent
    ? ''
    : ' Warning: its append-only triggers have been removed from the ledger.';
  return { line: `Audit log intact: ${entries(total)}${last}${warning}`, exitCode: 0 };
}

/** `floatdesk audit verify [--workspace <dir>]`: 0 when every entry checks out, 1 when one does not. */
export function auditCommand(positionals: readonly string[], context: AuditCommandContext): number {
  const [action] = positionals;
  if (action !== 'verify') throw new UsageError('Usage: floatdesk audit verify [--workspace <dir>]');
  const { workspaceDir } = chooseWorkspace(context.workspace);
  const { line, exitCode } = describeAuditReport(auditLedgerFile(ledgerPathOf(workspaceDir)));
  context.print(line);
  return exitCode;
}

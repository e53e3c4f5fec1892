import { ledgerPathOf, chooseWorkspace } from '../main/core/paths';
import { describeAuditReport } from '../main/core/reconcile/audit/describe-report';
import { auditLedgerFile } from '../main/core/reconcile/audit/verify-ledger';
import { UsageError } from './arguments';

export interface AuditCommandContext {
  workspace: string | undefined;
  print: (text: string) => void;
}

/** `floatdesk audit verify [--workspace <dir>]`: 0 when every entry checks out, 1 when one does not. */
export function auditCommand(positionals: readonly string[], context: AuditCommandContext): number {
  const [action] = positionals;
  if (action !== 'verify') throw new UsageError('Usage: floatdesk audit verify [--workspace <dir>]');
  const { workspaceDir } = chooseWorkspace(context.workspace);
  const { line, intact } = describeAuditReport(auditLedgerFile(ledgerPathOf(workspaceDir)));
  context.print(line);
  return intact ? 0 : 1;
}

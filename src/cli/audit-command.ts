import { openLedger } from '../main/core/ledger/db';
import { ledgerPathOf, chooseWorkspace } from '../main/core/paths';
import { describeAuditReport } from '../main/core/recon/audit/describe-report';
import { auditLedgerFile } from '../main/core/recon/audit/verify-ledger';
import { verifyTeamLog } from '../main/core/team/team-verify';
import { UsageError } from './arguments';

export interface AuditCommandContext {
  workspace: string | undefined;
  print: (text: string) => void;
  /** FLOATDESK_TEAM_PASSWORD: a workspace in a team is compared with the team's server with it. */
  teamPassword?: string | undefined;
}

/**
 * `floatdesk audit verify [--workspace <dir>]`: 0 when every entry checks out, 1 when one does not;
 * in a team, the team's log too (and, with the password, against the server's).
 */
export async function auditCommand(
  positionals: readonly string[],
  context: AuditCommandContext,
): Promise<number> {
  const [action] = positionals;
  if (action !== 'verify') throw new UsageError('Usage: floatdesk audit verify [--workspace <dir>]');
  const { workspaceDir } = chooseWorkspace(context.workspace);
  const ledgerPath = ledgerPathOf(workspaceDir);
  const { line, intact } = describeAuditReport(auditLedgerFile(ledgerPath));
  context.print(line);
  const db = openLedger(ledgerPath, { readonly: true });
  try {
    const team = await verifyTeamLog(db, context.teamPassword || undefined);
    if (team === undefined) return intact ? 0 : 1;
    context.print(team.line);
    return intact && team.intact ? 0 : 1;
  } finally {
    db.close();
  }
}

import { backupWorkspace } from '../main/core/ledger/backup';
import { restoreWorkspace } from '../main/core/ledger/restore';
import { chooseWorkspace } from '../main/core/paths';
import { UsageError } from './arguments';

export interface BackupCommandContext {
  workspace: string | undefined;
  print: (text: string) => void;
  /** Where a warning goes (stderr). */
  warn?: (text: string) => void;
}

/** `floatdesk backup`: an online, verified copy of the ledger; prints the backup's path. */
export async function backupCommand(context: BackupCommandContext, to: string | undefined): Promise<void> {
  const { workspaceDir } = chooseWorkspace(context.workspace);
  const result = await backupWorkspace({ workspaceDir, to });
  context.print(result.path);
}

/** `floatdesk restore --from <file>`: replace the ledger with a verified backup, keeping the old one. */
export async function restoreCommand(
  context: BackupCommandContext,
  from: string | undefined,
  acceptAuditDamage = false,
): Promise<void> {
  if (from === undefined || from === '') throw new UsageError('restore needs --from <backup file>.');
  const { workspaceDir } = chooseWorkspace(context.workspace);
  const result = await restoreWorkspace({ workspaceDir, from, acceptAuditDamage });
  const kept = result.previousKeptAs ? ` The previous ledger is kept as ${result.previousKeptAs}.` : '';
  context.print(
    `Restored ${result.ledgerPath} from ${result.restoredFrom} (schema ${result.schemaVersion}).${kept}`,
  );
  if (result.auditWarning !== undefined) {
    (context.warn ?? console.error)(
      `floatdesk: warning: restored with its audit log damaged, as --accept-audit-damage asked. ${result.auditWarning}`,
    );
  }
}

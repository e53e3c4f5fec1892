import { backupWorkspace } from '../main/core/ledger/backup';
import { restoreWorkspace } from '../main/core/ledger/restore';
import { chooseWorkspace } from '../main/core/paths';
import { UsageError } from './arguments';

export interface BackupCommandContext {
  workspace: string | undefined;
  print: (text: string) => void;
}

/** `floatdesk backup`: an online, verified copy of the ledger; prints the backup's path. */
export async function backupCommand(context: BackupCommandContext, to: string | undefined): Promise<void> {
  const { workspaceDir } = chooseWorkspace(context.workspace);
  const result = await backupWorkspace({ workspaceDir, to });
  context.print(result.path);
}

/** `floatdesk restore --from <file>`: replace the ledger with a verified backup, keeping the old one. */
export async function restoreCommand(context: BackupCommandContext, from: string | undefined): Promise<void> {
  if (from === undefined || from === '') throw new UsageError('restore needs --from <backup file>.');
  const { workspaceDir } = chooseWorkspace(context.workspace);
  const result = await restoreWorkspace({ workspaceDir, from });
  const kept = result.previousKeptAs ? ` The previous ledger is kept as ${result.previousKeptAs}.` : '';
  context.print(
    `Restored ${result.ledgerPath} from ${result.restoredFrom} (schema ${result.schemaVersion}).${kept}`,
  );
}

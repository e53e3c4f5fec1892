/**
 * recon:unlock — lift a sign-off's locks, with a reason: an appended unlock row and its audit
 * entry, in one transaction. The frozen report and the drift alerts stay; a later sign-off can
 * lock the items again.
 */
import type { ChannelInput, ChannelOutput } from '../../../../shared/ipc/contract';
import { invalidInput } from '../../../../shared/ipc/errors';
import { ReconSignOffsRepository } from '../../ledger/repositories/recon-signoffs';
import type { ReconContext } from '../context';
import { keepItems, ledgerVersion } from '../load';
import { appendSignOffEntry } from './sign-off';
import { getSignOff, signOffNotFound } from './sign-off-view';

export function unlockSignOff(
  context: ReconContext,
  input: ChannelInput<'recon:unlock'>,
): ChannelOutput<'recon:unlock'> {
  const { db, workspaceId } = context;
  const repo = new ReconSignOffsRepository(db);
  let versions: [string, string] | undefined;
  db.transaction(() => {
    const stored = repo.get(workspaceId, input.id);
    if (stored === undefined) throw signOffNotFound(input.id);
    if (stored.unlocked !== null) {
      throw invalidInput('unlock', [
        {
          field: 'id',
          problem: `sign-off ${input.id} was unlocked already (${stored.unlocked.at}): sign off again to lock the items`,
        },
      ]);
    }
    const before = ledgerVersion(context);
    const { entry, actorName } = appendSignOffEntry(context, 'period.unlocked', input.id, {
      asOf: stored.asOf,
      reason: input.reason,
    });
    repo.insertUnlock(workspaceId, input.id, {
      at: entry.at,
      actor: context.actor,
      actorName,
      reason: input.reason,
      auditSeq: entry.seq,
    });
    versions = [before, ledgerVersion(context)];
  }).immediate();
  if (versions) keepItems(context, ...versions);
  return { signOff: getSignOff(context, input.id) };
}

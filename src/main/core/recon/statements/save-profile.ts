/** recon:profiles.save — a CSV column profile saved under its name, and shared with the team. */
import type { ChannelInput, ChannelOutput } from '../../../../shared/ipc/contract';
import { CsvProfilesRepository } from '../../ledger/repositories/csv-profiles';
import { shareChange } from '../../team/share-change';
import type { ReconContext } from '../context';

export function saveCsvProfile(
  context: ReconContext,
  input: ChannelInput<'recon:profiles.save'>,
): ChannelOutput<'recon:profiles.save'> {
  return context.db.transaction(() => {
    const saved = new CsvProfilesRepository(context.db).save(
      context.workspaceId,
      input.name,
      input.profile,
      context.now(),
    );
    shareChange(context, {
      kind: 'profile.save',
      subject: `profile:${saved.name}`,
      payload: { name: input.name, profile: input.profile },
    });
    return { name: saved.name };
  })();
}

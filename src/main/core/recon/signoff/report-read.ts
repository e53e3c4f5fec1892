/** recon:signoff.report — a sign-off's frozen report, exactly as stored and checked against its hash. */
import type { ChannelInput, ChannelOutput } from '../../../../shared/ipc/contract';
import { ReconSignOffsRepository } from '../../ledger/repositories/recon-signoffs';
import type { ReconContext } from '../context';
import { readReport } from './frozen-report';
import { getSignOff, signOffNotFound } from './sign-off-view';

export function signOffReport(
  context: ReconContext,
  input: ChannelInput<'recon:signoff.report'>,
): ChannelOutput<'recon:signoff.report'> {
  return context.db
    .transaction(() => {
      const stored = new ReconSignOffsRepository(context.db).report(context.workspaceId, input.id);
      if (stored === undefined) throw signOffNotFound(input.id);
      const { summary, items } = readReport(input.id, stored);
      return { signOff: getSignOff(context, input.id), summary, items };
    })
    .deferred();
}

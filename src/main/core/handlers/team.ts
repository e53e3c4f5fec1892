import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import type { HandlerRegistry } from '../registry';
import type { TeamSession } from '../team/team-session';
import { reconContext } from '../recon/context';
import { listConflicts } from '../team/apply/conflict-view';
import { settleConflict } from '../team/apply/conflict-settle';
import { notJoined } from '../team/team-exchange';

/**
 * team:*: this workspace in its team's PostgreSQL database. The session (team-session.ts) keeps the
 * password like the platform secret and runs the exchange by itself in interactive shells;
 * team:conflicts / team:conflict.settle: decisions two people made apart on one item.
 */
export function registerTeamHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock; team: TeamSession; actor?: 'user' | 'cli' },
): void {
  const { team } = deps;
  registry.register('team:join', (input) => team.join(input.database, input.password));
  registry.register('team:status', (input) => team.status(input.password));
  registry.register('team:sync', (input) => team.sync(input.password));
  registry.register('team:overview', () => team.overview());
  registry.register('team:password.forget', () => team.forgetPassword());
  const recon = reconContext(deps.db, deps.workspaceId, deps.clock, deps.actor ?? 'user');
  registry.register('team:conflicts', (input) => {
    if (!new TeamReplicaRepository(deps.db).joined(deps.workspaceId)) throw notJoined();
    return { conflicts: listConflicts(recon, input.all === true) };
  });
  registry.register('team:conflict.settle', (input) => settleConflict(recon, input.id, input.keep));
}

import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import type { HandlerRegistry } from '../registry';
import { reconContext } from '../reconcile/context';
import { listConflicts } from '../team/apply/conflict-view';
import { settleConflict } from '../team/apply/conflict-settle';
import { notJoined } from '../team/team-exchange';
import { joinTeam, syncTeam, teamStatus } from '../team/team-service';

/**
 * team:join / team:status / team:sync: this workspace in its team's PostgreSQL database;
 * team:conflicts / team:conflict.settle: decisions two people made apart on one item.
 */
export function registerTeamHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock; actor?: 'user' | 'cli' },
): void {
  const place = { db: deps.db, workspaceId: deps.workspaceId, now: () => isoNow(deps.clock) };
  registry.register('team:join', (input) => joinTeam(place, input.database, input.password));
  registry.register('team:status', (input) => teamStatus(place, input.password));
  registry.register('team:sync', (input) => syncTeam(place, input.password));
  const recon = reconContext(deps.db, deps.workspaceId, deps.clock, deps.actor ?? 'user');
  registry.register('team:conflicts', (input) => {
    if (!new TeamReplicaRepository(deps.db).joined(deps.workspaceId)) throw notJoined();
    return { conflicts: listConflicts(recon, input.all === true) };
  });
  registry.register('team:conflict.settle', (input) => settleConflict(recon, input.id, input.keep));
}

import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import type { HandlerRegistry } from '../registry';
import { joinTeam, syncTeam, teamStatus } from '../team/team-service';

/** team:join / team:status / team:sync: this workspace in its team's PostgreSQL database. */
export function registerTeamHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock },
): void {
  const place = { db: deps.db, workspaceId: deps.workspaceId, now: () => isoNow(deps.clock) };
  registry.register('team:join', (input) => joinTeam(place, input.database, input.password));
  registry.register('team:status', (input) => teamStatus(place, input.password));
  registry.register('team:sync', (input) => syncTeam(place, input.password));
}

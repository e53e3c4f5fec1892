import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import type { HandlerRegistry } from '../registry';
import type { TeamSession } from '../team/team-session';

/**
 * team:*: this workspace in its team's PostgreSQL database. The session (team-session.ts) keeps the
 * password like the platform secret and runs the exchange by itself in interactive shells.
 */
export function registerTeamHandlers(
  registry: HandlerRegistry,
  deps: { db: Ledger; workspaceId: number; clock: Clock; team: TeamSession },
): void {
  const { team } = deps;
  registry.register('team:join', (input) => team.join(input.database, input.password));
  registry.register('team:status', (input) => team.status(input.password));
  registry.register('team:sync', (input) => team.sync(input.password));
  registry.register('team:overview', () => team.overview());
  registry.register('team:password.forget', () => team.forgetPassword());
}

import type { HandlerRegistry } from '../registry';
import type { TeamSession } from '../team/team-session';

/** team:*: this workspace in its team's PostgreSQL database (team-session.ts keeps the password). */
export function registerTeamHandlers(registry: HandlerRegistry, team: TeamSession): void {
  registry.register('team:join', (input) => team.join(input.database, input.password));
  registry.register('team:status', (input) => team.status(input.password));
  registry.register('team:sync', (input) => team.sync(input.password));
  registry.register('team:overview', () => team.overview());
  registry.register('team:password.forget', () => team.forgetPassword());
}

/**
 * PostgreSQL for tests (the server itself: postgres-server.ts), and a team database on it set up
 * as `floatdesk team init` and `team grant` would.
 */
import type { PostgresServer } from './postgres-server';
import { connectTeam } from '../../src/main/core/team/team-connection';
import { grantRole, type TeamRole } from '../../src/main/core/team/team-members';

export { loginPassword, startPostgres, type PostgresServer } from './postgres-server';

/** A team database made as `floatdesk team init` and `team grant` make it, run by the cluster's owner. */
export async function setUpTeam(
  server: PostgresServer,
  database: string,
  roles: Record<string, TeamRole>,
): Promise<void> {
  await server.createDatabase(database);
  const owner = await connectTeam({
    url: server.url(server.admin.user, database),
    password: server.admin.password,
  });
  try {
    // Imported here: the schema's SQL file loads through Vite, which the e2e runner does not have.
    const { initTeamSchema } = await import('../../src/main/core/team/team-schema');
    await initTeamSchema(owner, database);
    for (const [login, role] of Object.entries(roles)) await grantRole(owner, login, role, database);
  } finally {
    await owner.end();
  }
}

/**
 * A ledger file whose one workspace is in a team as a preparer, joined from the start of the team's
 * log: what the team tests and bench/team-sync keep their desktops in.
 */
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import { TeamReplicaRepository } from '../../src/main/core/ledger/repositories/team-replica';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { GENESIS_HASH } from '../../src/main/core/team/team-changes';

export function teamLedger(
  file: string,
  team: { databaseUrl: string; login: string; now: string; workspaceName?: string },
): { db: Ledger; workspaceId: number } {
  const db = openLedger(file);
  migrate(db, MIGRATIONS);
  const workspace = new WorkspacesRepository(db).ensure({
    name: team.workspaceName ?? team.login,
    kind: 'platform',
    baseUrl: null,
    now: team.now,
  });
  new TeamReplicaRepository(db).join(workspace.id, {
    databaseUrl: team.databaseUrl,
    login: team.login,
    role: 'preparer',
    joinedAt: team.now,
    pulledHash: GENESIS_HASH,
    members: [],
  });
  return { db, workspaceId: workspace.id };
}

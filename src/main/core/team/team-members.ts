/** The team's people: an admin gives a login its role; everyone reads who is who. */
import type pg from 'pg';
import type { TEAM_ROLES } from '../../../shared/ipc/contract-team';
import { teamError } from './team-errors';

export type TeamRole = (typeof TEAM_ROLES)[number];

export interface TeamMember {
  login: string;
  role: TeamRole;
}

export async function grantRole(
  client: pg.Client,
  login: string,
  role: TeamRole,
  where: string,
): Promise<void> {
  try {
    await client.query('SELECT floatdesk_team.grant_member($1, $2)', [login, role]);
  } catch (error) {
    throw teamError(error, where);
  }
}

export async function teamMembers(client: pg.Client, where: string): Promise<TeamMember[]> {
  try {
    const answer = await client.query<TeamMember>(
      'SELECT login, role FROM floatdesk_team.members ORDER BY login',
    );
    return answer.rows;
  } catch (error) {
    throw teamError(error, where);
  }
}

/** The role the server gives the connected login (null: not a member). */
export async function myRole(client: pg.Client, where: string): Promise<TeamRole | null> {
  try {
    const answer = await client.query<{ role: TeamRole | null }>(
      'SELECT floatdesk_team.role_of(session_user) AS role',
    );
    return answer.rows[0]?.role ?? null;
  } catch (error) {
    throw teamError(error, where);
  }
}

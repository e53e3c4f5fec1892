/** `team init`: the team schema created or brought up to date, idempotently, under a lock. */
import type pg from 'pg';
import { AppError } from '../../../shared/ipc/errors';
import { TEAM_SCHEMA_STEPS, TEAM_SCHEMA_VERSION } from './server';
import { teamError } from './team-errors';

export interface TeamInitResult {
  /** The schema version before and after. */
  from: number;
  to: number;
}

export async function initTeamSchema(client: pg.Client, where: string): Promise<TeamInitResult> {
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('floatdesk_team.schema'))");
    await client.query('CREATE SCHEMA IF NOT EXISTS floatdesk_team');
    await client.query(
      'CREATE TABLE IF NOT EXISTS floatdesk_team.schema_version (id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)',
    );
    await client.query('REVOKE ALL ON floatdesk_team.schema_version FROM PUBLIC');
    const found = await client.query<{ version: number }>(
      'SELECT version FROM floatdesk_team.schema_version WHERE id = 1',
    );
    const from = found.rows[0]?.version ?? 0;
    if (from > TEAM_SCHEMA_VERSION)
      throw new AppError(
        'ledger_too_new',
        `The team database was set up by a newer FloatDesk (schema ${from}; this one knows ${TEAM_SCHEMA_VERSION}). Update FloatDesk on this computer.`,
      );
    for (const step of TEAM_SCHEMA_STEPS) if (step.version > from) await client.query(step.sql);
    await client.query(
      'INSERT INTO floatdesk_team.schema_version (id, version) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version',
      [TEAM_SCHEMA_VERSION],
    );
    await client.query('COMMIT');
    return { from, to: TEAM_SCHEMA_VERSION };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw teamError(error, where);
  }
}

/** The first step whose database lets its members read which step it is at (0005). */
const READABLE_FROM = 5;

/**
 * The step the team database is at, as a member reads it. A database before step 5 does not let
 * its members read it: it is then at step 4 at most, and 4 is answered (older than this FloatDesk
 * either way). Asked first whether the read is allowed, so that an older database's log does not
 * fill with refusals (an exchange every half minute per desktop). Null: the database keeps no
 * record of its step (not set up by `team init`).
 */
export async function teamSchemaStep(client: pg.Client, where: string): Promise<number | null> {
  try {
    const allowed = await client.query<{ readable: boolean | null }>(
      "SELECT has_table_privilege(to_regclass('floatdesk_team.schema_version'), 'SELECT') AS readable",
    );
    const readable = allowed.rows[0]?.readable;
    if (readable === null || readable === undefined) return null;
    if (!readable) return READABLE_FROM - 1;
    const found = await client.query<{ version: number }>(
      'SELECT version FROM floatdesk_team.schema_version WHERE id = 1',
    );
    return found.rows[0]?.version ?? null;
  } catch (error) {
    throw teamError(error, where);
  }
}

/**
 * Migration 0033-team-schema-seen: the team database's schema step as this desktop last saw it,
 * unknown for a link made before (until its next exchange), kept with the rest of the link.
 */
import { describe, expect, it } from 'vitest';
import { TeamReplicaRepository } from '../../../src/main/core/ledger/repositories/team-replica';
import { migratedTo, useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0033-team-schema-seen', () => {
  it('leaves a link made before unknown, then keeps what an exchange saw', () => {
    const db = migratedTo(scratch, 'team-schema-seen', (before) => {
      before
        .prepare(
          `INSERT INTO team_links (workspace_id, database_url, login, role, joined_at, pulled_hash)
           VALUES (1, 'postgres://ana@db/team', 'ana', 'preparer', '2026-11-01T09:00:00Z', ?)`,
        )
        .run('0'.repeat(64));
    });
    const replica = new TeamReplicaRepository(db);
    expect(replica.link(1)).toMatchObject({ login: 'ana', teamSchema: null, lastExchange: null });
    replica.exchanged(1, '2026-11-02T09:00:00Z', {
      members: [{ login: 'ana', role: 'preparer' }],
      teamSchema: 4,
    });
    expect(replica.link(1)).toMatchObject({
      teamSchema: 4,
      lastExchange: '2026-11-02T09:00:00Z',
      members: [{ login: 'ana', role: 'preparer' }],
    });
    expect(() => db.prepare('UPDATE team_links SET team_schema = -1').run()).toThrow(/CHECK/);
  });
});

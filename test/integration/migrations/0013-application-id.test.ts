import { describe, expect, it } from 'vitest';
import { FLOATDESK_APPLICATION_ID, openLedger } from '../../../src/main/core/ledger/db';
import { migrate, schemaVersionOf } from '../../../src/main/core/ledger/migrate';
import { MIGRATIONS, type Migration } from '../../../src/main/core/ledger/migrations';
import { useScratchLedger } from '../../helpers/migration-ledger';

const scratch = useScratchLedger();

describe('migration 0013-application-id', () => {
  const STEP = MIGRATIONS.findIndex((step) => step.name === 'application-id') + 1;

  it("is step 13 and marks a version 12 ledger as FloatDesk's, keeping its data", () => {
    expect(STEP).toBe(13);
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS.slice(0, STEP - 1));
    scratch.db
      .prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (1, 'Books', 'platform', 'now')")
      .run();
    expect(scratch.db.pragma('application_id', { simple: true })).toBe(0);
    expect(migrate(scratch.db, MIGRATIONS.slice(0, STEP)).applied).toEqual(['0013-application-id']);
    expect(scratch.db.pragma('application_id', { simple: true })).toBe(FLOATDESK_APPLICATION_ID);
    expect(schemaVersionOf(scratch.db)).toBe(STEP);
    expect(scratch.db.prepare('SELECT name FROM workspaces').pluck().all()).toEqual(['Books']);
  });

  it('gives a new ledger the id in the same transaction as its schema', () => {
    scratch.db = openLedger(scratch.path);
    migrate(scratch.db, MIGRATIONS);
    expect(scratch.db.pragma('application_id', { simple: true })).toBe(FLOATDESK_APPLICATION_ID);
  });

  it('leaves the id unset when a later step of the same run fails', () => {
    scratch.db = openLedger(scratch.path);
    const broken: Migration[] = [
      ...MIGRATIONS.slice(0, STEP),
      { version: STEP + 1, name: 'broken', sql: 'CREATE TABLE oops (' },
    ];
    expect(() => migrate(scratch.db!, broken)).toThrow();
    expect(scratch.db.pragma('application_id', { simple: true })).toBe(0);
    expect(schemaVersionOf(scratch.db)).toBe(0);
  });
});

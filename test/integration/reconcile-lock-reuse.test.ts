/**
 * The locks in force are read once per ledger version and kept, also when first read inside a
 * read-only transaction (a fresh start asks the summary, the items and the suggestions that way):
 * otherwise every question on a fresh connection works out every item's state again. A sign-off
 * written in a transaction that is rolled back is never kept.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { readWithLocks } from '../../src/main/core/recon/context';
import { signOff } from '../../src/main/core/recon/signoff/sign-off';
import { ReconService } from '../../src/main/core/recon/service';
import {
  RECON_NOW,
  RECON_STATEMENT,
  reconCore,
  seedReconWorkspace,
  statementBase64,
} from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let db: Ledger;
let service: ReconService;

beforeEach(async () => {
  temp = makeTempDir();
  const path = seedReconWorkspace(temp.dir);
  const core = reconCore(temp.dir);
  const imported = await core.dispatch('recon:import', {
    fileName: RECON_STATEMENT,
    contentBase64: statementBase64(),
  });
  expect(imported.ok).toBe(true);
  expect((await core.dispatch('recon:run', {})).ok).toBe(true);
  await core.close();
  db = openLedger(path);
  const workspaceId = (db.prepare('SELECT id FROM workspaces LIMIT 1').get() as { id: number }).id;
  service = new ReconService(db, workspaceId, () => RECON_NOW, 'user');
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('locks on a fresh connection', () => {
  it('are read once and kept across the questions a screen asks', () => {
    const first = readWithLocks(service.context).context.lockIndex();
    const second = readWithLocks(service.context).context.lockIndex();
    expect(second).toBe(first);
    // The same items object answers a second question: nothing is worked out again.
    const items = service.items({ limit: 5 });
    expect(service.items({ limit: 5 })).toEqual(items);
  });

  it('never keep a sign-off whose transaction was rolled back', () => {
    const before = readWithLocks(service.context).context.lockIndex();
    expect(before.lines.size + before.requests.size).toBe(0);
    expect(() =>
      db.transaction(() => {
        signOff(service.context, { acknowledgeOpenItems: true });
        const inside = readWithLocks(service.context).context.lockIndex();
        expect(inside.lines.size + inside.requests.size).toBeGreaterThan(0);
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    const after = readWithLocks(service.context).context.lockIndex();
    expect(after.lines.size + after.requests.size).toBe(0);
    expect(service.items({ limit: 200 }).items.every((item) => item.lockedBy === null)).toBe(true);
    // Signed off for real, the locks are read again.
    signOff(service.context, { acknowledgeOpenItems: true });
    const locked = readWithLocks(service.context).context.lockIndex();
    expect(locked.lines.size + locked.requests.size).toBeGreaterThan(0);
  });
});

/**
 * Journals across consecutive sign-offs on a real ledger file: a top-up paid in October while the
 * platform had not approved it yet is listed, not posted, in October's journals, and posted once,
 * in November's, when the approval arrived in November; October's export stays what it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import type { Core } from '../../src/main/core/services';
import type { JournalExport } from '../../src/shared/ipc/contract-journals';
import { assertBuilt } from '../helpers/cli';
import { readCsv } from '../helpers/csv-read';
import {
  dispatched,
  reconCore,
  seedReconWorkspace,
  statementBase64,
  RECON_REQUESTS,
  RECON_STATEMENT,
} from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';
import { RECON_MAPPING_CSV } from '../helpers/journals-fixture';

const OCTOBER = '2026-10-31';
const NOVEMBER = '2026-11-30';
/** Paid on 5 October by a bank line whose reference is one character off; pending at the platform. */
const AWAITING = 'FDZ5N1H7C8';
const MAPPING = RECON_MAPPING_CSV;

let temp: ReturnType<typeof makeTempDir>;
let core: Core;

beforeAll(() => assertBuilt());
beforeEach(async () => {
  temp = makeTempDir();
  seedReconWorkspace(temp.dir);
  core = reconCore(temp.dir, undefined, 'cli');
  await dispatched(core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
  await dispatched(core, 'recon:run', { asOf: OCTOBER });
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

async function exported(asOf: string, name: string): Promise<{ result: JournalExport; rows: string[][] }> {
  const destination = join(temp.dir, name);
  const result = await dispatched(core, 'journals:export', {
    asOf,
    format: 'csv',
    destination,
    accounts: MAPPING,
  });
  if ('cancelled' in result) throw new Error('no file was written');
  return { result, rows: readCsv(readFileSync(destination, 'utf8')) };
}

/** The platform changes a request's status (approved for what was asked, or removed), seen on 3 November. */
function onThePlatform(reference: string, status: 'approved' | 'removed'): void {
  const db = openLedger(join(temp.dir, 'ledger.sqlite'));
  try {
    const workspaceId = db.prepare('SELECT id FROM workspaces').pluck().get() as number;
    const observed = RECON_REQUESTS.find((request) => request.payment_reference === reference)!;
    new TransfersRepository(db).upsertTransferRequests(
      workspaceId,
      [{ ...observed, status, approved: observed.approved ?? observed.requested }],
      { syncRunId: null, observedAt: '2026-11-03T09:00:00.000Z' },
    );
  } finally {
    db.close();
  }
}

/**
 * October signed off and exported, then the platform's change, then November exported: signed off,
 * or a DRAFT (a removal alone gives a sign-off nothing new to lock).
 */
async function octoberThenNovember(
  reference: string,
  status: 'approved' | 'removed',
  signNovember = true,
): Promise<{
  october: Awaited<ReturnType<typeof exported>>;
  november: Awaited<ReturnType<typeof exported>>;
}> {
  await dispatched(core, 'recon:signoff', { asOf: OCTOBER, acknowledgeOpenItems: true });
  const october = await exported(OCTOBER, 'october.csv');
  await core.close();
  onThePlatform(reference, status);
  core = reconCore(temp.dir, () => new Date('2026-12-01T09:00:00.000Z'), 'cli');
  if (signNovember) await dispatched(core, 'recon:signoff', { asOf: NOVEMBER, acknowledgeOpenItems: true });
  return { october, november: await exported(NOVEMBER, 'november.csv') };
}

describe('journals of consecutive periods', () => {
  it('post a top-up paid in one period and approved in the next once, in the period of its approval', async () => {
    const { october, november } = await octoberThenNovember(AWAITING, 'approved');
    expect(october.result.notPosted).toContainEqual(
      expect.objectContaining({ id: AWAITING, why: expect.stringMatching(/not yet approved/) }),
    );
    expect(october.rows.some((row) => row[4] === AWAITING)).toBe(false);

    expect(november.result.period).toEqual({ from: '2026-11-01', to: NOVEMBER });
    expect(november.result.notPosted.map((item) => item.id)).not.toContain(AWAITING);
    // Into the float at the approved amount, out of the bank at what was paid on 4 October.
    expect(november.rows.filter((row) => row[4] === AWAITING).map((row) => [row[2], row[6], row[7]])).toEqual(
      [
        ['1210', '800.00', ''],
        ['1200', '', '800.00'],
      ],
    );
    // October's top-ups are not posted again in November.
    expect(november.rows.some((row) => row[4] === 'FDK7Q2M9X1')).toBe(false);

    // October's journals are what its sign-off froze: the export of October is unchanged.
    const octoberAgain = await exported(OCTOBER, 'october-again.csv');
    expect(octoberAgain.result.files[0]!.sha256).toBe(october.result.files[0]!.sha256);
  });

  it('reverse a top-up posted in one period and removed at the platform in the next into a refund due', async () => {
    const { october, november } = await octoberThenNovember('FDK7Q2M9X1', 'removed', false);
    const posted = (rows: string[][]) =>
      rows
        .filter((row) => row[4] === 'FDK7Q2M9X1')
        .map((row) => [row[0]!.includes('-REFUNDS-') ? 'refund' : 'top-up', row[2], row[6], row[7]]);
    expect(posted(october.rows)).toEqual([
      ['top-up', '1210', '2500.00', ''],
      ['top-up', '1200', '', '2500.00'],
    ]);
    // November: into refunds receivable, out of the float; the bank is not touched again.
    expect(posted(november.rows)).toEqual([
      ['refund', '1300', '2500.00', ''],
      ['refund', '1210', '', '2500.00'],
    ]);
  });
});

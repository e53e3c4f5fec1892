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

const OCTOBER = '2026-10-31';
const NOVEMBER = '2026-11-30';
/** Paid on 5 October by a bank line whose reference is one character off; pending at the platform. */
const AWAITING = 'FDZ5N1H7C8';
const MAPPING = [
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account',
  'main,GBP,1210,1200,5000,5990,1300',
  'euro,EUR,1211,1201,5001,5991,1301',
].join('\n');

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

/** The platform approves the request for what was asked, seen by a sync on 3 November. */
function approveOnThePlatform(): void {
  const db = openLedger(join(temp.dir, 'ledger.sqlite'));
  try {
    const workspaceId = db.prepare('SELECT id FROM workspaces').pluck().get() as number;
    const observed = RECON_REQUESTS.find((request) => request.payment_reference === AWAITING)!;
    new TransfersRepository(db).upsertTransferRequests(
      workspaceId,
      [{ ...observed, status: 'approved', approved: observed.requested }],
      { syncRunId: null, observedAt: '2026-11-03T09:00:00.000Z' },
    );
  } finally {
    db.close();
  }
}

describe('journals of consecutive periods', () => {
  it('post a top-up paid in one period and approved in the next once, in the period of its approval', async () => {
    await dispatched(core, 'recon:signoff', { asOf: OCTOBER, acknowledgeOpenItems: true });
    const october = await exported(OCTOBER, 'october.csv');
    expect(october.result.notPosted).toContainEqual(
      expect.objectContaining({ id: AWAITING, why: expect.stringMatching(/not yet approved/) }),
    );
    expect(october.rows.some((row) => row[4] === AWAITING)).toBe(false);

    await core.close();
    approveOnThePlatform();
    core = reconCore(temp.dir, () => new Date('2026-12-01T09:00:00.000Z'), 'cli');
    await dispatched(core, 'recon:signoff', { asOf: NOVEMBER, acknowledgeOpenItems: true });
    const november = await exported(NOVEMBER, 'november.csv');
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
});

/**
 * A workspace for reconciliation tests: a real ledger file with the transfer requests that the
 * statement fixture recon-gbp-camt053.xml pays (October 2026, GBP), written through
 * TransfersRepository as a sync would, and the core running on it with a fixed clock.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openLedger, type Ledger } from '../../src/main/core/ledger/db';
import { migrate } from '../../src/main/core/ledger/migrate';
import { MIGRATIONS } from '../../src/main/core/ledger/migrations';
import {
  TransfersRepository,
  type TransferObservation,
} from '../../src/main/core/ledger/repositories/transfers';
import { WorkspacesRepository } from '../../src/main/core/ledger/repositories/workspaces';
import { createCore, type Core, type CoreExtras } from '../../src/main/core/services';
import type { Channel } from '../../src/shared/ipc/channels';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import { afterEach, beforeEach } from 'vitest';
import { STATEMENT_FIXTURES } from './statement-fixtures';
import { makeTempDir } from './temp-dir';

export const RECON_STATEMENT = 'recon-gbp-camt053.xml';
export const RECON_NOW = new Date('2026-10-31T18:00:00.000Z');

const gbp = (amount: string) => ({ amount, currency: 'GBP' });
const request = (
  reference: string,
  day: string,
  amount: string,
  status: string,
  approved: string | null = status.startsWith('approved') ? amount : null,
): TransferObservation => ({
  float: 'main',
  requested: gbp(amount),
  approved: approved === null ? null : gbp(approved),
  payment_reference: reference,
  status,
  created_at: `2026-10-${day}T10:00:00+01:00`,
});

/** What each request meets in the statement (line ids are the statement's AcctSvcrRef). */
export const RECON_REQUESTS: TransferObservation[] = [
  request('FDK7Q2M9X1', '01', '2500.00', 'approved'), // line …101: reference field → exact
  request('FDP3W8R6T4', '02', '1200.00', 'approved_edited', '1190.00'), // …102: in the remittance → exact
  request('FDZ5N1H7C8', '04', '800.00', 'pending'), // …103: reference "FDZ5N1H7C3", one character off → fuzzy
  request('FDB2V6J4L9', '05', '300.00', 'approved'), // …104: 300.00, no reference: a tie with the next
  request('FDM8Y3D5G2', '05', '300.00', 'approved'),
  request('FDH4S9K2P7', '08', '450.00', 'approved'), // …105: 450.00, no reference: a tie with the next
  request('FDT6C1F8W3', '08', '450.00', 'approved'),
  request('FDR9L5X2N6', '12', '1000.00', 'approved'), // …106 paid 980.00: outside the tolerance
  request('FDW1G7Q4B5', '20', '600.00', 'pending'), // no payment
  request('FDC3J8T6M1', '15', '700.00', 'approved'), // approved, no payment
  request('FDN7D2V9H4', '16', '350.00', 'removed', '350.00'), // …109: paid, then removed
  request('FDX2K8P5Q7', '18', '200.00', 'cancelled'), // cancelled before any payment
  {
    ...request('FDE5U7K3Z8', '14', '75.50', 'pending'),
    float: 'euro',
    requested: { amount: '75.50', currency: 'EUR' },
  },
];

export function statementBase64(name = RECON_STATEMENT): string {
  return readFileSync(join(STATEMENT_FIXTURES, name)).toString('base64');
}

/** A ledger at the latest schema with one workspace, "Books" (id 1), left open. */
export function booksLedger(path: string): { db: Ledger; workspaceId: number } {
  const db = openLedger(path);
  migrate(db, MIGRATIONS);
  const workspace = new WorkspacesRepository(db).ensure({
    name: 'Books',
    kind: 'platform',
    baseUrl: 'http://127.0.0.1:9/api/v2',
    now: '2026-10-01T00:00:00.000Z',
  });
  return { db, workspaceId: workspace.id };
}

/** Creates the workspace's ledger with the requests (before any core opens it); returns its path. */
export function seedReconWorkspace(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'ledger.sqlite');
  const { db, workspaceId } = booksLedger(path);
  try {
    new TransfersRepository(db).upsertTransferRequests(workspaceId, RECON_REQUESTS, {
      syncRunId: null,
      observedAt: '2026-10-31T12:00:00.000Z',
    });
  } finally {
    db.close();
  }
  return path;
}

export function reconCore(
  dir: string,
  clock: () => Date = () => RECON_NOW,
  shell: 'browser' | 'cli' = 'browser',
  extras: CoreExtras = {},
): Core {
  return createCore(
    {
      workspaceDir: dir,
      workspaceName: 'Books',
      workspaceKind: 'platform',
      workspaceBaseUrl: 'http://127.0.0.1:9/api/v2',
      shell,
      appVersion: 'test',
      changePollMs: 0,
    },
    clock,
    extras,
  );
}

/** sha256 of the ledger file and its write-ahead log: any write changes one of them. */
export function ledgerDigest(path: string): string {
  const hash = createHash('sha256');
  for (const file of [path, `${path}-wal`])
    hash.update(existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
  return hash.digest('hex');
}

/**
 * sha256 of every row of every table but `locks`: for an operation that takes a workspace lock (a
 * statement import) and must otherwise store nothing.
 */
export function ledgerContentDigest(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const hash = createHash('sha256');
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT IN ('locks') AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all();
    for (const { name } of tables) {
      hash.update(name);
      const rows = db
        .prepare(`SELECT * FROM "${name}"`)
        .raw()
        .all()
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
        );
      for (const row of rows.sort()) hash.update(row);
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

/** A channel's answer through the core's dispatch (input and answer checked against the contract); throws on a refusal. */
export async function dispatched<C extends Channel>(
  core: Core,
  channel: C,
  input: unknown = {},
): Promise<ChannelOutput<C>> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as ChannelOutput<C>;
}

/** The error a channel answers with; throws when it succeeds. */
export async function refusal(core: Core, channel: string, input: unknown): Promise<ErrorShape> {
  const envelope = await core.dispatch(channel, input);
  if (envelope.ok) throw new Error(`${channel} succeeded: ${JSON.stringify(envelope.value)}`);
  return envelope.error;
}

/** The workspace of one test: its ledger file and the core running on it. */
export interface ImportedReconWorkspace {
  readonly core: Core;
  readonly ledgerPath: string;
  /** Closes the core and starts another on the same workspace, in the shell given. */
  reopen(shell: 'browser' | 'cli'): Promise<void>;
}

/**
 * For every test of the calling file: a fresh workspace with the requests (seedReconWorkspace), its
 * core, and the statement RECON_STATEMENT imported; closed and removed after the test.
 */
export function useImportedReconWorkspace(): ImportedReconWorkspace {
  let temp: ReturnType<typeof makeTempDir> | undefined;
  let path: string | undefined;
  let current: Core | undefined;
  beforeEach(async () => {
    temp = makeTempDir();
    path = seedReconWorkspace(temp.dir);
    current = reconCore(temp.dir);
    await dispatched(current, 'recon:import', {
      fileName: RECON_STATEMENT,
      contentBase64: statementBase64(),
    });
  });
  afterEach(async () => {
    await current?.close();
    temp?.cleanup();
    temp = path = current = undefined;
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the workspace exists only inside a test');
    return value;
  };
  return {
    get core() {
      return started(current);
    },
    get ledgerPath() {
      return started(path);
    },
    async reopen(shell) {
      await started(current).close();
      current = reconCore(started(temp).dir, undefined, shell);
    },
  };
}

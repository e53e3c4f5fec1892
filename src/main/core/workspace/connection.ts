import { AppError } from '../../../shared/ipc/errors';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { SyncStateRepository } from '../ledger/repositories/sync-state';
import { recordDemoHistory } from './demo-history';
import type { WorkspaceRecord } from '../ledger/repositories/workspaces';
import type { PlatformCredentials } from '../platform/types';
import { startSimulator, type RunningSimulator } from '../../../simulator/server';

/** The demo workspace's simulator is seeded with this, so every demo shows the same company. */
export const DEMO_SEED = 20261122;

export interface PlatformConnection {
  kind: 'demo' | 'platform';
  credentials: PlatformCredentials;
  close(): Promise<void>;
}

/**
 * The demo workspace talks to the built-in simulator on a random loopback port. Its simulated
 * clock is anchored at the demo's first start (kept in the ledger) and caught up to the real time
 * on every start, so reopening the demo days later shows the same history moved on, never a
 * different one. On the first start the ledger is given the demo's past year (demo-history.ts).
 */
export async function startDemoConnection(
  db: Ledger,
  workspaceId: number,
  clock: Clock,
): Promise<PlatformConnection> {
  const state = new SyncStateRepository(db);
  const saved = state.get(workspaceId, 'demo', 'simulator.startTime');
  const now = clock().getTime();
  const startTime = saved === undefined ? now - (now % 3_600_000) : Number(saved);
  if (saved === undefined)
    state.set(workspaceId, 'demo', 'simulator.startTime', String(startTime), isoNow(clock));
  const simulator: RunningSimulator = await startSimulator({
    port: 0,
    seed: DEMO_SEED,
    startTime,
    timeScale: 1,
  });
  // First start: the ledger gets the year the demo company has behind it, before anything moves on.
  if (saved === undefined) recordDemoHistory(db, workspaceId, simulator.world);
  if (now > startTime) simulator.advanceClock(now - startTime);
  return {
    kind: 'demo',
    credentials: { baseUrl: simulator.baseUrl, apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
    close: () => simulator.close(),
  };
}

/** A real platform workspace: its base URL from the ledger, the credentials from the shell. */
export function platformConnection(
  workspace: WorkspaceRecord,
  credentials: { apiKey: string; apiSecret: string } | undefined,
): PlatformConnection {
  if (!workspace.baseUrl) {
    throw new AppError(
      'invalid_input',
      'This workspace has no platform address yet. Set one with "floatdesk workspace init <dir> --base-url <url>".',
    );
  }
  if (!credentials) {
    throw new AppError(
      'auth_failed',
      'No API key and secret for this workspace. Set FLOATDESK_API_KEY and FLOATDESK_API_SECRET (or enter them in Settings).',
    );
  }
  return {
    kind: 'platform',
    credentials: { baseUrl: workspace.baseUrl, ...credentials },
    close: async () => {},
  };
}

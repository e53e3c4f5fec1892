/** A core on a workspace synced from an adversarial simulator, and a way to run one export to its end. */
import { generateWorld } from '../../src/simulator/data';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { createCore, type Core } from '../../src/main/core/services';
import type { ExportFinished, ExportProgress } from '../../src/shared/ipc/contract-export';

export async function startAdversarialSimulator(): Promise<RunningSimulator> {
  const startTime = Math.floor(Date.now() / 1000) * 1000;
  const world = generateWorld({
    seed: 8,
    floats: 6,
    transfers: 400,
    brands: 60,
    startTime,
    adversarial: true,
  });
  return startSimulator({ port: 0, world, floatsCacheMs: 0 });
}

export async function syncedCore(simulator: RunningSimulator, dir: string): Promise<Core> {
  const core = createCore({
    workspaceDir: dir,
    workspaceName: 'Export test',
    workspaceKind: 'platform',
    workspaceBaseUrl: simulator.baseUrl,
    shell: 'cli',
    appVersion: 'test',
    changePollMs: 0,
    credentials: { apiKey: simulator.apiKey, apiSecret: simulator.apiSecret },
  });
  const synced = await core.dispatch('sync:run', {});
  if (!synced.ok) throw new Error(`sync failed: ${synced.error.message}`);
  return core;
}

export interface ExportRun {
  finished: ExportFinished;
  progress: ExportProgress[];
}

/** export:start, then the events of that export until its export:finished. */
export async function runExport(
  core: Core,
  input: unknown,
  onStarted?: (id: string) => void,
): Promise<ExportRun> {
  const progress: ExportProgress[] = [];
  const current: { exportId?: string } = {};
  const early: Array<[string, unknown]> = [];
  const waiting: Array<(value: ExportFinished) => void> = [];
  const settle = (value: ExportFinished): void => {
    waiting.forEach((resolve) => resolve(value));
  };
  const finished = new Promise<ExportFinished>((resolve) => {
    waiting.push(resolve);
  });
  const seen = (name: string, payload: unknown): void => {
    const id = (payload as { exportId?: string }).exportId;
    if (id !== current.exportId) return;
    if (name === 'export:progress') progress.push(payload as ExportProgress);
    if (name === 'export:finished') settle(payload as ExportFinished);
  };
  const stop = core.onEvent((name, payload) =>
    current.exportId === undefined ? early.push([name, payload]) : seen(name, payload),
  );
  const started = await core.dispatch('export:start', input);
  if (!started.ok) throw new Error(`export:start: ${started.error.code} ${started.error.message}`);
  const exportId = (started.value as { exportId: string }).exportId;
  current.exportId = exportId;
  for (const [name, payload] of early) seen(name, payload);
  onStarted?.(exportId);
  try {
    return { finished: await finished, progress };
  } finally {
    stop();
  }
}

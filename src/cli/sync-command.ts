import { SYNC_DATASETS } from '../shared/ipc/schemas';
import { chooseWorkspace } from '../main/core/paths';
import { createCore } from '../main/core/services';
import { dateOption, stringOption, UsageError, type CommandValues } from './arguments';
import { formatTable } from './output';
import { progressLine, terminalProgress } from './progress-bar';
import { credentialsForCommand } from './credentials';
import { coreClient } from './in-process-core';
import { APP_VERSION } from './version';

type Dataset = (typeof SYNC_DATASETS)[number];

function parseOnly(text: string | undefined): Dataset[] | undefined {
  if (text === undefined) return undefined;
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(SYNC_DATASETS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--only takes a comma-separated list of ${SYNC_DATASETS.join(', ')}${unknown.length ? `, not "${unknown.join(', ')}"` : ''}.`,
    );
  }
  return [...new Set(names)] as Dataset[];
}

/** `floatdesk sync [--workspace <dir>] [--only floats,transfers,brands,templates] [--since YYYY-MM-DD]` */
export async function syncCommand(values: CommandValues, print: (text: string) => void): Promise<number> {
  const datasets = parseOnly(stringOption(values, 'only'));
  const since = dateOption(values, 'since', '2025-01-31');
  const workspace = chooseWorkspace(stringOption(values, 'workspace'));
  const core = createCore({
    ...workspace,
    shell: 'cli',
    appVersion: APP_VERSION,
    changePollMs: 0,
    credentials: await credentialsForCommand(workspace.workspaceDir),
  });
  const bar = terminalProgress(process.stderr);
  const client = coreClient(core);
  client.onEvent('sync:progress', (progress) =>
    bar.update(progressLine(progress.dataset, progress.phase, progress.done, progress.total)),
  );
  try {
    const summary = await client
      .invoke('sync:run', { ...(datasets ? { datasets } : {}), ...(since ? { since } : {}) })
      .finally(() => bar.done());
    print(
      formatTable(
        ['Dataset', 'Outcome', 'Read', 'Changed', 'Requests'],
        summary.datasets.map((d) => [
          d.dataset,
          d.outcome,
          String(d.itemsRead),
          String(d.itemsChanged),
          String(d.requestsMade),
        ]),
        new Set([2, 3, 4]),
      ),
    );
    const problem = summary.datasets.find((d) => d.outcome !== 'succeeded');
    if (!problem) return 0;
    console.error(
      `floatdesk: sync ${summary.outcome}: ${problem.dataset}: ${problem.errorMessage ?? problem.outcome}`,
    );
    return 1;
  } finally {
    bar.done();
    await core.close();
  }
}

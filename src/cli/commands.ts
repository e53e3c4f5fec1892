import { call, withCore } from './in-process-core';
import { formatTable } from './output';

export interface CommandContext {
  workspace: string | undefined;
  json: boolean;
  print: (text: string) => void;
}

export async function statusCommand(context: CommandContext): Promise<void> {
  const status = await withCore(context, (core) => call(core, 'app:status', {}));
  if (context.json) return context.print(JSON.stringify(status, null, 2));
  context.print(
    [
      `FloatDesk ${status.appVersion}`,
      `Workspace: ${status.workspaceDir}`,
      `Ledger:    ${status.ledgerPath}`,
      `Schema:    ${status.schemaVersion} of ${status.latestSchemaVersion}`,
    ].join('\n'),
  );
}

export async function floatsCommand(context: CommandContext, currency: string | undefined): Promise<void> {
  const input = currency === undefined ? {} : { currency };
  const { floats } = await withCore(context, (core) => call(core, 'floats:list', input));
  if (context.json) return context.print(JSON.stringify({ floats }, null, 2));
  if (floats.length === 0)
    return context.print('No floats in this workspace yet: balances appear after the first sync.');
  const rows = floats.map((float) => [
    float.currency,
    float.name,
    float.available?.amount ?? '—',
    float.pending?.amount ?? '—',
    float.platformRefreshedAt ?? '—',
  ]);
  context.print(
    formatTable(['Currency', 'Float', 'Available', 'Pending', 'Platform refreshed'], rows, new Set([2, 3])),
  );
}

// Channel names only, with zero imports: the preload bundles this file and nothing else from shared.

/** Request/response channels, `domain:verb`. Every one has a schema in contract.ts and one core handler. */
export const CHANNELS = [
  'app:status',
  'app:diagnostics',
  'floats:list',
  'floats:history',
  'floats:insights',
  'floats:threshold.set',
  'notifications:list',
  'notifications:dismiss',
  'sync:run',
  'sync:cancel',
  'sync:status',
  'transfers:list',
  'transfers:options',
  'transfers:detail',
  'transfers:submit',
  'transfers:drafts.list',
  'transfers:drafts.save',
  'transfers:drafts.delete',
  'settings:get',
  'settings:update',
  'settings:bank-details.get',
  'settings:bank-details.set',
  'workspaces:list',
  'workspaces:create',
  'workspaces:switch',
  'connection:get',
  'connection:set',
  'connection:test',
  'recon:import',
  'recon:profiles.list',
  'recon:profiles.save',
  'recon:run',
  'recon:summary',
  'recon:items',
  'recon:suggestions',
  'recon:match.confirm',
  'recon:match.reject',
  'recon:match.manual',
  'recon:match.check',
  'recon:resolve',
  'recon:undo',
  'recon:rollforward',
  'recon:opening.set',
  'recon:opening.list',
  'recon:demo-statement.load',
  'recon:signoff',
  'recon:signoffs',
  'recon:signoff.report',
  'recon:unlock',
  'recon:review',
  'recon:settings.get',
  'recon:settings.update',
  'recon:open-totals',
  'journals:preview',
  'journals:export',
  'journals:rates.read',
  'export:start',
  'export:cancel',
  'catalogue:search',
  'catalogue:brand',
  'catalogue:face-value.check',
  'catalogue:changes',
  'catalogue:templates',
  'catalogue:template.update',
  'catalogue:template.preview',
  'catalogue:asset',
  'team:join',
  'team:status',
  'team:sync',
  'team:overview',
  'team:password.forget',
  'team:conflicts',
  'team:conflict.settle',
  'journals:mapping.get',
  'journals:mapping.save',
  'journals:mapping.import',
  'journals:mapping.export',
] as const;
export type Channel = (typeof CHANNELS)[number];

/** Channels the core pushes to the renderer; each has a payload schema in events.ts. */
export const EVENT_CHANNELS = [
  'ledger:changed',
  'team:changed',
  'sync:progress',
  'sync:finished',
  'notifications:new',
  'app:workspace-changed',
  'export:progress',
  'export:finished',
] as const;
export type EventChannel = (typeof EVENT_CHANNELS)[number];

const channelSet: ReadonlySet<string> = new Set(CHANNELS);
const eventChannelSet: ReadonlySet<string> = new Set(EVENT_CHANNELS);

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && channelSet.has(name);
}

export function isEventChannel(name: unknown): name is EventChannel {
  return typeof name === 'string' && eventChannelSet.has(name);
}

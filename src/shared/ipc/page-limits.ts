import type { Channel } from './channels';
import { AppError } from './errors';
import { parseChannelInput } from './validate';

/**
 * Inputs only FloatDesk itself may give: the CLI, and the Electron shell's own dialogs. A page or a
 * window never chooses which local file the core reads or writes, so both interactive shells refuse
 * these fields from it before the call reaches the core.
 */
const CORE_ONLY_FIELDS: Readonly<Record<string, { field: string; message: string }>> = {
  'export:start': {
    field: 'destination',
    message: 'The page cannot choose where files are written; download the export instead.',
  },
  'journals:export': {
    field: 'destination',
    message: 'The page cannot choose where files are written; download the journals instead.',
  },
  'recon:import': {
    field: 'path',
    message: 'The page cannot name a file on this computer for FloatDesk to read; send the file itself.',
  },
};

/** The reason this call may not come from a page, or undefined when it may. */
function refusedFromPage(channel: string, input: unknown): string | undefined {
  const rule = CORE_ONLY_FIELDS[channel];
  if (rule === undefined || typeof input !== 'object' || input === null) return undefined;
  return (input as Record<string, unknown>)[rule.field] === undefined ? undefined : rule.message;
}

/**
 * What both interactive shells do with a call from a page before it reaches the core: a channel of
 * the contract, an input its schema accepts, and no field only FloatDesk itself may give.
 */
export function parsePageCall(channel: string, input: unknown): { channel: Channel; input: unknown } {
  const call = parseChannelInput(channel, input);
  const refused = refusedFromPage(call.channel, call.input);
  if (refused !== undefined) throw new AppError('forbidden', refused);
  return call;
}

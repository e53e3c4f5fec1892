/**
 * The month-end without the UI: `reconcile signoff` and `reconcile review`. In a team a sign-off
 * awaits a reviewer other than its preparer; without one it is signed off at once.
 */
import type { SignOff } from '../shared/ipc/contract-signoff';
import {
  dateOption,
  flagOption,
  onlyOptions,
  stringOption,
  UsageError,
  type CommandValues,
} from './arguments';
import { call, withCore } from './in-process-core';
import type { ReconcileCommandContext } from './reconcile-io';

export const PERIOD_USAGE =
  'floatdesk reconcile signoff --as-of YYYY-MM-DD [--acknowledge-open] [--note <text>] [--json], floatdesk reconcile review <signoff-id> --approve|--reject [--note <text>]';

const STATE_WORDS: Record<SignOff['state'], string> = {
  signed_off: 'signed off',
  awaiting_review: 'awaiting review by a reviewer other than you',
  rejected: 'rejected',
};

export async function signOffCommand(
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  onlyOptions(
    values,
    ['workspace', 'as-of', 'acknowledge-open', 'note', 'json'],
    'reconcile signoff',
    PERIOD_USAGE,
  );
  const asOf = dateOption(values, 'as-of', '2026-10-31');
  if (asOf === undefined) throw new UsageError(`--as-of YYYY-MM-DD is needed. Usage: ${PERIOD_USAGE}`);
  const note = stringOption(values, 'note');
  const { signOff } = await withCore(context, (core) =>
    call(core, 'recon:signoff', {
      asOf,
      acknowledgeOpenItems: flagOption(values, 'acknowledge-open'),
      ...(note === undefined ? {} : { note }),
    }),
  );
  if (context.json) context.print(JSON.stringify({ id: signOff.id, state: signOff.state }));
  else {
    context.print(String(signOff.id));
    console.error(
      `Sign-off ${signOff.id} as of ${signOff.asOf}: ${STATE_WORDS[signOff.state]} (${signOff.lockedRequests} request(s), ${signOff.lockedLines} bank line(s)).`,
    );
  }
  return 0;
}

function signOffId(text: string | undefined): number {
  const id = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1)
    throw new UsageError(`Name the sign-off to review by its number. Usage: ${PERIOD_USAGE}`);
  return id;
}

export async function reviewCommand(
  idText: string | undefined,
  values: CommandValues,
  context: ReconcileCommandContext,
): Promise<number> {
  onlyOptions(values, ['workspace', 'approve', 'reject', 'note', 'json'], 'reconcile review', PERIOD_USAGE);
  const id = signOffId(idText);
  const approve = flagOption(values, 'approve');
  if (approve === flagOption(values, 'reject'))
    throw new UsageError(`Give one of --approve or --reject. Usage: ${PERIOD_USAGE}`);
  const note = stringOption(values, 'note');
  const { signOff } = await withCore(context, async (core) => {
    const { signOffs } = await call(core, 'recon:signoffs', {});
    // A sign-off made without a team is refused by the core before anyone is asked for a password.
    const shared = signOffs.find((known) => known.id === id)?.preparer != null;
    const password = shared && context.teamPassword ? await context.teamPassword() : undefined;
    return call(core, 'recon:review', {
      id,
      verdict: approve ? 'approve' : 'reject',
      ...(note === undefined ? {} : { note }),
      ...(password === undefined ? {} : { password }),
    });
  });
  if (context.json) context.print(JSON.stringify({ id: signOff.id, state: signOff.state }));
  else context.print(`Sign-off ${signOff.id} as of ${signOff.asOf}: ${STATE_WORDS[signOff.state]}.`);
  return 0;
}

import { toErrorShape, type Envelope } from '../../shared/ipc/errors';
import { refusedFromPage } from '../../shared/ipc/page-limits';
import { parseChannelInput } from '../../shared/ipc/validate';
import { isTrustedSender, type SenderFacts } from './security';

export interface CoreGateway {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
}

/** One contract call arriving in main: check the frame, validate, forward unchanged to the core. */
export async function handleInvoke(
  core: CoreGateway,
  sender: SenderFacts,
  channel: string,
  input: unknown,
  devServerUrl?: string,
): Promise<Envelope<unknown>> {
  if (!isTrustedSender(sender, devServerUrl)) {
    return {
      ok: false,
      error: { code: 'forbidden', message: 'This window is not allowed to talk to FloatDesk.' },
    };
  }
  try {
    const call = parseChannelInput(channel, input);
    const refused = refusedFromPage(call.channel, call.input);
    if (refused !== undefined) return { ok: false, error: { code: 'forbidden', message: refused } };
    return await core.invoke(call.channel, call.input);
  } catch (error) {
    return { ok: false, error: toErrorShape(error) };
  }
}

import { toErrorShape, type Envelope } from '../../shared/ipc/errors';
import { parsePageCall } from '../../shared/ipc/page-limits';
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
    const call = parsePageCall(channel, input);
    return await core.invoke(call.channel, call.input);
  } catch (error) {
    return { ok: false, error: toErrorShape(error) };
  }
}

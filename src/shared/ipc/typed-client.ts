import type { FloatdeskBridge } from './bridge';
import type { Channel, EventChannel } from './channels';
import { contract, type ChannelInput, type ChannelOutput } from './contract';
import { AppError, type ErrorShape } from './errors';
import { events, type EventPayload } from './events';
import { parseEnvelope } from './envelope';

/**
 * The typed face of a bridge: inputs typed by the contract, outputs and event payloads validated
 * with the contract's zod schemas before any caller sees them. Pure (no DOM, no node): the bridge is
 * given — the preload's or the HTTP one in the renderer, the core itself at the command line.
 */

/** A failed call, carrying the ErrorShape the core (or the bridge) reported. */
export class ClientError extends AppError {
  readonly channel: string;

  constructor(channel: string, shape: ErrorShape) {
    super(shape.code, shape.message, shape.details);
    this.name = 'ClientError';
    this.channel = channel;
  }
}

export interface TypedClient {
  invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  onEvent<E extends EventChannel>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

function issuesOf(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(value)'}: ${issue.message}`);
}

export function createTypedClient(bridge: FloatdeskBridge): TypedClient {
  async function invoke<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
    let raw: unknown;
    try {
      raw = await bridge.invoke(channel, input);
    } catch (thrown) {
      throw new ClientError(channel, {
        code: 'internal',
        message:
          'FloatDesk could not reach its core. Restart FloatDesk; if it persists, copy the diagnostics for support.',
        details: { channel, cause: String(thrown) },
      });
    }
    const envelope = parseEnvelope(raw, channel);
    if (!envelope.ok) throw new ClientError(channel, envelope.error);
    const parsed = contract[channel].output.safeParse(envelope.value);
    if (!parsed.success) {
      throw new ClientError(channel, {
        code: 'malformed_response',
        message: `FloatDesk's core sent data that could not be read (${channel}). Restart FloatDesk; if it persists, copy the diagnostics for support.`,
        details: { channel, issues: issuesOf(parsed.error) },
      });
    }
    return parsed.data as ChannelOutput<C>;
  }

  function onEvent<E extends EventChannel>(
    name: E,
    listener: (payload: EventPayload<E>) => void,
  ): () => void {
    return bridge.onEvent(name, (payload) => {
      const parsed = events[name].safeParse(payload);
      if (!parsed.success) {
        console.warn(
          `FloatDesk: ignored a "${name}" event with an unexpected payload.`,
          issuesOf(parsed.error),
        );
        return;
      }
      listener(parsed.data as EventPayload<E>);
    });
  }

  return { invoke, onEvent };
}

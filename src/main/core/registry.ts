import type { z } from 'zod';
import { isChannel, type Channel } from '../../shared/ipc/channels';
import { contract, type ChannelOutput, type Contract } from '../../shared/ipc/contract';
import { toErrorShape, type Envelope } from '../../shared/ipc/errors';
import { parseChannelInput } from '../../shared/ipc/validate';

export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
export type Handler<C extends Channel> = (
  input: ParsedInput<C>,
) => ChannelOutput<C> | Promise<ChannelOutput<C>>;

type AnyHandler = (input: unknown) => unknown;

/** Told of every call once it is answered (the core logs it and nudges the team exchange); never the input. */
export type CallObserver = (channel: string, answer: Envelope<unknown>, elapsedMs: number) => void;

/** What the core puts around every call: one place where calls are refused and failures put in words. */
export interface CallGuard {
  /** Throws to refuse the call before its input is even read (e.g. a write while writing is stopped). */
  check(channel: Channel): void;
  /** Turns a failure into the error a person meets (SQLite and file-system failures); others unchanged. */
  translate(error: unknown): unknown;
}

/** One handler per channel: registering a channel twice is a programming error and throws. */
export class HandlerRegistry {
  private readonly handlers = new Map<Channel, AnyHandler>();

  constructor(
    private readonly observe?: CallObserver,
    private readonly guard?: CallGuard,
  ) {}

  register<C extends Channel>(channel: C, handler: Handler<C>): void {
    if (!isChannel(channel))
      throw new Error(`Cannot register "${String(channel)}": it is not in the contract.`);
    if (this.handlers.has(channel)) throw new Error(`Channel "${channel}" already has a handler.`);
    this.handlers.set(channel, handler as AnyHandler);
  }

  registeredChannels(): Channel[] {
    return [...this.handlers.keys()];
  }

  /** Validate, run, validate the answer, and wrap everything (including failures) in an envelope. */
  async dispatch(channel: string, input: unknown): Promise<Envelope<unknown>> {
    const started = performance.now();
    const answer = await this.answer(channel, input);
    if (this.observe) {
      try {
        this.observe(channel, answer, performance.now() - started);
      } catch {
        // Observing a call (the log, the team's nudge) never changes its answer.
      }
    }
    return answer;
  }

  private async answer(channel: string, input: unknown): Promise<Envelope<unknown>> {
    try {
      if (isChannel(channel)) this.guard?.check(channel);
      const call = parseChannelInput(channel, input);
      const handler = this.handlers.get(call.channel);
      if (!handler) throw new Error(`Channel "${call.channel}" has no handler.`);
      const value = await handler(call.input);
      const spec = contract[call.channel];
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        throw new Error(
          `The ${channel} handler produced an answer that breaks the contract: ${checked.error.message}`,
        );
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      return { ok: false, error: toErrorShape(this.guard ? this.guard.translate(error) : error) };
    }
  }
}

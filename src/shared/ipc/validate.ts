import type { z } from 'zod';
import { isChannel, type Channel } from './channels';
import { contract } from './contract';
import { AppError, invalidInput, type FieldIssue } from './errors';

export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    problem: issue.message,
  }));
}

/** Parse or throw an invalid_input AppError that names each failing field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, context: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(context, zodIssues(result.error));
  return result.data;
}

/** What every shell does with an incoming call before it reaches the core. */
export function parseChannelInput(channel: string, input: unknown): { channel: Channel; input: unknown } {
  if (!isChannel(channel))
    throw new AppError('unknown_channel', `FloatDesk has no operation called "${channel}".`, { channel });
  return { channel, input: parseOrThrow(contract[channel].input, input, `input for ${channel}`) };
}

/**
 * Decoding of a platform success answer: lossless parse, envelope check, schema. The one way an
 * answer becomes typed data. It either returns the whole validated `data` or throws an AppError
 * 'malformed_response' naming the endpoint and the field path; it never returns part of an answer
 * and never throws anything else, whatever the bytes.
 */
import type { z } from 'zod';
import { AppError } from '../../../shared/ipc/errors';
import { checkSuccessEnvelope } from './schemas/envelope';
import { describeInput, MISSING } from './schemas/primitives';
import { parseLosslessWithMembers, WireSyntaxError, type MemberTexts } from './wire';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const EXPECTED: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'a list',
  record: 'an object',
  map: 'an object',
  tuple: 'a list',
  string: 'text',
  boolean: 'true or false',
  number: 'a number',
  null: 'null',
};

/** Messages for issues the schemas do not word themselves (containers, unions, record keys). */
function problemOf(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MISSING;
      return `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${describeInput(issue.input)}`;
    case 'invalid_key':
      return `not an accepted key (${issue.issues[0]?.message ?? 'invalid'})`;
    case 'too_big':
    case 'too_small':
      return issue.origin === 'array' ? 'unexpected number of items' : 'out of range';
    case 'unrecognized_keys':
      return 'unexpected fields';
    default:
      return undefined;
  }
}

const PARSE_OPTIONS = { error: problemOf } as const;

interface Found {
  path: readonly PropertyKey[];
  problem: string;
}

/**
 * The issue to report. For a union (brands as a map or a list, the two check-floats shapes), the
 * alternative that got furthest into the answer is the one the platform meant; at equal depth an
 * alternative that found a wrong value beats one that only found a missing field.
 */
function resolve(issue: Issue, prefix: readonly PropertyKey[]): Found {
  const path = [...prefix, ...issue.path];
  if (issue.code !== 'invalid_union') return { path, problem: issue.message };
  let best: Found | undefined;
  let bestScore = -Infinity;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (first === undefined) continue;
    const found = resolve(first, path);
    const score = found.path.length * 2 + (found.problem === MISSING ? 0 : 1);
    if (score > bestScore) {
      best = found;
      bestScore = score;
    }
  }
  return best ?? { path, problem: 'not in any accepted shape' };
}

const SIMPLE_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,59}$/;

/** `data.floats.GBP["Main float"].available_balance.amount`, `data.3.requested.amount`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = 'data';
  for (const segment of path) {
    if (typeof segment === 'number') out += `.${segment}`;
    else {
      const key = String(segment);
      out += SIMPLE_KEY.test(key)
        ? `.${key}`
        : `[${JSON.stringify(key.length > 60 ? `${key.slice(0, 57)}...` : key)}]`;
    }
  }
  return out;
}

function malformed(endpoint: string, path: string, problem: string): AppError {
  const where = path === '' ? '' : `${path}: `;
  return new AppError(
    'malformed_response',
    `The platform's answer to ${endpoint} is not as expected: ${where}${problem}. ` +
      'FloatDesk kept the previous data; try again later or contact support.',
    { endpoint, path, issue: problem },
  );
}

function syntaxProblem(error: unknown): string {
  // The native parser's own message quotes part of the answer, which may hold card codes: not kept.
  if (error instanceof WireSyntaxError && error.position >= 0) {
    return `not valid JSON (${error.message.replace(/^Invalid number at position \d+: /, 'a number: ')})`;
  }
  return 'not valid JSON';
}

/**
 * Parse and validate the body of a successful answer of `endpoint` (e.g. 'float/transfer-requests')
 * against the schema of its `data`. Throws AppError('malformed_response') on any problem.
 */
export function decodeSuccess<S extends z.ZodType>(endpoint: string, schema: S, text: string): z.output<S> {
  return decodeSuccessWithMembers(endpoint, schema, text, undefined).data;
}

/**
 * decodeSuccess, also answering the exact text of each member of the container at `membersAt`
 * (object keys from the top of the answer, e.g. ['data', 'brands']): see wire-scan.ts.
 */
export function decodeSuccessWithMembers<S extends z.ZodType>(
  endpoint: string,
  schema: S,
  text: string,
  membersAt: readonly string[] | undefined,
): { data: z.output<S>; members: MemberTexts | undefined } {
  try {
    let parsed: { value: unknown; members: MemberTexts | undefined };
    try {
      parsed = parseLosslessWithMembers(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, membersAt);
    } catch (error) {
      throw malformed(endpoint, '', `the answer is ${syntaxProblem(error)}`);
    }
    const envelope = checkSuccessEnvelope(parsed.value);
    if (!envelope.ok) throw malformed(endpoint, envelope.path, envelope.problem);
    const result = schema.safeParse(envelope.data, PARSE_OPTIONS);
    if (result.success) return { data: result.data as z.output<S>, members: parsed.members };
    const first = result.error.issues[0];
    const { path, problem } = first ? resolve(first, []) : { path: [], problem: 'not as expected' };
    throw malformed(endpoint, formatPath(path), problem);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw malformed(endpoint, '', 'the answer could not be read');
  }
}

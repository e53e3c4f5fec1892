import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/shared/ipc/errors';
import type { LoggedChange } from '../../src/main/core/ledger/repositories/team-replica';
import { readPayload, withoutAuthor } from '../../src/main/core/team/change-payload';

const change = (payload: string): LoggedChange => ({
  seq: 7,
  id: '00000000-0000-4000-8000-000000000007',
  kind: 'settings.reconciliation',
  subject: 'settings',
  payload,
  actor: 'ana',
  madeAt: '2026-10-01T09:00:00.000Z',
  receivedAt: '2026-10-01T09:00:00.100000Z',
  prevHash: '0'.repeat(64),
  hash: '1'.repeat(64),
});

const Strict = z.object({ amount: z.string().regex(/^\d+\.\d\d$/) }).strict();

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('a team change read with a channel schema', () => {
  it('reads the fields besides the author, for a strict schema', () => {
    const payload = JSON.stringify({ actorName: 'Ana Ruiz', amount: '12.50' });
    expect(readPayload(withoutAuthor(Strict), change(payload))).toEqual({ amount: '12.50' });
    // Without withoutAuthor, the author's name is a field the strict schema refuses.
    expect(refusal(() => readPayload(Strict, change(payload))).code).toBe('malformed_response');
  });

  it('refuses what it cannot read, naming the change and the field', () => {
    const bad = refusal(() => readPayload(withoutAuthor(Strict), change('{"amount":"12.5"}')));
    expect(bad.code).toBe('malformed_response');
    expect(bad.message).toMatch(
      /^The team's change 7 \(settings\.reconciliation\) is not one FloatDesk can read \(amount: /,
    );
    expect(refusal(() => readPayload(Strict, change('{not json'))).message).toContain('(not JSON)');
  });
});

/**
 * Bank lines as people know them, and undoing matches, through the core's dispatch (every input
 * and answer checked against the contract) on a real SQLite file: items and suggestion options
 * carry each bank line's date, amount and texts and each request's reference, float and amounts;
 * every match — automatic, confirmed or by hand — can be undone with a reason the audit log keeps,
 * which leaves the items exactly as they were before the match; a signed-off match is refused
 * until the sign-off is unlocked.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLedger } from '../../src/main/core/ledger/db';
import type { AuditEntry } from '../../src/main/core/recon/audit/audit-log';
import { readAuditLog } from '../helpers/audit-log-read';
import type { Core } from '../../src/main/core/services';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import type { ReconItem } from '../../src/shared/ipc/contract-recon';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import { reconCore, RECON_STATEMENT, seedReconWorkspace, statementBase64 } from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let ledgerPath: string;
let core: Core;

beforeEach(async () => {
  temp = makeTempDir();
  ledgerPath = seedReconWorkspace(temp.dir);
  core = reconCore(temp.dir);
  await call('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

async function call<C extends keyof ChannelOutputs>(
  channel: C,
  input: unknown = {},
): Promise<ChannelOutputs[C]> {
  const envelope = await core.dispatch(channel, input);
  if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
  return envelope.value as ChannelOutputs[C];
}

async function failure(channel: string, input: unknown): Promise<ErrorShape> {
  const envelope = await core.dispatch(channel, input);
  if (envelope.ok) throw new Error(`${channel} succeeded: ${JSON.stringify(envelope.value)}`);
  return envelope.error;
}

type ChannelOutputs = {
  [
    C in
      | 'recon:import'
      | 'recon:profiles.save'
      | 'recon:run'
      | 'recon:items'
      | 'recon:suggestions'
      | 'recon:match.confirm'
      | 'recon:match.manual'
      | 'recon:undo'
      | 'recon:signoff'
      | 'recon:unlock'
  ]: ChannelOutput<C>;
};

function auditEntries(): AuditEntry[] {
  const db = openLedger(ledgerPath, { readonly: true });
  try {
    return readAuditLog(db, 1);
  } finally {
    db.close();
  }
}

async function items(): Promise<ReconItem[]> {
  return (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items;
}

/** What a person sees of each item's reconciliation: its state and what it is matched with. */
async function states(): Promise<string[]> {
  return (await items()).map(
    (item) =>
      `${item.kind} ${item.id} ${item.state} ${item.match ? `${item.match.lineIds}|${item.match.requestReferences}` : '-'}`,
  );
}

describe('bank lines as people know them', () => {
  it('items and matches carry the line’s date, amount and texts and the request’s amounts', async () => {
    await call('recon:run', {});
    const all = await items();
    const line = all.find((item) => item.id === '2026100200000101')!;
    expect(line.line).toMatchObject({
      id: '2026100200000101',
      bookingDate: '2026-10-02',
      amount: { amount: '-2500.00', currency: 'GBP' },
      bankId: '2026100200000101',
    });
    const request = all.find((item) => item.id === 'FDK7Q2M9X1')!;
    expect(request.request).toMatchObject({
      reference: 'FDK7Q2M9X1',
      float: expect.any(String),
      requested: { amount: '2500.00', currency: 'GBP' },
    });
    expect(request.match).toMatchObject({
      decisionId: expect.any(Number),
      lines: [{ id: '2026100200000101', bookingDate: '2026-10-02', amount: { amount: '-2500.00' } }],
      requests: [{ reference: 'FDK7Q2M9X1' }],
      totals: {
        paid: { amount: '2500.00', currency: 'GBP' },
        requested: { amount: '2500.00', currency: 'GBP' },
        difference: { amount: '0.00', currency: 'GBP' },
      },
    });
    // Every automatic match on an item names the decision that undoes it.
    const matched = all.filter((item) => item.match !== null);
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.every((item) => typeof item.match!.decisionId === 'number')).toBe(true);

    const { suggestions } = await call('recon:suggestions');
    for (const option of suggestions.flatMap((suggestion) => suggestion.options)) {
      expect(option.lines).toHaveLength(option.lineIds.length);
      expect(option.requests).toHaveLength(option.requestReferences.length);
      expect(option.lines![0]).toMatchObject({ bookingDate: expect.stringMatching(/^2026-10-/) });
      expect(option.totals).toMatchObject({ difference: { currency: 'GBP' } });
    }
  });

  it('a line the statement gave no id is named by its date and amount in messages, never by its computed id', async () => {
    await call('recon:profiles.save', {
      name: 'Simple',
      profile: { columns: { date: 'Date', amount: 'Amount', currency: 'Currency', reference: 'Reference' } },
    });
    const csv = 'Date,Amount,Currency,Reference\r\n2026-10-14,-33.00,GBP,\r\n';
    await call('recon:import', {
      fileName: 'no-ids.csv',
      contentBase64: Buffer.from(csv).toString('base64'),
      profile: 'Simple',
    });
    const line = (await items()).find((item) => item.kind === 'line' && item.id.startsWith('sha256:'))!;
    expect(line.line).toMatchObject({ bankId: null, bookingDate: '2026-10-14' });
    const manual = await call('recon:match.manual', {
      lineIds: [line.id],
      requestReferences: ['FDW1G7Q4B5'],
    });
    expect(manual.warnings.join(' ')).not.toContain('sha256:');
    expect(manual.warnings.join(' ')).toContain('2026-10-14 for -£33.00');
    const entry = auditEntries().at(-1)!;
    expect(entry.details).toMatchObject({
      bankLines: ['Bank line booked 2026-10-14, -33.00 GBP'],
      requests: [expect.stringMatching(/^Request FDW1G7Q4B5 \(float \w+, requested 600\.00 GBP/)],
    });
  });
});

describe('undoing a match', () => {
  it('every automatic match undone with a reason: audited, items as before the run, not made again', async () => {
    const before = await states();
    await call('recon:run', {});
    const automatic = [
      ...new Map(
        (await items()).flatMap((item) =>
          item.match && item.match.rule !== 'manual' ? [[item.match.decisionId!, item.match]] : [],
        ),
      ).values(),
    ];
    // Three by reference; the variance (1200.00 paid, 1190.00 approved) is a suggestion under the default policy.
    expect(automatic.length).toBe(3);
    for (const match of automatic) {
      const { decisionId } = await call('recon:undo', {
        decisionId: match.decisionId,
        reason: 'Wrong payment picked by the run',
      });
      const entry = auditEntries().at(-1)!;
      expect(entry).toMatchObject({
        action: 'decision.undone',
        subject: `decision:${match.decisionId}`,
        details: {
          decisionId,
          undoes: match.decisionId,
          undoneKind: 'auto_match',
          reason: 'Wrong payment picked by the run',
          bankLines: [expect.stringMatching(/^Bank line booked 2026-10-\d\d, -\d+\.\d\d GBP/)],
        },
      });
    }
    expect(await states()).toEqual(before);
    expect(await call('recon:run', {})).toMatchObject({ matchesAdded: 0 });
    expect(await states()).toEqual(before);
  });

  it('a reason is required: a missing or blank one is refused with invalid_input naming it', async () => {
    await call('recon:run', {});
    const match = (await items()).find((item) => item.match !== null)!.match!;
    expect(await failure('recon:undo', { decisionId: match.decisionId, reason: '   ' })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/reason: .*cannot be blank/),
    });
    // Required: an undo without a reason is refused too, naming the field.
    expect(await failure('recon:undo', { decisionId: match.decisionId })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/reason: .*required/),
    });
    expect((await items()).find((item) => item.match?.decisionId === match.decisionId)).toBeDefined();
  });

  it('any match by hand or by confirmation, then its undo, leaves every item as it was (property)', async () => {
    await call('recon:run', {});
    const open = (await items()).filter(
      (item) => item.match === null && item.resolution === null && item.amount.currency === 'GBP',
    );
    const lines = open.filter((item) => item.kind === 'line').map((item) => item.id);
    const requests = open.filter((item) => item.kind === 'request').map((item) => item.id);
    const { suggestions } = await call('recon:suggestions');
    type Step =
      { kind: 'manual'; line: string; request: string } | { kind: 'confirm'; key: string; option: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('manual' as const),
        line: fc.constantFrom(...lines),
        request: fc.constantFrom(...requests),
      }),
      fc.constantFrom(...suggestions).chain((suggestion) =>
        fc.record({
          kind: fc.constant('confirm' as const),
          key: fc.constant(suggestion.key),
          option: fc.integer({ min: 0, max: suggestion.options.length - 1 }),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(step, async (chosen) => {
        const before = await states();
        const made =
          chosen.kind === 'manual'
            ? await call('recon:match.manual', {
                lineIds: [chosen.line],
                requestReferences: [chosen.request],
              })
            : await call('recon:match.confirm', { key: chosen.key, option: chosen.option });
        expect(await states()).not.toEqual(before);
        await call('recon:undo', { decisionId: made.decisionId, reason: 'Checked: not this one' });
        expect(await states()).toEqual(before);
      }),
      { numRuns: 12 },
    );
  });

  it('a signed-off match is refused with a clear message until its sign-off is unlocked', async () => {
    await call('recon:run', {});
    await call('recon:signoff', { asOf: '2026-10-31', acknowledgeOpenItems: true });
    const locked = (await items()).find((item) => item.id === 'FDK7Q2M9X1')!;
    expect(locked.state).toBe('signed_off');
    const refused = await failure('recon:undo', { decisionId: locked.match!.decisionId, reason: 'Wrong' });
    expect(refused).toMatchObject({ code: 'locked' });
    expect(refused.message).toMatch(
      /is signed off \(as of 2026-10-31, sign-off 1\)\. Unlock that sign-off first/,
    );
    await call('recon:unlock', { id: 1, reason: 'Bank corrected the statement' });
    await call('recon:undo', { decisionId: locked.match!.decisionId, reason: 'Wrong payment' });
    expect((await items()).find((item) => item.id === 'FDK7Q2M9X1')).toMatchObject({
      state: 'awaiting_payment',
      match: null,
    });
  });
});

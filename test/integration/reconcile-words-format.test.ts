/**
 * Sentences the core builds for a person — a match's explanation, the warnings of a match by hand,
 * the roll-forward's flags — write money and dates in the workspace's format (Settings → Format),
 * read from the real ledger when the text is made: the recon-fixture workspace and its statement.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core/services';
import type { ChannelInput, ChannelOutput } from '../../src/shared/ipc/contract';
import {
  dispatched,
  RECON_STATEMENT,
  reconCore,
  refusal,
  seedReconWorkspace,
  statementBase64,
} from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
let core: Core;

beforeEach(async () => {
  temp = makeTempDir();
  seedReconWorkspace(temp.dir);
  core = reconCore(temp.dir);
  await call('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
});
afterEach(async () => {
  await core.close();
  temp.cleanup();
});

type Channel =
  | 'recon:import'
  | 'recon:items'
  | 'recon:run'
  | 'recon:suggestions'
  | 'recon:match.check'
  | 'recon:rollforward'
  | 'settings:update';

async function call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  return dispatched(core, channel, input);
}

const NBSP = '\u00a0';
const explanationOf = async (id: string) =>
  (await call('recon:items', { asOf: '2026-10-31', limit: 500 })).items.find((item) => item.id === id)?.match
    ?.explanation;

describe('core-built sentences follow Settings → Format', () => {
  it('a match explanation made after the change is in the chosen format; one made before keeps its words', async () => {
    await call('settings:update', { locale: 'en-GB', dateStyle: 'iso' });
    await call('recon:run', {});
    expect(await explanationOf('FDK7Q2M9X1')).toBe(
      'Reference FDK7Q2M9X1 found in the bank reference; paid £2,500.00, requested £2,500.00.',
    );
    await call('settings:update', { locale: 'de-DE', dateStyle: 'locale' });
    // Stored with the decision: the explanation of a match already made is not rewritten.
    expect(await explanationOf('FDK7Q2M9X1')).toBe(
      'Reference FDK7Q2M9X1 found in the bank reference; paid £2,500.00, requested £2,500.00.',
    );
    // A suggestion the next run proposes is worded in German number format.
    await call('recon:run', {});
    const { suggestions } = await call('recon:suggestions', {});
    const weak = suggestions.find((s) => s.reason === 'weak_evidence')!;
    expect(weak.options[0]!.explanation).toBe(
      `Reference FDP3W8R6T4 found in the remittance text; paid 1.200,00${NBSP}£, requested 1.200,00${NBSP}£, ` +
        `approved 1.190,00${NBSP}£. Not matched automatically. The bank paid 1.200,00${NBSP}£ against ` +
        `1.190,00${NBSP}£ approved: 10,00${NBSP}£ apart, more than the tolerance of 0,00${NBSP}£.`,
    );
  });

  it('the warnings of a match by hand: amounts and dates as chosen (en-US, then ISO dates)', async () => {
    const input = { lineIds: ['2026101400000107'], requestReferences: ['FDW1G7Q4B5'] };
    await call('settings:update', { locale: 'en-US', dateStyle: 'locale' });
    expect((await call('recon:match.check', input)).warnings).toEqual([
      'The amount paid (£75.50) differs from the amount requested £600.00 by £524.50, more than the tolerance of £0.00.',
      'Bank line 2026101400000107 was booked on Oct 14, 2026, 6 days before request FDW1G7Q4B5 of Oct 20, 2026: outside the window of 2 day(s) before to 10 day(s) after.',
    ]);
    await call('settings:update', { locale: 'de-DE', dateStyle: 'iso' });
    expect((await call('recon:match.check', input)).warnings).toEqual([
      `The amount paid (75,50${NBSP}£) differs from the amount requested 600,00${NBSP}£ by 524,50${NBSP}£, more than the tolerance of 0,00${NBSP}£.`,
      'Bank line 2026101400000107 was booked on 2026-10-14, 6 days before request FDW1G7Q4B5 of 2026-10-20: outside the window of 2 day(s) before to 10 day(s) after.',
    ]);
  });

  it('the roll-forward flags: no raw amount or ISO timestamp once a locale style is chosen', async () => {
    await call('recon:run', {});
    const period = { from: '2026-10-01', to: '2026-10-31' };
    await call('settings:update', { locale: 'en-GB', dateStyle: 'iso' });
    const iso = (await call('recon:rollforward', period)).flags;
    await call('settings:update', { locale: 'de-DE', dateStyle: 'locale' });
    const german = (await call('recon:rollforward', period)).flags;
    expect(german.map((flag) => flag.kind)).toEqual(iso.map((flag) => flag.kind));
    expect(german.length).toBeGreaterThan(0);
    for (const flag of german) {
      expect(flag.message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(flag.message).not.toMatch(/\d\.\d{2} [A-Z]{3}/);
    }
    const withAmount = german.find((flag) => /£/.test(flag.message));
    expect(withAmount?.message).toMatch(/\d,\d{2}\u00a0£/);
    expect(iso.find((flag) => flag.kind === withAmount!.kind)?.message).toMatch(/£[\d,]+\.\d{2}/);
  });

  it('a sign-off refused for open items names the date and the counts as chosen', async () => {
    await call('recon:run', {});
    await call('settings:update', { locale: 'de-DE', dateStyle: 'locale' });
    const refused = await refusal(core, 'recon:signoff', { asOf: '2026-10-31' });
    expect(refused.code).toBe('invalid_input');
    expect(refused.message).toMatch(/as of 31\.10\.2026 \d+ open items? stays? open/);
  });
});

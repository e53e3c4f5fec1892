// The Journals part's store converting into the books' currency: the preview is asked with the
// conversion, the floats' currencies are kept while a conversion lacks a rate (the preview then has
// no journals), and another period starts again without rates.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReconClient } from '../../src/renderer/src/stores/recon-client';
import { createReconJournalsStore } from '../../src/renderer/src/stores/recon-journals-store';

const invoke = vi.fn<(channel: string, input: unknown) => Promise<unknown>>();
const client = { invoke, onEvent: () => () => undefined } as unknown as ReconClient;

const journal = (currency: string, convertedFrom: string | null = null) => ({
  id: `FD-S1-2026-10-31-TOP-UPS-${convertedFrom ?? currency}`,
  kind: 'top_ups',
  currency,
  convertedFrom,
});
const TO_GBP = { booksCurrency: 'GBP', rates: [{ currency: 'EUR', date: null, rate: '0.8612' }] };

beforeEach(() => {
  invoke.mockReset();
  invoke.mockImplementation(async (_channel, input) => {
    const { conversion } = input as { conversion?: { rates: unknown[] } };
    if (conversion === undefined) return { journals: [journal('GBP'), journal('EUR')], missing: [] };
    return conversion.rates.length === 0
      ? { journals: [], missing: ['No EUR rate to GBP for 2026-10-14'] }
      : { journals: [journal('GBP'), journal('GBP', 'EUR')], missing: [] };
  });
});

describe('journals store, converting', () => {
  it('asks the preview with the conversion and keeps the floats’ currencies while a rate is missing', async () => {
    const { useJournals } = createReconJournalsStore(client);
    await useJournals.getState().setAsOf('2026-10-31');
    await useJournals.getState().show();
    expect(useJournals.getState().currencies).toEqual(['EUR', 'GBP']);

    await useJournals.getState().convert({ booksCurrency: 'GBP', rates: [] });
    expect(invoke.mock.calls.at(-1)).toEqual([
      'journals:preview',
      { asOf: '2026-10-31', conversion: { booksCurrency: 'GBP', rates: [] } },
    ]);
    expect(useJournals.getState().currencies).toEqual(['EUR', 'GBP']);

    await useJournals.getState().convert(TO_GBP);
    expect(useJournals.getState().currencies).toEqual(['EUR', 'GBP']);
    await useJournals.getState().reload();
    expect(invoke.mock.calls.at(-1)).toEqual([
      'journals:preview',
      { asOf: '2026-10-31', conversion: TO_GBP },
    ]);

    await useJournals.getState().convert(null);
    expect(invoke.mock.calls.at(-1)).toEqual(['journals:preview', { asOf: '2026-10-31' }]);
  });

  it('starts another period without the last one’s rates', async () => {
    const { useJournals } = createReconJournalsStore(client);
    await useJournals.getState().setAsOf('2026-10-31');
    await useJournals.getState().show();
    await useJournals.getState().convert(TO_GBP);
    await useJournals.getState().setAsOf('2026-11-30');
    expect(useJournals.getState().conversion).toBeNull();
    expect(invoke.mock.calls.at(-1)).toEqual(['journals:preview', { asOf: '2026-11-30' }]);
  });
});

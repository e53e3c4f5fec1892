/**
 * The open items on the page: amounts read as people type them (the stopgap reader), the URL of
 * the search, filters and order, the recon:items input they make, the sums of the ticked items,
 * and the manual match that warns before matching and asks to match anyway.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReconItem } from '@shared/ipc/contract-recon';
import { AppError } from '@shared/ipc/errors';
import { hrefOfView, viewFromQuery } from '../../src/renderer/src/features/reconciliation/recon-query';
import { selectionSums } from '../../src/renderer/src/features/reconciliation/selection-sums';
import { readSearchAmount } from '../../src/renderer/src/features/reconciliation/search-amount';
import type { ReconClient } from '../../src/renderer/src/stores/recon-client';
import { itemsInput } from '../../src/renderer/src/stores/recon-items-input';
import { createReconStores } from '../../src/renderer/src/stores/recon-stores';

describe('amounts as people type them', () => {
  it('reads the grouping and decimal mark of the number format, exactly', () => {
    // Canonical decimal text: sizes are compared exactly, so "25000" and "25000.00" are one size.
    expect(readSearchAmount('25,000.00', 'en-GB')).toEqual({ ok: true, amount: '25000' });
    expect(readSearchAmount('25.000,00', 'de-DE')).toEqual({ ok: true, amount: '25000' });
    expect(readSearchAmount('40,000', 'en-GB')).toEqual({ ok: true, amount: '40000' });
    expect(readSearchAmount('1 234 567,891', 'fr-FR')).toEqual({ ok: true, amount: '1234567.891' });
    expect(readSearchAmount('12345678901234567890.12', 'en-GB')).toEqual({
      ok: true,
      amount: '12345678901234567890.12',
    });
    expect(readSearchAmount(' -£980.00 ', 'en-GB')).toEqual({ ok: true, amount: '980' });
    expect(readSearchAmount('2500 GBP', 'en-GB')).toEqual({ ok: true, amount: '2500' });
    expect(readSearchAmount('GBP 2,500', 'en-GB')).toEqual({ ok: true, amount: '2500' });
    // A reference is not an amount, whatever letters it starts with.
    expect(readSearchAmount('FDK7', 'en-GB').ok).toBe(false);
    expect(readSearchAmount('RF18 1234', 'en-GB').ok).toBe(false);
  });

  it('refuses what the format does not write that way, saying what to type', () => {
    for (const [text, locale] of [
      ['25.000,00', 'en-GB'],
      ['25,000.00', 'de-DE'],
      ['1,23', 'en-GB'],
      ['1,2345', 'en-GB'],
      ['12.', 'en-GB'],
      ['abc', 'en-GB'],
      ['', 'en-GB'],
    ] as const) {
      const read = readSearchAmount(text, locale);
      expect(read.ok, `${text} in ${locale}`).toBe(false);
    }
    const refused = readSearchAmount('1,23', 'en-GB');
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.problem).toMatch(/^"1,23" cannot be read exactly/);
  });
});

describe('the open items in the URL', () => {
  it('keeps search, filters and order, and drops what is not valid', () => {
    const view = {
      asOf: '2026-10-31',
      state: 'variance' as const,
      search: '25,000.00',
      currency: 'GBP',
      float: 'main',
      direction: 'out' as const,
      min: '100',
      max: '1.000,00',
      sort: { column: 'amount' as const, descending: true },
    };
    const href = hrefOfView(view);
    expect(href).toContain('sort=amount%3Adesc');
    const query = Object.fromEntries(new URLSearchParams(href.split('?')[1]));
    expect(viewFromQuery(query)).toEqual(view);
    expect(viewFromQuery({ sort: 'colour:desc', dir: 'sideways', currency: 'gbp', q: '  ' })).toEqual({});
    expect(viewFromQuery({ sort: 'date' })).toEqual({ sort: { column: 'date', descending: false } });
  });

  it('asks recon:items for the search as text and as an amount, and for a readable range only', () => {
    expect(
      itemsInput(
        {
          search: ' 25,000.00 ',
          currency: 'GBP',
          float: 'main',
          direction: 'in',
          min: '1,000',
          max: 'lots',
          offset: 50,
        },
        50,
      ),
    ).toEqual({
      search: '25,000.00',
      searchAmount: '25000',
      currencies: ['GBP'],
      floats: ['main'],
      direction: 'in',
      amountMin: '1000',
      offset: 50,
      limit: 50,
    });
    expect(itemsInput({ search: 'FDK7', offset: 0 }, 50)).toEqual({ search: 'FDK7', offset: 0, limit: 50 });
  });
});

const line = (id: string, amount: string, currency = 'GBP'): ReconItem => ({
  kind: 'line',
  id,
  state: 'unmatched_bank_payment',
  ageing: '0-2',
  date: '2026-10-13',
  amount: { amount, currency },
  label: 'FLOAT TOP UP',
  match: null,
  resolution: null,
  lockedBy: null,
});
const request = (id: string, amount: string, currency = 'GBP'): ReconItem => ({
  ...line(id, amount, currency),
  kind: 'request',
  state: 'awaiting_payment',
  label: 'main',
});

describe('sums of the ticked items', () => {
  it('per currency: paid by the lines, requested, and the difference, exactly', () => {
    expect(
      selectionSums([
        line('TX-1', '-980.00'),
        request('RF01', '1000.00'),
        line('TX-2', '-0.10'),
        line('TX-3', '-0.20'),
        request('RF02', '75.50', 'EUR'),
      ]),
    ).toEqual([
      {
        currency: 'GBP',
        lineCount: 3,
        paid: { amount: '980.30', currency: 'GBP' },
        requestCount: 1,
        requested: { amount: '1000.00', currency: 'GBP' },
        difference: { amount: '-19.70', currency: 'GBP' },
      },
      {
        currency: 'EUR',
        lineCount: 0,
        paid: { amount: '0.00', currency: 'EUR' },
        requestCount: 1,
        requested: { amount: '75.50', currency: 'EUR' },
        difference: { amount: '-75.50', currency: 'EUR' },
      },
    ]);
    expect(selectionSums([])).toEqual([]);
  });
});

describe('match by hand: warned before, matched anyway only when asked', () => {
  const invoke = vi.fn<(channel: string, input: unknown) => Promise<unknown>>();
  const client = { invoke, onEvent: () => () => undefined } as unknown as ReconClient;
  const calls = (channel: string): unknown[] =>
    invoke.mock.calls.filter(([name]) => name === channel).map(([, input]) => input);
  let warnings: string[];

  beforeEach(() => {
    invoke.mockReset();
    warnings = ['The amount paid (980.00 GBP) differs from the amount requested 1000.00 GBP by 20.00 GBP.'];
    invoke.mockImplementation(async (channel) => {
      if (channel === 'recon:match.check') return { warnings };
      if (channel === 'recon:match.manual') return { decisionId: 7, auditSeq: 70, warnings };
      if (channel === 'recon:items') return { total: 0, items: [] };
      if (channel === 'recon:summary' || channel === 'recon:suggestions' || channel === 'recon:rollforward')
        throw new AppError('ledger_busy', 'busy');
      throw new Error(`unexpected ${channel}`);
    });
  });

  it('checks as boxes are ticked, asks before matching with warnings, and matches when told to', async () => {
    const { useItems } = createReconStores(client);
    useItems.getState().toggle(line('TX-1', '-980.00'), true);
    expect(calls('recon:match.check')).toEqual([]);
    useItems.getState().toggle(request('RF01', '1000.00'), true);
    await vi.waitFor(() => expect(useItems.getState().check).toMatchObject({ status: 'ready', warnings }));
    expect(calls('recon:match.check')).toEqual([{ lineIds: ['TX-1'], requestReferences: ['RF01'] }]);

    await useItems.getState().matchSelected('');
    expect(calls('recon:match.manual')).toEqual([]);
    expect(useItems.getState().manual).toEqual({ status: 'confirm', warnings });
    useItems.getState().cancelConfirm();
    expect(useItems.getState().manual).toEqual({ status: 'idle' });

    await useItems.getState().matchSelected('');
    await useItems.getState().matchSelected('fee deducted', true);
    expect(calls('recon:match.manual')).toEqual([
      { lineIds: ['TX-1'], requestReferences: ['RF01'], note: 'fee deducted' },
    ]);
    expect(useItems.getState().manual).toMatchObject({ status: 'done', warnings });
    // The selection is cleared, and so is the check.
    expect(useItems.getState().check).toEqual({ status: 'idle' });
  });

  it('matches at once when the check finds nothing; a changed selection drops a confirmation', async () => {
    const { useItems } = createReconStores(client);
    warnings = [];
    useItems.getState().toggle(line('TX-1', '-1000.00'), true);
    useItems.getState().toggle(request('RF01', '1000.00'), true);
    await useItems.getState().matchSelected('');
    expect(calls('recon:match.manual')).toHaveLength(1);

    warnings = ['outside'];
    useItems.getState().toggle(line('TX-2', '-5.00'), true);
    useItems.getState().toggle(request('RF02', '1000.00'), true);
    await useItems.getState().matchSelected('');
    expect(useItems.getState().manual.status).toBe('confirm');
    useItems.getState().toggle(request('RF02', '1000.00'), false);
    expect(useItems.getState().manual).toEqual({ status: 'idle' });
    expect(useItems.getState().check).toEqual({ status: 'idle' });
  });
});

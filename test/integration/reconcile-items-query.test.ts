/**
 * The open items a person can work, through the core's dispatch on a real SQLite file (the
 * recon-fixture workspace and its camt.053 statement): search by reference, bank text or amount,
 * filters by currency, float, direction and size, a stable order by exact amount, totals per
 * currency of every page; and recon:match.check, which warns before a match by hand exactly as the
 * match would, and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelOutput } from '../../src/shared/ipc/contract';
import type { ErrorShape } from '../../src/shared/ipc/errors';
import { dispatched, ledgerDigest, refusal, useImportedReconWorkspace } from '../helpers/recon-fixture';

const workspace = useImportedReconWorkspace();

type Channel = 'recon:import' | 'recon:items' | 'recon:run' | 'recon:match.check' | 'recon:match.manual';

async function call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  return dispatched(workspace.core, channel, input);
}

async function failure(channel: Channel, input: unknown): Promise<ErrorShape> {
  return refusal(workspace.core, channel, input);
}

const AS_OF = '2026-10-31';
const items = (input: ChannelInput<'recon:items'> = {}) =>
  call('recon:items', { asOf: AS_OF, limit: 500, ...input });
const idsOf = async (input: ChannelInput<'recon:items'>) => (await items(input)).items.map((item) => item.id);

describe('recon:items search, filters, order and totals', () => {
  it('finds an amount as the renderer reads it ("2,500.00" → 2500.00): the request and the line that pays it', async () => {
    const found = await items({ search: '2,500.00', searchAmount: '2500.00' });
    expect(found.items.map((item) => [item.kind, item.id])).toEqual([
      ['request', 'FDK7Q2M9X1'],
      ['line', '2026100200000101'],
    ]);
    expect(found.total).toBe(2);
  });

  it('finds a reference and bank text, ignoring case', async () => {
    expect(await idsOf({ search: 'fdk7q2m9x1' })).toEqual(['FDK7Q2M9X1', '2026100200000101']);
    const all = await items();
    const line = all.items.find((item) => item.kind === 'line' && item.label !== '')!;
    const word = line.label.split(/\s+/).find((part) => part.length > 3)!;
    expect(await idsOf({ search: word.toLowerCase() })).toContain(line.id);
  });

  it('filters by currency, float and direction, with totals per currency over every page', async () => {
    const euro = await items({ currencies: ['EUR'] });
    expect(euro.items.map((item) => item.id)).toEqual(['FDE5U7K3Z8']);
    expect(euro.totals).toEqual([
      {
        currency: 'EUR',
        count: 1,
        moneyIn: { amount: '75.50', currency: 'EUR' },
        moneyInCount: 1,
        moneyOut: { amount: '0.00', currency: 'EUR' },
        moneyOutCount: 0,
        net: { amount: '75.50', currency: 'EUR' },
      },
    ]);
    expect(await idsOf({ floats: ['euro'] })).toEqual(['FDE5U7K3Z8']);
    const out = await items({ direction: 'out', limit: 2 });
    expect(out.items).toHaveLength(2);
    expect(out.items.every((item) => item.kind === 'line' && item.amount.amount.startsWith('-'))).toBe(true);
    // The totals hold every item the filter keeps, not only the page of two.
    const [gbpOut] = out.totals!;
    expect(gbpOut).toMatchObject({
      currency: 'GBP',
      count: out.total,
      moneyInCount: 0,
      moneyOutCount: out.total,
    });
    expect(out.total).toBeGreaterThan(2);
    expect(out.choices).toEqual({ currencies: ['EUR', 'GBP'], floats: ['euro', 'main'] });
    const gbpRequests = await items({ currencies: ['GBP'], direction: 'in' });
    expect(gbpRequests.totals).toEqual([
      expect.objectContaining({
        currency: 'GBP',
        count: 12,
        moneyIn: { amount: '8850.00', currency: 'GBP' },
      }),
    ]);
  });

  it('sorts by exact amount both ways, pages the sorted list, and keeps equal amounts in date order', async () => {
    const ascending = (
      await items({ currencies: ['GBP'], direction: 'in', sort: { column: 'amount', descending: false } })
    ).items;
    const amounts = ascending.map((item) => Number(item.amount.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    // 300.00 twice and 450.00 twice: equal amounts keep the default order (date, then id).
    const threeHundreds = ascending.filter((item) => item.amount.amount === '300.00').map((item) => item.id);
    expect(threeHundreds).toEqual(['FDB2V6J4L9', 'FDM8Y3D5G2']);
    const descending = (
      await items({ currencies: ['GBP'], direction: 'in', sort: { column: 'amount', descending: true } })
    ).items;
    expect(descending[0]!.amount.amount).toBe('2500.00');
    expect(descending.filter((item) => item.amount.amount === '300.00').map((item) => item.id)).toEqual(
      threeHundreds,
    );
    const second = await items({
      currencies: ['GBP'],
      direction: 'in',
      sort: { column: 'amount', descending: true },
      offset: 1,
      limit: 2,
    });
    expect(second.items.map((item) => item.id)).toEqual(descending.slice(1, 3).map((item) => item.id));
  });

  it('keeps the sizes in a range, bounds included', async () => {
    const range = await items({ amountMin: '300', amountMax: '450.00', currencies: ['GBP'] });
    expect(
      range.items.every((item) =>
        ['300.00', '450.00', '350.00', '-300.00', '-450.00', '-350.00'].includes(item.amount.amount),
      ),
    ).toBe(true);
    expect(range.items.map((item) => item.id)).toEqual(
      expect.arrayContaining(['FDB2V6J4L9', 'FDH4S9K2P7', 'FDN7D2V9H4']),
    );
  });

  it('refuses an amount that is not a plain decimal, naming the field', async () => {
    const refused = await failure('recon:items', { search: '2,500', searchAmount: '2,500' });
    expect(refused).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'searchAmount' }] },
    });
  });
});

describe('recon:match.check', () => {
  it('warns as the match by hand would, before it is made, and writes nothing', async () => {
    const input = { lineIds: ['2026101300000106'], requestReferences: ['FDR9L5X2N6'] };
    const before = ledgerDigest(workspace.ledgerPath);
    const check = await call('recon:match.check', input);
    expect(check.warnings).toEqual([
      'The amount paid (£980.00) differs from the amount requested £1,000.00 by £20.00, more than the tolerance of £0.00.',
    ]);
    expect(ledgerDigest(workspace.ledgerPath)).toBe(before);
    const manual = await call('recon:match.manual', input);
    expect(manual.warnings).toEqual(check.warnings);
    // Now matched: the check refuses as the match would.
    const taken = await failure('recon:match.check', input);
    expect(taken).toMatchObject({ code: 'invalid_input' });
    expect(taken.message).toMatch(/already matched \(decision \d+\)/);
  });

  it('has no warning for a payment within the tolerance, and refuses two currencies', async () => {
    expect(
      await call('recon:match.check', { lineIds: ['2026100200000101'], requestReferences: ['FDK7Q2M9X1'] }),
    ).toEqual({ warnings: [] });
    const mixed = await failure('recon:match.check', {
      lineIds: ['2026101400000107'],
      requestReferences: ['FDE5U7K3Z8'],
    });
    expect(mixed).toMatchObject({
      code: 'invalid_input',
      details: { issues: [{ field: 'requestReferences[0]' }] },
    });
  });
});

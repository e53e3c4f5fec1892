/**
 * The reconciliation report's words for a person (the files and the export dialog): a bank line as
 * people know it, never its internal id; roll-forward flags and who acted in words; and every
 * open-item filter named, as the file labels a filtered export.
 */
import { describe, expect, it } from 'vitest';
import {
  bankLineNarrative,
  bankLineText,
  bankLineWords,
  itemFilterWords,
} from '../../src/shared/domain/recon-item-words';
import { itemText } from '../../src/main/core/export/tables/reconciliation/items-parts';
import {
  actorLabel,
  flagWords,
  ROLLFORWARD_FLAG_WORDS,
  STATE_WORDS,
} from '../../src/shared/domain/recon-words';
import { RollforwardFlagSchema } from '../../src/shared/ipc/contract-rollforward';
import { signerOf } from '../../src/main/core/export/tables/audit';
import { appliedFilter, itemQueryOf } from '../../src/main/core/export/tables/reconciliation/filter-words';
import { exportRequestOf } from '../../src/cli/export-flags';
import { parseCommandLine } from '../../src/cli/arguments';

const CODE_LIKE = /[a-z]+_[a-z]+/;

describe('a bank line in words', () => {
  const line = {
    id: 'sha256:8cd45aa0:1',
    bookingDate: '2026-10-02',
    valueDate: null,
    amount: { amount: '-2500.00', currency: 'GBP' },
    counterparty: 'Giftcard Platform Ltd',
    remittance: 'Top-up October',
    reference: 'FDK7Q2M9X1',
    bankId: null,
  };

  it('says booking date, signed amount, what the bank wrote and its reference, never the id', () => {
    const words = bankLineWords(line);
    expect(words).toBe(
      '2026-10-02, -2500.00 GBP, Giftcard Platform Ltd · Top-up October, reference FDK7Q2M9X1',
    );
    expect(words).not.toContain('sha256:');
  });

  it('leaves out what the bank did not write, and a reference the text already holds', () => {
    expect(bankLineWords({ ...line, counterparty: null, remittance: '  ', reference: null })).toBe(
      '2026-10-02, -2500.00 GBP',
    );
    expect(bankLineWords({ ...line, counterparty: null, remittance: 'Payment FDK7Q2M9X1' })).toBe(
      '2026-10-02, -2500.00 GBP, Payment FDK7Q2M9X1',
    );
  });

  it('gives what the bank wrote and its reference as the item’s text; a request’s text is its float', () => {
    expect(bankLineText(line)).toBe('Giftcard Platform Ltd · Top-up October, reference FDK7Q2M9X1');
    expect(bankLineText({ counterparty: null, remittance: null, reference: null })).toBe('');
    // What the screen shows beside the amount: the bank's own words, without the reference.
    expect(bankLineNarrative(line)).toBe('Giftcard Platform Ltd · Top-up October');
    expect(bankLineNarrative({ counterparty: ' ', remittance: null })).toBeNull();
    expect(itemText({ label: 'Top-up October', line })).toBe(bankLineText(line));
    expect(
      itemText({
        label: 'No text from the bank',
        line: { ...line, counterparty: null, remittance: null, reference: null },
      }),
    ).toBe('No text from the bank');
    expect(itemText({ label: 'main' })).toBe('main');
  });

  it('uses the formats it is given (a screen passes its own)', () => {
    const formats = { date: () => '2 Oct 2026', money: (a: string) => `£${a.replace('-', '−')}` };
    expect(bankLineWords({ ...line, counterparty: null, remittance: null }, formats)).toBe(
      '2 Oct 2026, £−2500.00, reference FDK7Q2M9X1',
    );
  });
});

describe('roll-forward flags and actors in words', () => {
  it('every flag kind the contract knows has words that are not its code', () => {
    const kinds = RollforwardFlagSchema.options.map((option) => option.shape.kind.value);
    expect(Object.keys(ROLLFORWARD_FLAG_WORDS).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      expect(flagWords(kind)).not.toMatch(CODE_LIKE);
      expect(flagWords(kind)).not.toBe(kind);
    }
    expect(flagWords('unexplained_credit')).toBe('Unexplained credit');
    expect(flagWords('some_new_kind')).toBe('Some new kind');
  });

  it('names who acted as a cell: the signer, a scheduled run, automatic matching', () => {
    expect(actorLabel('user', 'Ana Ruiz')).toBe('Ana Ruiz');
    expect(actorLabel('user', null)).toBe('FloatDesk user (no name set)');
    expect(actorLabel('cli', null)).toBe('Scheduled run (CLI)');
    expect(actorLabel('sync', null)).toBe('Automatic matching');
    for (const actor of ['user', 'cli', 'sync']) expect(actorLabel(actor, null)).not.toBe(actor);
  });

  it('reads the signer from an audit entry’s stored details, and nothing from anything else', () => {
    expect(signerOf('{"asOf":"2026-10-31","by":"Ana Ruiz","matchesAdded":3}')).toBe('Ana Ruiz');
    expect(signerOf('{"asOf":"2026-10-31"}')).toBeNull();
    expect(signerOf('{"note":"\\"by\\" hand"}')).toBeNull();
    expect(signerOf('{"by":7}')).toBeNull();
    expect(signerOf('not json "by"')).toBeNull();
  });
});

describe('the open items’ filter in words', () => {
  it('names every filter the open items list has', () => {
    expect(
      itemFilterWords({
        states: ['awaiting_payment', 'variance'],
        ageing: '3-7',
        search: ' ACME ',
        currencies: ['GBP'],
        floats: ['main'],
        direction: 'out',
        amountMin: '100.00',
        amountMax: '500.00',
      }),
    ).toEqual([
      `state ${STATE_WORDS.awaiting_payment} or ${STATE_WORDS.variance}`,
      'age 3 to 7 days',
      'search “ACME”',
      'currency GBP',
      'float “main”',
      'money out (bank payments)',
      'amount 100.00 GBP to 500.00 GBP',
    ]);
    expect(itemFilterWords({ amountMin: '100', currencies: ['GBP', 'EUR'] })).toEqual([
      'currency GBP or EUR',
      'amount at least 100',
    ]);
    expect(itemFilterWords({ amountMax: '5', direction: 'in' })).toEqual([
      'money in (requests)',
      'amount at most 5',
    ]);
    expect(itemFilterWords({ search: '  ', states: [] })).toEqual([]);
  });

  it('a report applies a filter only when chosen explicitly, and never to a frozen report', () => {
    const filters = { currencies: ['GBP'], search: 'ACME', amountMin: '100', amountMax: '500' };
    expect(itemQueryOf(filters)).toBeNull();
    expect(appliedFilter(filters)).toBeNull();
    expect(itemQueryOf({ ...filters, onlyFiltered: true })).toEqual(filters);
    expect(appliedFilter({ ...filters, onlyFiltered: true })).toBe(
      'Only open items with search “ACME”; currency GBP; amount 100.00 GBP to 500.00 GBP',
    );
    expect(appliedFilter({ ...filters, onlyFiltered: true, signOffId: 3 })).toBeNull();
    expect(appliedFilter({ onlyFiltered: true })).toBeNull();
    // A state filter leaves out what lies before the start date, as the screen does: the file says so.
    expect(appliedFilter({ states: ['awaiting_payment'], onlyFiltered: true }, '2026-01-01')).toBe(
      'Only open items with state Awaiting payment; not those dated before the reconciliation start date 2026-01-01',
    );
  });
});

describe('floatdesk export reconciliation filter flags', () => {
  const request = (...argv: string[]) => {
    const line = parseCommandLine(['export', 'reconciliation', '--format', 'csv', ...argv]);
    if (line.kind !== 'command') throw new Error('not a command');
    return exportRequestOf('reconciliation', line.values);
  };

  it('take every open-item filter, and any of them makes the export the filtered one', () => {
    expect(
      request('--search', '2,500.00', '--currency', 'GBP,EUR', '--float', 'main', '--direction', 'out'),
    ).toEqual({
      table: 'reconciliation',
      filters: {
        search: '2,500.00',
        searchAmount: '2500',
        currencies: ['GBP', 'EUR'],
        floats: ['main'],
        direction: 'out',
        onlyFiltered: true,
      },
    });
    expect(request('--min', '1,000', '--max', '2500.5')).toEqual({
      table: 'reconciliation',
      filters: { amountMin: '1000', amountMax: '2500.5', onlyFiltered: true },
    });
    expect(request('--search', 'ACME')).toEqual({
      table: 'reconciliation',
      filters: { search: 'ACME', onlyFiltered: true },
    });
  });

  it('refuses what it cannot apply, saying why', () => {
    expect(() => request('--min', 'ten')).toThrow(/--min must be an amount/);
    expect(() => request('--max=-5')).toThrow(/--max must be an amount/);
    expect(() => request('--direction', 'sideways')).toThrow(/--direction/);
    expect(() => request('--sign-off', '2', '--currency', 'GBP')).toThrow(/exported whole/);
  });
});

import { describe, expect, it } from 'vitest';
import { assertBalanced, linesOf, totalsOf } from '../../src/main/core/journals/journal-amounts';
import { buildJournals } from '../../src/main/core/journals/journal-rules';
import type { Journal, PeriodFacts } from '../../src/main/core/journals/types';
import { thrownAppError } from '../helpers/app-error';
import { fixtureFacts, mapping } from '../helpers/journals-fixture';

const brief = (journal: Journal): Array<[string, string, string]> =>
  linesOf(journal).map((line) => [line.account, line.amount, line.reference]);

function only(facts: Partial<PeriodFacts>): PeriodFacts {
  return { ...fixtureFacts(), topUps: [], spend: [], resolutions: [], ...facts };
}

describe('journal rules', () => {
  const { journals, notPosted } = buildJournals(fixtureFacts(), mapping);
  const byId = new Map(journals.map((journal) => [journal.id, journal]));

  it('makes one journal per kind and currency, in a fixed order, dated and named by the sign-off', () => {
    expect(journals.map((journal) => journal.id)).toEqual([
      'FD-S12-2026-11-30-TOP-UPS-GBP',
      'FD-S12-2026-11-30-REFUNDS-JPY',
      'FD-S12-2026-11-30-SPEND-GBP',
      'FD-S12-2026-11-30-RESOLUTIONS-GBP',
    ]);
    for (const journal of journals) {
      expect(journal).toMatchObject({ date: '2026-11-30', signOffId: 12, draft: false });
      expect(journal.narration).toContain('period 2026-11-01 to 2026-11-30 (FloatDesk sign-off 12)');
    }
  });

  it('a matched approved top-up: Dr float at the approved amount, Cr bank at the bank amount, the difference to variance', () => {
    const topUps = byId.get('FD-S12-2026-11-30-TOP-UPS-GBP')!;
    expect(
      topUps.entries.map((entry) => entry.lines.map((line) => [line.account, line.amount, line.reference])),
    ).toEqual([
      [
        ['1210', '2500.00', 'RF18A1'],
        ['1200', '-2500.00', 'RF18A1'],
      ],
      [
        ['1210', '200.00', 'RF55C3'],
        ['1211', '300.00', 'RF99Z9'],
        ['1200', '-250.00', 'RF55C3 RF99Z9'],
        ['1200', '-250.00', 'RF55C3 RF99Z9'],
      ],
      [
        ['1210', '999.50', 'RF71B2'],
        ['8100', '0.50', 'RF71B2'],
        ['1200', '-1000.00', 'RF71B2'],
      ],
    ]);
    expect(totalsOf(linesOf(topUps), 'GBP')).toEqual({ debit: '4000.00', credit: '4000.00' });
  });

  it('a variance the other way is a credit to the variance account', () => {
    const {
      journals: [journal],
    } = buildJournals(
      only({
        topUps: [
          {
            currency: 'GBP',
            closed: false,
            requests: [{ paymentReference: 'RF1', float: 'Main', approved: '100.10' }],
            lines: [{ bankTransactionId: 'X', bookingDate: '2026-11-02', amount: '-100.00' }],
          },
        ],
      }),
      mapping,
    );
    expect(brief(journal!)).toEqual([
      ['1210', '100.10', 'RF1'],
      ['8100', '-0.10', 'RF1'],
      ['1200', '-100.00', 'RF1'],
    ]);
  });

  it('a top-up paid then removed or cancelled: Dr refunds receivable / Cr bank at the bank amount', () => {
    expect(brief(byId.get('FD-S12-2026-11-30-REFUNDS-JPY')!)).toEqual([
      ['1222', '50000', 'RF40D4'],
      ['1202', '-50000', 'RF40D4'],
    ]);
  });

  it('a top-up posted earlier, removed since: Dr refunds receivable at the bank amount / Cr float at what was posted, variance back', () => {
    const set = buildJournals(
      only({
        topUps: [
          {
            currency: 'GBP',
            requests: [{ paymentReference: 'FD1', float: 'Main', approved: '880.00', posted: '880.00' }],
            lines: [{ bankTransactionId: 'L1', bookingDate: '2026-10-28', amount: '-900.00' }],
            closed: true,
            reversal: true,
          },
        ],
      }),
      mapping,
    );
    expect(set.journals.map((journal) => [journal.kind, brief(journal)])).toEqual([
      [
        'refunds',
        [
          ['1220', '900.00', 'FD1'],
          ['1210', '-880.00', 'FD1'],
          ['8100', '-20.00', 'FD1'],
        ],
      ],
    ]);
    expect(linesOf(set.journals[0]!)[1]!.description).toBe(
      'Top-up FD1 to float Main removed or cancelled at the platform after it was posted: 880.00 GBP out of the float',
    );
  });

  it('a top-up posted at one approved amount and approved for another since: the float takes the change, variance gives it back', () => {
    const adjusted = (approved: string) =>
      buildJournals(
        only({
          topUps: [
            {
              currency: 'GBP',
              requests: [{ paymentReference: 'FD1', float: 'Main', approved, posted: '1000.00' }],
              lines: [{ bankTransactionId: 'L1', bookingDate: '2026-10-28', amount: '-1000.00' }],
              closed: false,
              adjustment: true,
            },
          ],
        }),
        mapping,
      );
    const lower = adjusted('990.00');
    expect(lower.journals.map((journal) => [journal.kind, brief(journal)])).toEqual([
      [
        'top_ups',
        [
          ['1210', '-10.00', 'FD1'],
          ['8100', '10.00', 'FD1'],
        ],
      ],
    ]);
    expect(linesOf(lower.journals[0]!)[0]!.description).toBe(
      'Top-up FD1 to float Main: approved amount changed at the platform from 1000.00 to 990.00 GBP after it was posted',
    );
    // Approved for more: the float takes it, the variance gives it.
    expect(brief(adjusted('1012.50').journals[0]!)).toEqual([
      ['1210', '12.50', 'FD1'],
      ['8100', '-12.50', 'FD1'],
    ]);
    // No bank line moves: the bank paid what it paid when the top-up was first posted.
    expect(brief(lower.journals[0]!).some(([account]) => account === '1200')).toBe(false);
  });

  it('derived spend per float: Dr cost / Cr float, labelled derived; a negative spend reverses; zero posts nothing', () => {
    const spend = byId.get('FD-S12-2026-11-30-SPEND-GBP')!;
    expect(brief(spend)).toEqual([
      ['5000', '3100.25', ''],
      ['1210', '-3100.25', ''],
      ['5001', '-12.00', ''],
      ['1211', '12.00', ''],
    ]);
    expect(linesOf(spend).every((line) => line.description.includes('Derived spend'))).toBe(true);
    expect(spend.narration).toContain('derived from the float roll-forward');
    expect(journals.some((journal) => journal.kind === 'derived_spend' && journal.currency === 'JPY')).toBe(
      false,
    );
  });

  it('a bank fee posts to the variance account against the bank; other resolutions are listed, not posted', () => {
    expect(brief(byId.get('FD-S12-2026-11-30-RESOLUTIONS-GBP')!)).toEqual([
      ['8100', '2.50', 'B-9'],
      ['1200', '-2.50', 'B-9'],
    ]);
    expect(linesOf(byId.get('FD-S12-2026-11-30-RESOLUTIONS-GBP')!)[0]!.description).toBe(
      'Bank fee: bank line B-9 (SEPA fee)',
    );
    expect(notPosted).toEqual([
      {
        kind: 'line',
        id: 'B-8',
        reasonCode: 'duplicate',
        why: 'Duplicate: this reason calls for no entry (no fee, exchange difference or write-off to book), so nothing is posted.',
      },
      {
        kind: 'request',
        id: 'RF60E5',
        reasonCode: 'awaiting_approval',
        why: 'Paid, not yet approved by the platform: it is posted once approved.',
      },
      {
        kind: 'request',
        id: 'RF77F7',
        reasonCode: 'other',
        why: 'Other: a request resolved without a payment moved no money through the bank, so nothing is posted.',
      },
    ]);
  });

  it('an open period is a DRAFT in every journal', () => {
    const draft = buildJournals(fixtureFacts(null), mapping).journals;
    expect(draft.map((journal) => journal.id)).toEqual([
      'DRAFT-2026-11-30-TOP-UPS-GBP',
      'DRAFT-2026-11-30-REFUNDS-JPY',
      'DRAFT-2026-11-30-SPEND-GBP',
      'DRAFT-2026-11-30-RESOLUTIONS-GBP',
    ]);
    for (const journal of draft) {
      expect(journal).toMatchObject({ draft: true, signOffId: null });
      expect(journal.narration.startsWith('DRAFT: ')).toBe(true);
    }
  });

  it('is deterministic: the same facts in another order give identical journals', () => {
    const facts = fixtureFacts();
    const shuffled: PeriodFacts = {
      ...facts,
      topUps: [...facts.topUps].reverse().map((topUp) => ({
        ...topUp,
        lines: [...topUp.lines].reverse(),
        requests: [...topUp.requests].reverse(),
      })),
      spend: [...facts.spend].reverse(),
      resolutions: [...facts.resolutions].reverse(),
    };
    expect(buildJournals(shuffled, mapping)).toEqual(buildJournals(facts, mapping));
    expect(JSON.stringify(buildJournals(facts, mapping))).toBe(JSON.stringify({ journals, notPosted }));
  });

  it('keeps an over-precise amount exactly, never rounding it', () => {
    const {
      journals: [journal],
    } = buildJournals(only({ spend: [{ float: 'Main', currency: 'GBP', amount: '10.005' }] }), mapping);
    expect(brief(journal!)).toEqual([
      ['5000', '10.005', ''],
      ['1210', '-10.005', ''],
    ]);
  });

  it('refuses, naming every missing mapping, before making any journal', () => {
    const error = thrownAppError(() =>
      buildJournals(
        only({
          spend: [{ float: 'Gifts', currency: 'EUR', amount: '1.00' }],
          resolutions: [
            {
              kind: 'line',
              id: 'C-1',
              reasonCode: 'bank_fee',
              note: '',
              currency: 'CHF',
              float: null,
              amount: '-1.00',
              date: '2026-11-20',
            },
          ],
        }),
        mapping,
      ),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.details!.missing).toEqual([
      'Bank lines in CHF have no accounts: no float in CHF is mapped; add one.',
      'Float "Gifts" in EUR has no accounts: add a row "Gifts,EUR,…" to the mapping.',
    ]);
    expect(error.message).toBe(
      '2 mapping(s) missing, so no journal was made: Bank lines in CHF have no accounts: no float in CHF is mapped; add one. Float "Gifts" in EUR has no accounts: add a row "Gifts,EUR,…" to the mapping.',
    );
  });

  it('a resolution listed, not posted, needs no mapping', () => {
    const set = buildJournals(
      only({
        resolutions: [
          {
            kind: 'line',
            id: 'C-2',
            reasonCode: 'not_a_top_up',
            note: '',
            currency: 'CHF',
            float: null,
            amount: '-5.00',
            date: '2026-11-20',
          },
        ],
      }),
      mapping,
    );
    expect(set.journals).toEqual([]);
    expect(set.notPosted.map((item) => item.id)).toEqual(['C-2']);
  });

  it('posts a bank line written off against the bank, and lists a request written off', () => {
    const resolved = (kind: 'line' | 'request', id: string, amount: string) => ({
      kind,
      id,
      reasonCode: 'written_off',
      note: 'Unrecoverable',
      currency: 'GBP',
      float: kind === 'request' ? 'Main' : null,
      amount,
      date: '2026-11-21',
    });
    const set = buildJournals(
      only({ resolutions: [resolved('line', 'W-1', '-30.00'), resolved('request', 'FD9', '30.00')] }),
      mapping,
    );
    expect(set.journals.map((journal) => [journal.kind, brief(journal)])).toEqual([
      [
        'resolutions',
        [
          ['8100', '30.00', 'W-1'],
          ['1200', '-30.00', 'W-1'],
        ],
      ],
    ]);
    expect(set.journals[0]!.entries[0]!.lines[0]!.description).toBe(
      'Written off: bank line W-1 (Unrecoverable)',
    );
    expect(set.notPosted).toEqual([
      expect.objectContaining({ kind: 'request', id: 'FD9', reasonCode: 'written_off' }),
    ]);
  });

  it("gives each line the tax code of its kind where the mapping names one, else the row's", () => {
    const taxed = {
      rows: mapping.rows.map((row) => ({
        ...row,
        taxCode: 'No VAT',
        taxCodes: { cost: 'VAT 20%', bank: 'BAS' },
      })),
    };
    const spend = buildJournals(
      only({ spend: [{ float: 'Main', currency: 'GBP', amount: '10.00' }] }),
      taxed,
    );
    expect(spend.journals[0]!.entries[0]!.lines.map((l) => [l.account, l.taxCode])).toEqual([
      ['5000', 'VAT 20%'],
      ['1210', 'No VAT'],
    ]);
    const fee = buildJournals(
      only({
        resolutions: [
          {
            kind: 'line',
            id: 'F-1',
            reasonCode: 'bank_fee',
            note: '',
            currency: 'GBP',
            float: null,
            amount: '-2.00',
            date: '2026-11-20',
          },
        ],
      }),
      taxed,
    );
    expect(fee.journals[0]!.entries[0]!.lines.map((l) => [l.account, l.taxCode])).toEqual([
      ['8100', 'No VAT'],
      ['1200', 'BAS'],
    ]);
  });

  it('refuses to hand on a journal whose entry does not balance', () => {
    const [journal] = buildJournals(fixtureFacts(), mapping).journals;
    journal!.entries[0]!.lines[0]!.amount = '2500.01';
    expect(() => assertBalanced(journal!)).toThrow(
      'Journal FD-S12-2026-11-30-TOP-UPS-GBP, entry 1, does not balance: off by 0.01 GBP.',
    );
  });
});

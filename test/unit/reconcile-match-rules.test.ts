import { describe, expect, it } from 'vitest';
import { preview } from '../../src/main/core/recon/match/preview';
import type { BankLine, MatchRequest, PreviewResult } from '../../src/main/core/recon/match/types';
import { creditorReferenceFor } from '../../src/shared/domain/creditor-reference';
import { bankLine as line, matchOf, signatures, transferRequest as request } from '../helpers/match-fixture';

const RF_A = creditorReferenceFor('539007547034'); // RF18539007547034
const RF_B = creditorReferenceFor('100000000042');
const RF_C = creditorReferenceFor('100000000043');
const grouped = (reference: string): string => reference.replace(/(.{4})(?!$)/g, '$1 ');

function run(lines: BankLine[], requests: MatchRequest[]): PreviewResult {
  return preview(lines, requests);
}

describe('pass 1 — exact payment reference', () => {
  it.each<[string, Partial<BankLine>, 'reference' | 'remittance']>([
    ['the reference field, grouped by the bank', { reference: grouped(RF_A) }, 'reference'],
    ['the reference field, lower case with dashes', { reference: 'rf18-5390-0754-7034' }, 'reference'],
    ['the reference field with a prefix glued on', { reference: `EREF+${RF_A}` }, 'reference'],
    ['free remittance text among other words', { remittance: `TOPUP ${grouped(RF_A)} INV 22` }, 'remittance'],
    [
      'remittance behind an unusable reference',
      { reference: 'NOTPROVIDED', remittance: `ref: ${RF_A}` },
      'remittance',
    ],
  ])('finds it in %s', (_, fields, where) => {
    const result = run(
      [line('L1', '-2500.00', '2024-05-02', fields)],
      [request(RF_A, '2500.00', '2024-05-01')],
    );
    expect(signatures(result)).toEqual([`L1=${RF_A}`]);
    const match = result.matches[0]!;
    expect(match.rule).toBe('exact_reference');
    expect(match.score).toBe(1);
    expect(match.evidence).toEqual({
      references: [{ where, text: RF_A, requestReference: RF_A, distance: 0, checkDigits: 'valid' }],
      currency: 'EUR',
      difference: '0.00',
      differenceApproved: null,
      daysApart: 1,
      tolerance: null,
    });
  });

  it('matches whatever the amount and date, and records the differences (score below 1)', () => {
    const result = run(
      [
        line('L1', '-2499.50', '2024-05-02', { reference: RF_A }),
        line('L2', '-3000.00', '2024-09-30', { reference: RF_B }),
      ],
      [
        request(RF_A, '2500.00', '2024-05-01', { status: 'approved' }),
        request(RF_B, '2500.00', '2024-05-01', { status: 'approved_edited', approved: '2400.00' }),
      ],
    );
    expect(matchOf(result, 'L1')).toMatchObject({
      score: 0.95,
      evidence: { difference: '-0.50', differenceApproved: '-0.50' },
    });
    expect(matchOf(result, 'L2')).toMatchObject({
      score: 0.9,
      evidence: { difference: '500.00', differenceApproved: '600.00', daysApart: 152 },
    });
  });

  it('one payment naming several requests that add up: one match (even across floats)', () => {
    const result = run(
      [line('L1', '-300.00', '2024-05-02', { remittance: `${RF_B} ${RF_C}` })],
      [
        request(RF_B, '100.00', '2024-05-01', { float: 'Main' }),
        request(RF_C, '200.00', '2024-05-01', { float: 'Events' }),
      ],
    );
    expect(signatures(result)).toEqual([`L1=${[RF_B, RF_C].sort().join('+')}`]);
    expect(result.matches[0]!.evidence.references).toHaveLength(2);
  });

  it('two payments carrying one reference that add up: one split match', () => {
    const result = run(
      [
        line('L1', '-1000.00', '2024-05-02', { reference: RF_A }),
        line('L2', '-1500.00', '2024-05-04', { reference: RF_A }),
      ],
      [request(RF_A, '2500.00', '2024-05-01')],
    );
    expect(signatures(result)).toEqual([`L1+L2=${RF_A}`]);
  });

  it('a reference paid twice (sum ≠ amount) is a conflict for a person, not a match', () => {
    const result = run(
      [
        line('L1', '-2500.00', '2024-05-02', { reference: RF_A }),
        line('L2', '-2500.00', '2024-05-03', { reference: RF_A }),
      ],
      [request(RF_A, '2500.00', '2024-05-01')],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions).toHaveLength(1);
    expect(result.suggestions[0]).toMatchObject({ rule: 'exact_reference', reason: 'conflict' });
    expect(result.suggestions[0]!.options.map((o) => o.lineIds[0]).sort()).toEqual(['L1', 'L2']);
  });

  it('a payment in another currency than its request is only suggested', () => {
    const result = run(
      [line('L1', '-2500.00', '2024-05-02', { reference: RF_A, currency: 'GBP' })],
      [request(RF_A, '2500.00', '2024-05-01')],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions[0]).toMatchObject({ rule: 'exact_reference', reason: 'weak_evidence' });
  });

  it('a short reference is not searched for inside free text, but matches the reference field', () => {
    const result = run(
      [
        line('L1', '-10.00', '2024-05-02', { remittance: 'INV 22 ABC1' }),
        line('L2', '-20.00', '2024-05-02', { reference: 'abc-2' }),
      ],
      [request('ABC1', '10.00', '2024-05-01'), request('ABC2', '20.00', '2024-05-01')],
    );
    expect(matchOf(result, 'L1')?.rule).not.toBe('exact_reference');
    expect(matchOf(result, 'L2')?.rule).toBe('exact_reference');
  });
});

describe('pass 2 — reference with a typo', () => {
  const typo = RF_A.slice(0, 14) + '43'; // swapped last two digits: check digits fail
  it.each<[string, string, number, 'invalid' | 'not_creditor_reference']>([
    ['two neighbours swapped', typo, 1, 'invalid'],
    ['one digit dropped', RF_A.slice(0, 15), 1, 'invalid'],
    ['two digits wrong in an RF reference', RF_A.slice(0, 13) + '143', 2, 'invalid'],
  ])('%s → matched, with the distance and failed check digits', (_, text, distance, checkDigits) => {
    const result = run(
      [line('L1', '-2500.00', '2024-05-02', { reference: grouped(text) })],
      [request(RF_A, '2500.00', '2024-05-01'), request(RF_B, '2500.00', '2024-05-01')],
    );
    expect(signatures(result)).toEqual([`L1=${RF_A}`]);
    expect(result.matches[0]).toMatchObject({
      rule: 'fuzzy_reference',
      evidence: { references: [{ text, requestReference: RF_A, distance, checkDigits }] },
    });
  });

  it('a non-RF reference one character off matches when the amount agrees', () => {
    const result = run(
      [line('L1', '-700.00', '2024-05-02', { reference: 'TOPUP-EUR-0000124X' })],
      [request('TOPUP-EUR-0000124', '700.00', '2024-05-01')],
    );
    expect(result.matches[0]).toMatchObject({ rule: 'fuzzy_reference', score: 0.85 });
  });

  it('… but only suggests it when the amount is outside the tolerance', () => {
    const result = run(
      [line('L1', '-900.00', '2024-05-02', { reference: 'TOPUP-EUR-0000124X' })],
      [request('TOPUP-EUR-0000124', '700.00', '2024-05-01')],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions[0]).toMatchObject({ rule: 'fuzzy_reference', reason: 'weak_evidence' });
  });

  it('a VALID creditor reference one character from a request is a different reference: suggestion only', () => {
    const result = run(
      [line('L1', '-2500.00', '2024-05-02', { reference: RF_A })],
      [request(`${RF_A}9`, '2500.00', '2024-05-01')],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions[0]).toMatchObject({ rule: 'fuzzy_reference', reason: 'weak_evidence' });
    expect(result.suggestions[0]?.options[0]?.evidence.references[0]?.checkDigits).toBe('valid');
  });

  it('two requests equally near (same distance, same amount agreement) are a tie', () => {
    const result = run(
      [line('L1', '-700.00', '2024-05-02', { reference: 'TOPUP-0000125' })],
      [request('TOPUP-0000124', '700.00', '2024-05-01'), request('TOPUP-0000126', '700.00', '2024-05-01')],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions[0]).toMatchObject({ rule: 'fuzzy_reference', reason: 'tie' });
    expect(result.suggestions[0]!.options).toHaveLength(2);
  });

  it('…but the amount decides between two at the same distance', () => {
    const result = run(
      [line('L1', '-700.00', '2024-05-02', { reference: 'TOPUP-0000125' })],
      [request('TOPUP-0000124', '700.00', '2024-05-01'), request('TOPUP-0000126', '999.00', '2024-05-01')],
    );
    expect(signatures(result)).toEqual(['L1=TOPUP-0000124']);
  });
});

describe('pass 3 — amount and date', () => {
  it('matches the single request of that amount in the window, with its tolerance', () => {
    const result = run([line('L1', '-1234.56', '2024-05-03')], [request('X1', '1234.56', '2024-05-01')]);
    expect(result.matches[0]).toMatchObject({
      rule: 'amount_date',
      evidence: { difference: '0.00', daysApart: 2, tolerance: '5.00' },
    });
    expect(result.matches[0]!.score).toBeGreaterThan(0.75);
    expect(result.matches[0]!.score).toBeLessThanOrEqual(0.8);
  });

  it.each([
    ['within 0.5 % of the request (the smaller tolerance for 100.00 is 0.50)', '-99.50', '100.00', true],
    ['just outside 0.5 %', '-99.49', '100.00', false],
    ['within 5.00 (the smaller tolerance for 10,000.00)', '-9995.00', '10000.00', true],
    ['outside 5.00', '-9994.99', '10000.00', false],
  ])('amount %s', (_, paid, requested, matched) => {
    const result = run([line('L1', paid, '2024-05-02')], [request('X1', requested, '2024-05-01')]);
    expect(result.matches.length).toBe(matched ? 1 : 0);
  });

  it.each([
    ['2 days before the request', '2024-04-29', true],
    ['3 days before', '2024-04-28', false],
    ['10 days after', '2024-05-11', true],
    ['11 days after', '2024-05-12', false],
  ])('booked %s', (_, date, matched) => {
    const result = run([line('L1', '-1234.56', date)], [request('X1', '1234.56', '2024-05-01')]);
    expect(result.matches.length).toBe(matched ? 1 : 0);
  });

  it('also matches on the approved amount', () => {
    const result = run(
      [line('L1', '-1200.00', '2024-05-02')],
      [request('X1', '1500.00', '2024-05-01', { status: 'approved_edited', approved: '1200.00' })],
    );
    expect(result.matches[0]).toMatchObject({
      evidence: { difference: '-300.00', differenceApproved: '0.00' },
    });
  });

  it('two requests of the same amount are a tie, whatever their dates', () => {
    const result = run(
      [line('L1', '-1234.56', '2024-05-02')],
      [request('X1', '1234.56', '2024-05-02'), request('X2', '1234.56', '2024-04-30')],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions[0]).toMatchObject({ rule: 'amount_date', reason: 'tie' });
    expect(result.suggestions[0]!.options[0]!.requestReferences).toEqual(['X1']); // the nearer date first
  });

  it('two payments of the same amount for one request are one tie with both payments as options', () => {
    const result = run(
      [line('L1', '-1234.56', '2024-05-02'), line('L2', '-1234.56', '2024-05-03')],
      [request('X1', '1234.56', '2024-05-01')],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions).toHaveLength(1);
    expect(result.suggestions[0]).toMatchObject({ rule: 'amount_date', reason: 'tie' });
    expect(
      result.suggestions[0]!.options.map((option) => [option.lineIds, option.requestReferences]),
    ).toEqual([
      [['L1'], ['X1']],
      [['L2'], ['X1']],
    ]);
  });

  it('a closer amount wins; the line that loses its best then takes the one left', () => {
    const result = run(
      [line('L1', '-1000.00', '2024-05-02'), line('L2', '-1000.40', '2024-05-02')],
      [request('X1', '1000.00', '2024-05-01'), request('X2', '1000.30', '2024-05-01')],
    );
    expect(signatures(result)).toEqual(['L1=X1', 'L2=X2']);
  });

  it('never pairs across currencies', () => {
    const result = run(
      [line('L1', '-1234.56', '2024-05-02', { currency: 'GBP' })],
      [request('X1', '1234.56', '2024-05-01')],
    );
    expect(result.matches).toEqual([]);
  });
});

describe('pass 4 — splits by exact sum', () => {
  it('one payment for several requests of one float', () => {
    const result = run(
      [line('L1', '-550.00', '2024-05-02')],
      [
        request('X1', '100.00', '2024-05-01'),
        request('X2', '200.00', '2024-05-01'),
        request('X3', '350.00', '2024-04-30'),
      ],
    );
    expect(signatures(result)).toEqual(['L1=X2+X3']);
    expect(result.matches[0]).toMatchObject({
      rule: 'split_sum',
      score: 0.75,
      evidence: { references: [], difference: '0.00', daysApart: 2, tolerance: null },
    });
  });

  it('never combines requests of different floats by amount alone', () => {
    const result = run(
      [line('L1', '-550.00', '2024-05-02')],
      [
        request('X2', '200.00', '2024-05-01', { float: 'Main' }),
        request('X3', '350.00', '2024-05-01', { float: 'Events' }),
      ],
    );
    expect(result.matches).toEqual([]);
  });

  it('several payments for one request', () => {
    const result = run(
      [
        line('L1', '-300.00', '2024-05-02'),
        line('L2', '-450.00', '2024-05-05'),
        line('L3', '-999.00', '2024-05-05'),
      ],
      [request('X1', '750.00', '2024-05-01')],
    );
    expect(signatures(result)).toEqual(['L1+L2=X1']);
    expect(result.unmatchedLines).toEqual(['L3']);
  });

  it('three parts, and the sum must be exact to the cent', () => {
    const result = run(
      [line('L1', '-600.01', '2024-05-02'), line('L2', '-600.00', '2024-05-20')],
      [
        request('X1', '100.00', '2024-05-01'),
        request('X2', '200.00', '2024-05-01'),
        request('X3', '300.01', '2024-05-01'),
        request('Y1', '150.00', '2024-05-19'),
        request('Y2', '250.00', '2024-05-19'),
        request('Y3', '200.01', '2024-05-19'),
      ],
    );
    expect(signatures(result)).toEqual(['L1=X1+X2+X3']);
  });

  it('two combinations that both add up are a tie for a person', () => {
    const result = run(
      [line('L1', '-500.00', '2024-05-02')],
      [
        request('X1', '100.00', '2024-05-01'),
        request('X2', '200.00', '2024-05-01'),
        request('X3', '300.00', '2024-05-01'),
        request('X4', '400.00', '2024-05-01'),
      ],
    );
    expect(result.matches).toEqual([]);
    expect(result.suggestions).toHaveLength(1);
    expect(result.suggestions[0]).toMatchObject({ rule: 'split_sum', reason: 'tie' });
    expect(result.suggestions[0]!.options.map((o) => o.requestReferences.join('+')).sort()).toEqual([
      'X1+X4',
      'X2+X3',
    ]);
  });

  it('is not tried when more than maxCandidates requests lie in the window (a person decides)', () => {
    const small = Array.from({ length: 15 }, (_, i) =>
      request(`S${i}`, `${i + 1}0.0${i % 10}`, '2024-05-01'),
    );
    const many = [
      request('X0', '600000.00', '2024-05-01'),
      request('X1', '400000.00', '2024-05-01'),
      ...small,
    ];
    const payment = [line('L1', '-1000000.00', '2024-05-02')];
    expect(preview(payment, many, { split: { maxParts: 4, maxCandidates: 16 } }).matches).toEqual([]);
    // Whatever the order they come in (the count is per day, not per position).
    expect(preview(payment, [...many].reverse()).matches).toEqual([]);
    expect(preview(payment, [...many.slice(2), ...many.slice(0, 2)]).matches).toEqual([]);
    expect(signatures(preview(payment, many.slice(0, 5)))).toEqual(['L1=X0+X1']);
  });
});

describe('results', () => {
  it('credits and zero lines are ignored; everything else is matched or listed unmatched', () => {
    const result = run(
      [
        line('C1', '250.00', '2024-05-02'),
        line('Z1', '0.00', '2024-05-02'),
        line('L1', '-1.00', '2024-05-02', { reference: 'NOPE' }),
      ],
      [request('X1', '7.00', '2024-05-01')],
    );
    expect(result).toEqual({
      matches: [],
      suggestions: [],
      unmatchedLines: ['L1'],
      unmatchedRequests: ['X1'],
      ignoredLines: ['C1', 'Z1'],
    });
  });

  it('locked matches are returned unchanged and their items used by no pass', () => {
    const locked = run(
      [line('L1', '-10.00', '2024-05-02', { reference: RF_A })],
      [request(RF_A, '10.00', '2024-05-01')],
    ).matches[0]!;
    const result = preview(
      [
        line('L1', '-10.00', '2024-05-02', { reference: RF_A }),
        line('L2', '-10.00', '2024-05-02', { reference: RF_A }),
      ],
      [request(RF_A, '10.00', '2024-05-01')],
      {},
      { matches: [locked] },
    );
    expect(result.matches).toEqual([{ ...locked, locked: true }]);
    expect(result.unmatchedLines).toEqual(['L2']);
    expect(result.suggestions).toEqual([]);
  });

  it('locked items without a match are never used', () => {
    const result = preview(
      [line('L1', '-10.00', '2024-05-02', { reference: RF_A })],
      [request(RF_A, '10.00', '2024-05-01')],
      {},
      { lineIds: ['L1'] },
    );
    expect(result.matches).toEqual([]);
    expect(result.unmatchedLines).toEqual(['L1']);
    expect(result.unmatchedRequests).toEqual([RF_A]);
  });
});

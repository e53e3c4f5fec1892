import { describe, expect, it } from 'vitest';
import { changeWords, valueWords } from '../../src/main/core/catalogue/change-words';
import { describeChange } from '../../src/main/core/catalogue/changes';

const row = (attribute: string, oldValue: string | null, newValue: string | null) => ({
  id: 1,
  slug: 'amber-boutique-express',
  name: 'Amber Boutique Express',
  syncRunId: 3,
  observedAt: '2026-11-03T09:00:00.000Z',
  kind: 'changed',
  attribute,
  oldValue,
  newValue,
});

describe('change-log summaries in plain words', () => {
  it.each([
    [
      'status with a reason',
      row('status', '{"code":"ENABLED"}', '{"code":"PAUSED","reason":"Supplier review"}'),
      'Amber Boutique Express: status Enabled → Paused (Supplier review).',
    ],
    [
      'an unknown status code, as sent',
      row('status', '{"code":"PAUSED","reason":"x"}', '{"code":"ARCHIVED"}'),
      'Amber Boutique Express: status Paused (x) → ARCHIVED.',
    ],
    ['discount', row('discount', '"4.5"', '"5"'), 'Amber Boutique Express: discount 4.5% → 5%.'],
    [
      'denominations gained one',
      row('denominations', '["10","25"]', '["10","25","50"]'),
      'Amber Boutique Express: denominations 10, 25 → 10, 25, 50 (added 50).',
    ],
    [
      'digital denominations reshuffled',
      row('digital_denominations', '["5","10"]', '["10","20"]'),
      'Amber Boutique Express: digital denominations 5, 10 → 10, 20 (added 20; removed 5).',
    ],
    [
      'open-value limits',
      row(
        'digital_face_value_limits',
        '{"lower":"10","minor_unit":"0.01","upper":"250"}',
        '{"lower":"10","minor_unit":"0.01","upper":"300"}',
      ),
      'Amber Boutique Express: digital face-value limits 10 to 250 in steps of 0.01 → 10 to 300 in steps of 0.01.',
    ],
    [
      'physical limits without a minor unit',
      row('physical_face_value_limits', '{"lower":"5","upper":"100"}', '{"lower":"5","upper":"150"}'),
      'Amber Boutique Express: physical face-value limits 5 to 100 → 5 to 150.',
    ],
    [
      'transaction types in words',
      row('transaction_types', '["digital_issuance","balance_check"]', '["digital_issuance"]'),
      'Amber Boutique Express: transaction types Digital issuance, Balance check → Digital issuance (removed Balance check).',
    ],
    [
      'an attribute that appears',
      row('physical_face_value_limits', null, '{"lower":"5","upper":"100"}'),
      'Amber Boutique Express: physical face-value limits added: 5 to 100.',
    ],
    [
      'an attribute that disappears',
      row('vat', '{"exempt":false,"rate":"5.00","type":"MPV"}', null),
      'Amber Boutique Express: VAT removed (was MPV 5.00%).',
    ],
    [
      'a flag',
      row('gc_pool', 'false', 'true'),
      'Amber Boutique Express: cards from a stocked pool no → yes.',
    ],
    [
      'a detail text',
      row('detail.expiry', '"12 months"', '"24 months"'),
      'Amber Boutique Express: expiry 12 months → 24 months.',
    ],
    [
      'an unknown object',
      row('loyalty_points', null, '{"per_pound":"2"}'),
      'Amber Boutique Express: loyalty points added: per pound 2.',
    ],
  ])('%s', (_what, change, summary) => {
    expect(describeChange(change)).toBe(summary);
  });

  it('describes new, vanished and returned brands', () => {
    expect(describeChange({ ...row('x', null, null), kind: 'new', attribute: null })).toBe(
      'Amber Boutique Express appeared in the catalogue.',
    );
    expect(describeChange({ ...row('x', null, null), kind: 'vanished', attribute: null })).toMatch(
      /no longer listed/,
    );
  });

  it('never shows JSON braces or quotes for the recorded shapes', () => {
    const samples: Array<[string, string, string]> = [
      ['status', '{"code":"ENABLED"}', '{"code":"DISABLED","reason":"Gone"}'],
      ['vat', '{"exempt":true,"rate":"0.00","type":"SPV"}', '{"exempt":false,"rate":"5.00","type":"MPV"}'],
      ['choices', '[{"name":"X","slug":"x"}]', '[]'],
      ['detail.assets', '{"logo_url":"https://a.example/l.png"}', '{"logo_url":"https://a.example/m.png"}'],
    ];
    for (const [attribute, before, after] of samples)
      expect(changeWords(attribute, before, after)).not.toMatch(/[{}"[\]]/);
  });

  it('keeps a value that is not JSON as it is, and clips long text', () => {
    expect(changeWords('name', 'not json', '"Acme"')).toBe('not json → Acme');
    expect(valueWords('detail.description', 'x'.repeat(500)).length).toBe(500);
    expect(changeWords('detail.description', '"a"', JSON.stringify('y'.repeat(500))).length).toBeLessThan(
      200,
    );
  });
});

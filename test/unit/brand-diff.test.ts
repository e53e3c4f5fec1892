import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/shared/domain/canonical-json';
import {
  diffBrand,
  planBrands,
  type StoredBrand,
  type WireBrandObject,
} from '../../src/main/core/sync/brand-diff';
import { repairedBrandsText } from '../../src/main/core/sync/brands';

/** A brand as the client decodes it: decimals as exact text, optional fields possibly undefined. */
function brand(overrides: Record<string, unknown> = {}): WireBrandObject {
  return {
    slug: 'acme',
    name: 'Acme',
    type: 'gift-card',
    status: { code: 'ENABLED', reason: undefined },
    currency: 'GBP',
    discount: '4.5',
    last_updated: '2026-10-01T09:00:00+01:00',
    transaction_types: ['digital_issuance', 'balance_check'],
    delivery_methods: ['code', 'url'],
    countries_served: ['GB', 'IE'],
    gc_pool: false,
    async_only: false,
    categories: ['fashion'],
    vat: { exempt: false, type: 'MPV', rate: '5.00' },
    digital_face_value_limits: { lower: '5', upper: '500', minor_unit: '0.01' },
    physical_face_value_limits: { lower: '10', upper: '250' },
    denominations: ['10.00', '25.00'],
    digital_denominations: ['10', '25'],
    detail: {
      assets: { logo_url: 'https://assets.example/acme/logo.png' },
      description: 'Everything',
      redemption_methods: ['online', 'instore'],
    },
    ...overrides,
  };
}

const stored = (entries: Record<string, { data: WireBrandObject; vanished?: boolean }>) =>
  new Map<string, StoredBrand>(
    Object.entries(entries).map(([slug, { data, vanished }], index) => [
      slug,
      { id: index + 1, data: JSON.stringify(data), vanished: vanished ?? false },
    ]),
  );

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves out undefined and null fields', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: null }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"z":1}]},"b":1}',
    );
  });

  it('gives the same text whatever order the fields came in', () => {
    const reordered = Object.fromEntries(Object.entries(brand()).reverse()) as WireBrandObject;
    expect(canonicalJson(reordered)).toBe(canonicalJson(brand()));
  });

  it('keeps decimals exactly as sent', () => {
    expect(canonicalJson({ amount: '12345678901234567890.10' })).toBe('{"amount":"12345678901234567890.10"}');
  });
});

describe('diffBrand: one row per changed attribute', () => {
  const cases: Array<[string, Record<string, unknown>, string, string | null, string | null]> = [
    [
      'status',
      { status: { code: 'PAUSED', reason: 'Stock' } },
      'status',
      '{"code":"ENABLED"}',
      '{"code":"PAUSED","reason":"Stock"}',
    ],
    ['discount', { discount: '5' }, 'discount', '"4.5"', '"5"'],
    [
      'denominations',
      { denominations: ['10.00', '50.00'] },
      'denominations',
      '["10.00","25.00"]',
      '["10.00","50.00"]',
    ],
    [
      'digital denominations',
      { digital_denominations: ['10'] },
      'digital_denominations',
      '["10","25"]',
      '["10"]',
    ],
    [
      'digital limits',
      { digital_face_value_limits: { lower: '1', upper: '500', minor_unit: '0.01' } },
      'digital_face_value_limits',
      '{"lower":"5","minor_unit":"0.01","upper":"500"}',
      '{"lower":"1","minor_unit":"0.01","upper":"500"}',
    ],
    [
      'physical limits',
      { physical_face_value_limits: { lower: '10', upper: '300' } },
      'physical_face_value_limits',
      '{"lower":"10","upper":"250"}',
      '{"lower":"10","upper":"300"}',
    ],
    [
      'transaction types',
      { transaction_types: ['digital_issuance'] },
      'transaction_types',
      '["digital_issuance","balance_check"]',
      '["digital_issuance"]',
    ],
    [
      'delivery methods',
      { delivery_methods: ['code', 'wrapped'] },
      'delivery_methods',
      '["code","url"]',
      '["code","wrapped"]',
    ],
    [
      'categories',
      { categories: ['fashion', 'sports'] },
      'categories',
      '["fashion"]',
      '["fashion","sports"]',
    ],
    ['countries', { countries_served: ['GB'] }, 'countries_served', '["GB","IE"]', '["GB"]'],
    [
      'vat',
      { vat: { exempt: true, type: 'SPV', rate: '0.00' } },
      'vat',
      '{"exempt":false,"rate":"5.00","type":"MPV"}',
      '{"exempt":true,"rate":"0.00","type":"SPV"}',
    ],
    ['name', { name: 'Acme Stores' }, 'name', '"Acme"', '"Acme Stores"'],
    ['type', { type: 'choice-link' }, 'type', '"gift-card"', '"choice-link"'],
    ['currency', { currency: 'EUR' }, 'currency', '"GBP"', '"EUR"'],
    ['a flag', { gc_pool: true }, 'gc_pool', 'false', 'true'],
    [
      'an attribute that appears',
      { choices: [{ slug: 'x', name: 'X' }] },
      'choices',
      null,
      '[{"name":"X","slug":"x"}]',
    ],
    [
      'an attribute that disappears',
      { vat: undefined },
      'vat',
      '{"exempt":false,"rate":"5.00","type":"MPV"}',
      null,
    ],
    [
      'an unknown new field',
      { loyalty_points: { per_pound: '2' } },
      'loyalty_points',
      null,
      '{"per_pound":"2"}',
    ],
  ];
  it.each(cases)('%s', (_what, overrides, attribute, oldValue, newValue) => {
    expect(diffBrand(brand(), brand(overrides))).toEqual([
      { kind: 'changed', attribute, oldValue, newValue },
    ]);
  });

  it('reports detail fields one by one, unknown ones included', () => {
    const after = brand({
      detail: {
        assets: { logo_url: 'https://assets.example/acme/logo-2.png' },
        redemption_methods: ['online', 'instore'],
        expiry: '12 months',
      },
    });
    expect(diffBrand(brand(), after)).toEqual([
      {
        kind: 'changed',
        attribute: 'detail.assets',
        oldValue: '{"logo_url":"https://assets.example/acme/logo.png"}',
        newValue: '{"logo_url":"https://assets.example/acme/logo-2.png"}',
      },
      { kind: 'changed', attribute: 'detail.description', oldValue: '"Everything"', newValue: null },
      { kind: 'changed', attribute: 'detail.expiry', oldValue: null, newValue: '"12 months"' },
    ]);
  });

  it('reports several attributes in one go, in a stable order', () => {
    const changes = diffBrand(brand(), brand({ status: { code: 'DISABLED' }, discount: '3', name: 'A' }));
    expect(changes.map((change) => change.attribute)).toEqual(['discount', 'name', 'status']);
  });

  it('reports nothing for an unchanged brand, a reordered set, a reformatted decimal or a new last_updated', () => {
    const after = brand({
      transaction_types: ['balance_check', 'digital_issuance'],
      countries_served: ['IE', 'GB'],
      discount: '4.50',
      denominations: ['10', '25.0'],
      vat: { exempt: false, type: 'MPV', rate: '5' },
      last_updated: '2026-11-01T09:00:00+00:00',
      last_refreshed_at: '2026-11-02T09:00:00+00:00',
      detail: { ...(brand().detail as object), redemption_methods: ['instore', 'online'] },
    });
    expect(diffBrand(brand(), after)).toEqual([]);
    expect(diffBrand(brand(), brand())).toEqual([]);
  });

  it('still reports a reordered list whose order means something (denominations)', () => {
    expect(diffBrand(brand(), brand({ denominations: ['25.00', '10.00'] }))).toHaveLength(1);
  });
});

describe('planBrands', () => {
  it('first sync of an empty ledger: every brand inserted, no change rows', () => {
    const plan = planBrands(new Map(), [brand(), brand({ slug: 'bolt' })], { recordNew: false });
    expect(plan.writes.map((write) => [write.slug, write.id, write.changes])).toEqual([
      ['acme', null, []],
      ['bolt', null, []],
    ]);
    expect(plan.brandsChanged).toBe(2);
    expect(plan.vanished).toEqual([]);
  });

  it("a first-seen brand once a catalogue is held: 'new'", () => {
    const plan = planBrands(stored({ acme: { data: brand() } }), [brand(), brand({ slug: 'bolt' })], {
      recordNew: true,
    });
    expect(plan.writes[1]).toMatchObject({
      slug: 'bolt',
      id: null,
      changes: [{ kind: 'new', attribute: null }],
    });
    expect(plan.writes[0]).toMatchObject({ slug: 'acme', id: 1, dataChanged: false, changes: [] });
    expect(plan.brandsChanged).toBe(1);
  });

  it('an unchanged catalogue: no change rows, no data rewritten', () => {
    const plan = planBrands(stored({ acme: { data: brand() } }), [brand()], { recordNew: true });
    expect(plan.writes).toEqual([
      expect.objectContaining({ dataChanged: false, returned: false, changes: [] }),
    ]);
    expect(plan.brandsChanged).toBe(0);
  });

  it('a brand no longer listed vanishes; a vanished one that is listed again returns, with its changes', () => {
    const before = stored({
      acme: { data: brand() },
      bolt: { data: brand({ slug: 'bolt', discount: '2' }), vanished: true },
      gone: { data: brand({ slug: 'gone' }), vanished: true },
    });
    const plan = planBrands(before, [brand({ slug: 'bolt', discount: '3' })], { recordNew: true });
    expect(plan.vanished).toEqual([{ id: 1, slug: 'acme' }]);
    expect(plan.writes).toEqual([
      expect.objectContaining({
        slug: 'bolt',
        id: 2,
        returned: true,
        dataChanged: true,
        changes: [
          { kind: 'returned', attribute: null, oldValue: null, newValue: null },
          { kind: 'changed', attribute: 'discount', oldValue: '"2"', newValue: '"3"' },
        ],
      }),
    ]);
    expect(plan.brandsChanged).toBe(2);
  });

  it('a returned brand with the very same data is still written (its vanished mark is cleared)', () => {
    const plan = planBrands(stored({ acme: { data: brand(), vanished: true } }), [brand()], {
      recordNew: true,
    });
    expect(plan.writes[0]).toMatchObject({
      returned: true,
      dataChanged: false,
      changes: [{ kind: 'returned' }],
    });
    expect(plan.brandsChanged).toBe(1);
  });

  it('a slug listed twice: the last one wins; a brand without a slug is skipped and counted', () => {
    const plan = planBrands(new Map(), [brand(), brand({ discount: '9' }), brand({ slug: '' })], {
      recordNew: false,
    });
    expect(plan.writes).toHaveLength(1);
    expect(JSON.parse(plan.writes[0]?.data ?? '{}').discount).toBe('9');
    expect(plan.skipped).toBe(1);
  });

  it('fills the name, currency and status columns, keeping unknown status codes', () => {
    const plan = planBrands(new Map(), [brand({ status: { code: 'SUNSET', reason: 'Closing' } })], {
      recordNew: false,
    });
    expect(plan.writes[0]).toMatchObject({ name: 'Acme', currency: 'GBP', statusCode: 'SUNSET' });
  });
});

describe('planBrands with a damaged stored brand', () => {
  const damaged = (data: string): Map<string, StoredBrand> =>
    new Map([
      ['acme', { id: 1, data, vanished: false }],
      ['bolt', { id: 2, data: JSON.stringify(brand({ slug: 'bolt', discount: '2' })), vanished: false }],
    ]);

  it.each([
    ['text cut off mid-value', '{"slug":"acme","name":"Ac'],
    ['not JSON at all', 'garbage'],
    ['JSON but not an object', '[1,2,3]'],
    ['empty', ''],
  ])('%s: replaced by the platform copy, named in repaired, the other brands diffed as usual', (_, data) => {
    const listed = [brand(), brand({ slug: 'bolt', discount: '3' })];
    const plan = planBrands(damaged(data), listed, { recordNew: true });
    expect(plan.repaired).toEqual(['acme']);
    expect(plan.writes[0]).toMatchObject({
      slug: 'acme',
      id: 1,
      dataChanged: true,
      changes: [],
      data: JSON.stringify(brand()),
    });
    expect(plan.writes[1]).toMatchObject({
      slug: 'bolt',
      changes: [{ kind: 'changed', attribute: 'discount', oldValue: '"2"', newValue: '"3"' }],
    });
    expect(plan.brandsChanged).toBe(2);
  });

  it('the warning names one brand, or the first five and how many more', () => {
    expect(repairedBrandsText(['acme'])).toBe(
      'the ledger\'s copy of brand "acme" was damaged and has been replaced with the platform\'s copy (what changed in it since the last sync could not be recorded)',
    );
    expect(repairedBrandsText(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toMatch(
      /^the ledger's copies of 7 brands \("a", "b", "c", "d", "e" and 2 more\) were damaged/,
    );
  });

  it('nothing is repaired when every stored brand reads', () => {
    const plan = planBrands(stored({ acme: { data: brand() } }), [brand()], { recordNew: true });
    expect(plan.repaired).toEqual([]);
  });
});

describe('planBrands with the platform reordering keys', () => {
  it('rewrites the stored text but records no change and counts no changed brand', () => {
    const original = brand();
    const reordered = Object.fromEntries(Object.entries(original).reverse()) as WireBrandObject;
    const plan = planBrands(stored({ acme: { data: original } }), [reordered], { recordNew: true });
    expect(plan.brandsChanged).toBe(0);
    expect(plan.writes[0]).toMatchObject({ dataChanged: true, changes: [] });
  });

  it('stores the text the platform sent for each brand, and reads stored text back losslessly', () => {
    const sent = '{"slug":"acme","name":"Acme","currency":"GBP","status":{"code":"ENABLED"},"discount":4.50}';
    const plan = planBrands(new Map(), [brand({ discount: '4.50' })], {
      recordNew: false,
      sentTexts: [sent],
    });
    expect(plan.writes[0]?.data).toBe(sent);

    const before = new Map<string, StoredBrand>([['acme', { id: 1, data: sent, vanished: false }]]);
    const respelled =
      '{"slug":"acme","name":"Acme","currency":"GBP","status":{"code":"ENABLED"},"discount":4.5}';
    const same = planBrands(before, [brand()], { recordNew: true, sentTexts: [respelled] });
    expect(same.writes[0]).toMatchObject({ data: respelled, dataChanged: true, changes: [] });

    const changed =
      '{"slug":"acme","name":"Acme","currency":"GBP","status":{"code":"ENABLED"},"discount":12345678901234567.10}';
    expect(
      planBrands(before, [brand()], { recordNew: true, sentTexts: [changed] }).writes[0]?.changes,
    ).toEqual([
      { kind: 'changed', attribute: 'discount', oldValue: '"4.50"', newValue: '"12345678901234567.10"' },
    ]);
  });

  it('compares a brand stored by an older version (re-serialised, shipping flattened) with the text as sent', () => {
    const method = { identifier: 'post', description: 'Post', cost: { amount: '1.50', currency: 'GBP' } };
    const older = new Map<string, StoredBrand>([
      ['acme', { id: 1, data: JSON.stringify(brand({ shipping_methods: [method] })), vanished: false }],
    ]);
    const sent = JSON.stringify(
      brand({
        shipping_methods: [{ post: { description: 'Post', cost: { amount: 1.5, currency: 'GBP' } } }],
      }),
    ).replace('"amount":1.5,', '"amount":1.50,');
    const plan = planBrands(older, [brand()], { recordNew: true, sentTexts: [sent] });
    expect(plan.writes[0]?.changes).toEqual([]);
    expect(plan.brandsChanged).toBe(0);
  });
});

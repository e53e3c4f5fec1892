import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSuccess } from '../../src/main/core/platform/decode';
import {
  balanceCheckDataSchema,
  brandsDataSchema,
  checkFloatsDataSchema,
  requestPaymentTransferDataSchema,
  templatesDataSchema,
  transactionDataSchema,
  transferRequestsDataSchema,
} from '../../src/main/core/platform/schemas';
import { AppError } from '../../src/shared/ipc/errors';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { call } from '../helpers/sim-http';
import { makeSimWorld } from '../helpers/sim-world';

const success = (data: string, message = ',"message":"OK"') =>
  `{"code":"000","status":"success"${message},"data":${data}}`;

/** The AppError decodeSuccess throws, checked to be malformed_response naming the endpoint. */
function failure(run: () => unknown, endpoint: string): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('malformed_response');
    expect(appError.message).toContain(`The platform's answer to ${endpoint} is not as expected: `);
    expect(appError.message).toContain(
      'FloatDesk kept the previous data; try again later or contact support.',
    );
    expect(appError.details?.endpoint).toBe(endpoint);
    return appError;
  }
  throw new Error('expected decodeSuccess to throw');
}

const money = (amount: string, currency: string) => `{"amount":${amount},"currency":"${currency}"}`;
const floatEntry = (available: string, pending: string, currency: string) =>
  `{"available_balance":${money(available, currency)},"pending_payments":${money(pending, currency)}}`;
const GROUPS =
  `"GBP":{"Main":${floatEntry('12345678.91', '0.1', 'GBP')},"Main float 2":${floatEntry('0', '100.5', 'GBP')}},` +
  `"KWD":{"Ops":${floatEntry('1.234', '0.001', 'KWD')}}`;
const EXPECTED_FLOATS = [
  {
    currency: 'GBP',
    name: 'Main',
    available_balance: { amount: '12345678.91', currency: 'GBP' },
    pending_payments: { amount: '0.1', currency: 'GBP' },
  },
  {
    currency: 'GBP',
    name: 'Main float 2',
    available_balance: { amount: '0', currency: 'GBP' },
    pending_payments: { amount: '100.5', currency: 'GBP' },
  },
  {
    currency: 'KWD',
    name: 'Ops',
    available_balance: { amount: '1.234', currency: 'KWD' },
    pending_payments: { amount: '0.001', currency: 'KWD' },
  },
];

describe('check-floats', () => {
  const decode = (data: string) => decodeSuccess('check-floats', checkFloatsDataSchema, success(data));

  it('reads the current shape exactly, amounts sent as numbers kept digit for digit', () => {
    const data = decode(`{"floats":{${GROUPS}},"last_refreshed_at":"2026-11-02T09:00:00+00:00"}`);
    expect(data).toEqual({
      floats: EXPECTED_FLOATS,
      last_refreshed_at: '2026-11-02T09:00:00+00:00',
      shape: 'current',
    });
  });

  it('reads the older shape, currencies directly under data, to the same result', () => {
    const data = decode(`{${GROUPS},"last_refreshed_at":"2026-11-02T09:00:00+00:00"}`);
    expect(data).toEqual({
      floats: EXPECTED_FLOATS,
      last_refreshed_at: '2026-11-02T09:00:00+00:00',
      shape: 'legacy',
    });
  });

  it('accepts no floats ([] or {}), a missing or null last_refreshed_at and fields added later', () => {
    expect(decode('{"floats":[],"last_refreshed_at":"2026-11-02T09:00:00+00:00"}').floats).toEqual([]);
    expect(decode('{"floats":{}}')).toEqual({ floats: [], last_refreshed_at: undefined, shape: 'current' });
    expect(decode('{"floats":{"GBP":[]},"last_refreshed_at":null}').floats).toEqual([]);
    expect(decode('{"last_refreshed_at":"2026-11-02T09:00:00+00:00"}').shape).toBe('legacy');
    expect(decode('[]').floats).toEqual([]);
    const later = decode(
      `{"floats":{"GBP":{"Main":{"available_balance":${money('1', 'GBP')},"pending_payments":${money('2', 'GBP')},"limit":${money('3', 'GBP')}}}},"cache_ttl":900}`,
    );
    expect(later.floats[0]).toMatchObject({ name: 'Main', limit: { amount: '3', currency: 'GBP' } });
    expect(decode(`{${GROUPS},"cache_ttl":900,"note":"x"}`).floats).toEqual(EXPECTED_FLOATS);
  });

  it('names the field that breaks the contract, in either shape', () => {
    const badAmount = (group: string) => group.replace('"amount":12345678.91', '"amount":"12,345,678.91"');
    expect(failure(() => decode(`{"floats":{${badAmount(GROUPS)}}}`), 'check-floats').details?.path).toBe(
      'data.floats.GBP.Main.available_balance.amount',
    );
    const legacy = failure(() => decode(`{${badAmount(GROUPS)}}`), 'check-floats');
    expect(legacy.details).toEqual({
      endpoint: 'check-floats',
      path: 'data.GBP.Main.available_balance.amount',
      issue: 'expected a decimal number, got text',
    });
    expect(failure(() => decode('{"GBP":5}'), 'check-floats').message).toContain(
      'data.GBP: expected an object, got a number',
    );
    expect(failure(() => decode('{"floats":"none"}'), 'check-floats').message).toContain(
      'data.floats: expected an object, got text',
    );
    expect(
      failure(
        () => decode(`{"floats":{"GBP":{"Main float 2":{"available_balance":${money('1', 'GBP')}}}}}`),
        'check-floats',
      ).message,
    ).toContain('data.floats.GBP["Main float 2"].pending_payments: missing');
    expect(
      failure(() => decode(`{"floats":{"gbp":{"Main":${floatEntry('1', '2', 'GBP')}}}}`), 'check-floats')
        .message,
    ).toContain('data.floats.gbp: not an accepted key');
    expect(
      failure(() => decode(`{"floats":{"GBP":{"Main":${floatEntry('1', '2', 'pounds')}}}}`), 'check-floats')
        .message,
    ).toContain('data.floats.GBP.Main.available_balance.currency: expected a three-letter currency code');
  });
});

describe('check-floats: no currency group is ever dropped', () => {
  const decode = (data: string) => decodeSuccess('check-floats', checkFloatsDataSchema, success(data));
  const group = `{"Main":${floatEntry('1', '2', 'GBP')}}`;

  it('refuses an older-shape key that holds a group but is not a currency code, naming it', () => {
    for (const [key, path] of [
      ['gbp', 'data.gbp'],
      ['GBP ', 'data["GBP "]'],
      ['GBPX', 'data.GBPX'],
      ['pounds', 'data.pounds'],
    ]) {
      const error = failure(() => decode(`{${GROUPS},${JSON.stringify(key)}:${group}}`), 'check-floats');
      expect(error.details).toEqual({
        endpoint: 'check-floats',
        path,
        issue: 'not an accepted key (expected a three-letter currency code)',
      });
    }
    // An empty group ([] or {}) under such a key is refused too: it may be a currency with no floats yet.
    expect(failure(() => decode(`{${GROUPS},"eur":[]}`), 'check-floats').details?.path).toBe('data.eur');
    expect(failure(() => decode(`{${GROUPS},"eur":{}}`), 'check-floats').details?.path).toBe('data.eur');
  });

  it('applies the same rule as the current shape, and lets scalar metadata through', () => {
    expect(failure(() => decode(`{"floats":{${GROUPS},"gbp":${group}}}`), 'check-floats').details?.path).toBe(
      'data.floats.gbp',
    );
    expect(decode(`{${GROUPS},"cache_ttl":900,"note":"x","stale":false,"extra":null}`).floats).toEqual(
      EXPECTED_FLOATS,
    );
  });
});

describe('request-payment-transfer', () => {
  const endpoint = 'float/request-payment-transfer';
  it('reads the registered request, amount as sent', () => {
    const text = success(
      '{"float":"Main","currency":"GBP","amount":"12345678.91","payment_reference":"RF471234567890"}',
      ',"message":"Payment transfer request registered"',
    );
    expect(decodeSuccess(endpoint, requestPaymentTransferDataSchema, text)).toEqual({
      float: 'Main',
      currency: 'GBP',
      amount: '12345678.91',
      payment_reference: 'RF471234567890',
    });
  });

  it('refuses an answer without the reference', () => {
    const text = success('{"float":"Main","currency":"GBP","amount":"100.00"}', '');
    expect(
      failure(() => decodeSuccess(endpoint, requestPaymentTransferDataSchema, text), endpoint).message,
    ).toContain('data.payment_reference: missing.');
  });
});

const transfer = (fields: Partial<Record<string, string>> = {}) => {
  const base: Record<string, string> = {
    float: '"Main"',
    requested: '{"currency":"GBP","amount":"1500.00"}',
    approved: 'null',
    payment_reference: '"RF18539007547034"',
    status: '"pending"',
    created_at: '"2026-10-30T16:30:44+00:00"',
    ...fields,
  };
  return `{${Object.entries(base)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `"${key}":${value}`)
    .join(',')}}`;
};

describe('transfer-requests', () => {
  const endpoint = 'float/transfer-requests';
  const decode = (items: string[]) =>
    decodeSuccess(endpoint, transferRequestsDataSchema, success(`[${items.join(',')}]`, ''));

  it('reads every status, exact amounts, null or edited approvals, and keeps unknown statuses and fields', () => {
    const list = decode([
      transfer(),
      transfer({ status: '"approved"', approved: '{"currency":"GBP","amount":"1500.00"}' }),
      transfer({
        status: '"approved_edited"',
        requested: '{"currency":"KWD","amount":"12.345"}',
        approved: '{"currency":"KWD","amount":"12.300"}',
      }),
      transfer({ status: '"removed"', approved: '{"currency":"GBP","amount":"0.10"}' }),
      transfer({ status: '"cancelled"', approved: undefined }),
      transfer({ status: '"on_hold"', created_at: '"2026-10-30T17:30:44+01:00"', note: '"new field"' }),
    ]);
    expect(list).toHaveLength(6);
    expect(list[0]).toEqual({
      float: 'Main',
      requested: { currency: 'GBP', amount: '1500.00' },
      approved: null,
      payment_reference: 'RF18539007547034',
      status: 'pending',
      created_at: '2026-10-30T16:30:44+00:00',
    });
    expect(list[2]?.approved).toEqual({ currency: 'KWD', amount: '12.300' });
    expect(list[2]?.requested.amount).toBe('12.345');
    expect(list[4]?.approved).toBeNull();
    expect(list[5]).toMatchObject({ status: 'on_hold', note: 'new field' });
    expect(decode([])).toEqual([]);
  });

  it('accepts amounts the platform sends as numbers, keeping the literal', () => {
    const list = decode([transfer({ requested: '{"currency":"GBP","amount":1500.10}' })]);
    expect(list[0]?.requested.amount).toBe('1500.10');
  });

  it('names the item and field that break the contract', () => {
    const items = [
      transfer(),
      transfer(),
      transfer(),
      transfer({ requested: '{"currency":"GBP","amount":{}}' }),
    ];
    const error = failure(() => decode(items), endpoint);
    expect(error.message).toBe(
      "The platform's answer to float/transfer-requests is not as expected: data.3.requested.amount: " +
        'expected a decimal number, got an object. FloatDesk kept the previous data; try again later or contact support.',
    );
    expect(error.details).toEqual({
      endpoint,
      path: 'data.3.requested.amount',
      issue: 'expected a decimal number, got an object',
    });
    expect(failure(() => decode([transfer({ created_at: '"yesterday"' })]), endpoint).message).toContain(
      'data.0.created_at: expected an ISO 8601 date and time with a UTC offset',
    );
    expect(failure(() => decode([transfer({ status: 'null' })]), endpoint).message).toContain(
      'data.0.status: expected text, got null',
    );
    expect(
      failure(() => decode([transfer({ requested: '{"currency":"GBP","amount":"1e999999999"}' })]), endpoint)
        .details?.path,
    ).toBe('data.0.requested.amount');
    expect(
      failure(() => decodeSuccess(endpoint, transferRequestsDataSchema, success('{"0":{}}')), endpoint)
        .message,
    ).toContain('data: expected a list, got an object');
  });
});

const FULL_BRAND = `{
  "slug":"open-gbp","name":"Open GBP","type":"gift-card","status":{"code":"ENABLED"},"currency":"GBP",
  "discount":4.5,"last_updated":"2026-10-23T09:00:00+00:00",
  "transaction_types":["digital_issuance","physical_activation","teleport"],
  "delivery_methods":["code","url","wrapped","pigeon"],"countries_served":["GB"],"gc_pool":true,"async_only":false,
  "categories":["books","space-travel"],"vat":{"exempt":false,"type":"MPV","rate":"5.00"},
  "digital_face_value_limits":{"lower":5,"upper":500,"minor_unit":0.01},
  "physical_face_value_limits":{"lower":10,"upper":250},
  "shipping_methods":[{"royal-mail":{"identifier":"royal-mail","description":"Royal Mail 1st class","cost":{"currency":"GBP","amount":2.95}}},
                      {"courier":{"description":"Courier","cost":{"currency":"GBP","amount":9}}}],
  "detail":{"assets":{"logo_url":"https://a.example/logo.png"},"barcode":"AZTEC","redemption_methods":["online","hologram"],
            "description":"Spend \\"anywhere\\"","expiry":"24 months","new_detail":true}
}`;

describe('brands', () => {
  const decode = (data: string) => decodeSuccess('brands', brandsDataSchema, success(data, ''));

  it('reads a brand with every attribute, keeping unknown enumeration values and exact numbers', () => {
    const data = decode(
      `{"brands":{"open-gbp":${FULL_BRAND},"fixed-eur":{"slug":"fixed-eur","name":"Fixed","type":"voucher-pack",
        "status":{"code":"SLEEPING","reason":"Resting"},"currency":"EUR","discount":"0","last_updated":"2026-10-23T09:00:00+00:00",
        "transaction_types":[],"delivery_methods":["code"],"countries_served":["IE","FR"],"gc_pool":false,"async_only":true,
        "categories":[],"vat":null,"choices":[{"slug":"a","name":"A"},"b",3,{"deep":[[1.50]]}],
        "denominations":["10.00","25.00"],"digital_denominations":[10,25.50]}},
        "last_refreshed_at":"2026-11-02T09:00:00+00:00"}`,
    );
    expect(data.last_refreshed_at).toBe('2026-11-02T09:00:00+00:00');
    expect(data.brands.map((brand) => brand.slug)).toEqual(['open-gbp', 'fixed-eur']);
    const [open, fixed] = data.brands;
    expect(open).toMatchObject({
      discount: '4.5',
      transaction_types: ['digital_issuance', 'physical_activation', 'teleport'],
      delivery_methods: ['code', 'url', 'wrapped', 'pigeon'],
      categories: ['books', 'space-travel'],
      vat: { exempt: false, type: 'MPV', rate: '5.00' },
      digital_face_value_limits: { lower: '5', upper: '500', minor_unit: '0.01' },
      physical_face_value_limits: { lower: '10', upper: '250' },
      shipping_methods: [
        {
          identifier: 'royal-mail',
          description: 'Royal Mail 1st class',
          cost: { currency: 'GBP', amount: '2.95' },
        },
        { identifier: 'courier', description: 'Courier', cost: { currency: 'GBP', amount: '9' } },
      ],
      detail: {
        assets: { logo_url: 'https://a.example/logo.png' },
        barcode: 'AZTEC',
        redemption_methods: ['online', 'hologram'],
        description: 'Spend "anywhere"',
        expiry: '24 months',
        new_detail: true,
      },
    });
    expect(open?.physical_face_value_limits?.minor_unit).toBeUndefined();
    expect(fixed).toMatchObject({
      type: 'voucher-pack',
      status: { code: 'SLEEPING', reason: 'Resting' },
      denominations: ['10.00', '25.00'],
      digital_denominations: ['10', '25.50'],
      choices: [{ slug: 'a', name: 'A' }, 'b', '3', { deep: [['1.50']] }],
    });
    expect(fixed?.vat).toBeUndefined();
    expect(fixed?.detail).toBeUndefined();
  });

  it('accepts a VAT rate sent as a number, and [] for no brands', () => {
    const withNumberRate = FULL_BRAND.replace('"rate":"5.00"', '"rate":17.5');
    expect(decode(`{"brands":{"open-gbp":${withNumberRate}}}`).brands[0]?.vat?.rate).toBe('17.5');
    expect(decode('{"brands":[],"last_refreshed_at":"2026-11-02T09:00:00+00:00"}').brands).toEqual([]);
  });

  it('takes the slug from the key when a brand object lacks it, and reads a list of brands too', () => {
    const noSlug = FULL_BRAND.replace('"slug":"open-gbp",', '');
    expect(decode(`{"brands":{"from-key":${noSlug}}}`).brands[0]?.slug).toBe('from-key');
    expect(decode(`{"brands":[${FULL_BRAND}]}`).brands[0]?.slug).toBe('open-gbp');
  });

  it('names the brand and field that break the contract', () => {
    const badDenomination = `{"brands":{"fixed-eur":${FULL_BRAND.replace('"categories"', '"denominations":["10.00","ten"],"categories"')}}}`;
    expect(failure(() => decode(badDenomination), 'brands').message).toContain(
      'data.brands.fixed-eur.denominations.1: expected a decimal number, got text.',
    );
    const badFlag = `{"brands":{"open-gbp":${FULL_BRAND.replace('"gc_pool":true', '"gc_pool":"yes"')}}}`;
    expect(failure(() => decode(badFlag), 'brands').details?.issue).toBe('expected true or false, got text');
    const badDetail = `{"brands":{"open-gbp":${FULL_BRAND.replace('"expiry":"24 months"', '"expiry":{"months":24}')}}}`;
    expect(failure(() => decode(badDetail), 'brands').details?.path).toBe(
      'data.brands.open-gbp.detail.expiry',
    );
    const badShipping = `{"brands":{"open-gbp":${FULL_BRAND.replace('"amount":9}', '"amount":null}')}}}`;
    expect(failure(() => decode(badShipping), 'brands').details?.path).toBe(
      'data.brands.open-gbp.shipping_methods.1.courier.cost.amount',
    );
    expect(
      failure(() => decode(`{"brands":[${FULL_BRAND.replace('"slug":"open-gbp",', '')}]}`), 'brands').message,
    ).toContain('data.brands.0.slug: missing');
    expect(failure(() => decode('{"brands":"none"}'), 'brands').message).toContain(
      'data.brands: expected an object keyed by brand slug, got text',
    );
    expect(failure(() => decode('{}'), 'brands').message).toContain('data.brands: missing');
  });
});

describe('templates', () => {
  const decode = (data: string) => decodeSuccess('templates', templatesDataSchema, success(data));
  it('turns the brand → name → version map into a list, and [] into none', () => {
    expect(
      decode('{"templates":{"open-gbp":{"standard":"2026-10-01","christmas":20251201},"fixed-eur":[]}}')
        .templates,
    ).toEqual([
      { brand: 'open-gbp', name: 'standard', version: '2026-10-01' },
      { brand: 'open-gbp', name: 'christmas', version: '20251201' },
    ]);
    expect(decode('{"templates":[]}').templates).toEqual([]);
    expect(
      failure(() => decode('{"templates":{"open-gbp":{"standard":null}}}'), 'templates').message,
    ).toContain('data.templates.open-gbp.standard: expected text, got null');
  });
});

describe('transactions', () => {
  const ISSUED = `{"transaction_id":"TX000001","client_request_id":"issue-1","type":"digital_issuance","brand":"open-gbp",
    "face_value":{"amount":10,"currency":"GBP"},"cost":{"amount":9.55,"currency":"GBP"},
    "float":{"name":"small","currency":"GBP","available_balance":{"amount":0.45,"currency":"GBP"}},
    "card":{"code":"6012345678901234","kind":"digital","balance":{"amount":10,"currency":"GBP"},"status":"active"},
    "created_at":"2026-11-02T09:00:00+00:00","receipt":"R-1"}`;

  it('reads a spend and a balance check, exact amounts, extra fields kept', () => {
    const data = decodeSuccess('digital/issue', transactionDataSchema, success(ISSUED));
    expect(data).toMatchObject({
      transaction_id: 'TX000001',
      face_value: { amount: '10', currency: 'GBP' },
      cost: { amount: '9.55', currency: 'GBP' },
      float: { name: 'small', available_balance: { amount: '0.45' } },
      card: { code: '6012345678901234', kind: 'digital', status: 'active' },
      receipt: 'R-1',
    });
    expect(data.refund).toBeUndefined();
    const balance = decodeSuccess(
      'digital/check-balance',
      balanceCheckDataSchema,
      success(
        '{"client_request_id":"b-1","type":"balance_check","brand":"open-gbp","card":{"code":"6012","kind":"digital","balance":{"amount":2.5,"currency":"GBP"},"status":"inactive"},"checked_at":"2026-11-02T09:00:00+00:00"}',
      ),
    );
    expect(balance.card.balance).toEqual({ amount: '2.5', currency: 'GBP' });
  });

  it('does not quote the card code in its message', () => {
    const broken = ISSUED.replace('"balance":{"amount":10', '"balance":{"amount":"6012345678901234x"');
    const error = failure(
      () => decodeSuccess('digital/issue', transactionDataSchema, success(broken)),
      'digital/issue',
    );
    expect(error.message).toContain('data.card.balance.amount: expected a decimal number, got text');
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(
      '6012345678901234',
    );
  });
});

describe('the envelope', () => {
  const decode = (text: string) => decodeSuccess('float/transfer-requests', transferRequestsDataSchema, text);
  const endpoint = 'float/transfer-requests';

  it('accepts a success with or without a message, and a leading byte order mark', () => {
    expect(decode('{"code":"000","status":"success","data":[]}')).toEqual([]);
    expect(decode('\uFEFF{"code":"000","status":"success","message":7,"data":[],"extra":1}')).toEqual([]);
  });

  it.each([
    [
      'a success-shaped answer with another code',
      '{"code":"001","status":"success","data":[]}',
      'code: a success must carry code 000',
    ],
    [
      'a numeric code',
      '{"code":0,"status":"success","data":[]}',
      'code: a success must carry code 000, got "0"',
    ],
    ['no code', '{"status":"success","data":[]}', 'code: missing'],
    [
      'an error envelope',
      '{"code":"433","status":"error","message":"bad"}',
      'status: expected "success", got "error"',
    ],
    ['no status', '{"code":"000","data":[]}', 'status: missing'],
    ['no data', '{"code":"000","status":"success"}', 'data: missing'],
    [
      'null data where a list is due',
      '{"code":"000","status":"success","data":null}',
      'data: expected a list, got null',
    ],
    ['a list for an answer', '[]', 'expected an object, got a list'],
    ['a bare number', '42', 'expected an object, got a number'],
    ['invalid JSON', '{"code":"000",', 'the answer is not valid JSON'],
    ['an empty body', '', 'the answer is not valid JSON'],
    ['HTML', '<html><body>Bad gateway</body></html>', 'the answer is not valid JSON'],
    [
      'a bad number',
      '{"code":"000","status":"success","data":[01]}',
      'not valid JSON (a number: leading zero)',
    ],
  ])('refuses %s', (_name, text, expected) => {
    expect(failure(() => decode(text), endpoint).message).toContain(expected);
  });

  it('keeps the native parser message, which may quote the answer, out of the error', () => {
    const error = failure(
      () => decode('{"code":"000","status":"success","data":[{"card":"6012345678901234"} x]}'),
      endpoint,
    );
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain('6012');
  });

  it('throws only AppError, even for input that is not text at all', () => {
    for (const input of [undefined, null, 42, {}] as unknown as string[]) {
      failure(() => decode(input), endpoint);
    }
  });
});

describe('real answers of the simulator', () => {
  let sims: RunningSimulator[] = [];
  beforeAll(async () => {
    sims = await Promise.all([
      startSimulator({ world: makeSimWorld() }),
      startSimulator({ seed: 3, brands: 200, transfers: 300, adversarial: true, legacyFloatsShape: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(sims.map((sim) => sim.close()));
  });

  it('decodes every read endpoint in both worlds', async () => {
    for (const sim of sims) {
      const floats = decodeSuccess(
        'check-floats',
        checkFloatsDataSchema,
        (await call(sim, 'GET', '/check-floats')).text,
      );
      expect(floats.floats.length).toBe(sim.world.floats.length);
      expect(floats.shape).toBe(sim.options.legacyFloatsShape ? 'legacy' : 'current');
      const none = await call(sim, 'GET', '/check-floats', { query: { currency: 'XXX' } });
      expect(decodeSuccess('check-floats', checkFloatsDataSchema, none.text).floats).toEqual([]);

      const transfers = decodeSuccess(
        'float/transfer-requests',
        transferRequestsDataSchema,
        (await call(sim, 'GET', '/float/transfer-requests')).text,
      );
      expect(transfers.length).toBeGreaterThan(0);

      const brands = decodeSuccess(
        'brands',
        brandsDataSchema,
        (await call(sim, 'GET', '/brands', { query: { detail: 'true' } })).text,
      );
      expect(brands.brands.map((brand) => brand.slug)).toEqual(sim.world.brands.map((brand) => brand.slug));
      const templates = decodeSuccess(
        'templates',
        templatesDataSchema,
        (await call(sim, 'GET', '/templates')).text,
      );
      expect(templates.templates.length).toBe(sim.world.templates.length);
    }
  });

  it('keeps the simulator world exact: balances, shipping and limits', async () => {
    const [sim] = sims as [RunningSimulator];
    const floats = decodeSuccess(
      'check-floats',
      checkFloatsDataSchema,
      (await call(sim, 'GET', '/check-floats')).text,
    );
    expect(floats.floats.find((float) => float.name === 'main')?.available_balance).toEqual({
      amount: '12345678901234.56',
      currency: 'GBP',
    });
    expect(floats.floats.find((float) => float.name === 'kuwait')?.available_balance.amount).toBe('1.5');
    const brands = decodeSuccess('brands', brandsDataSchema, (await call(sim, 'GET', '/brands')).text);
    const open = brands.brands.find((brand) => brand.slug === 'open-gbp');
    expect(open?.shipping_methods).toEqual([
      {
        identifier: 'royal-mail',
        description: 'Royal Mail 1st class',
        cost: { currency: 'GBP', amount: '2.95' },
      },
    ]);
    expect(open?.physical_face_value_limits?.minor_unit).toBeUndefined();
  });

  it('decodes a transfer request, a spend and a balance check', async () => {
    const [sim] = sims as [RunningSimulator];
    const registered = await call(sim, 'POST', '/float/request-payment-transfer', {
      body: '{"float":"main","currency":"GBP","amount":12345678.91,"payment_reference":"RF18TEST0001"}',
    });
    expect(
      decodeSuccess('float/request-payment-transfer', requestPaymentTransferDataSchema, registered.text),
    ).toEqual({ float: 'main', currency: 'GBP', amount: '12345678.91', payment_reference: 'RF18TEST0001' });

    const issued = await call(sim, 'POST', '/digital/issue', {
      body: { client_request_id: 'schema-1', brand: 'open-gbp', face_value: { amount: 10, currency: 'GBP' } },
    });
    const spend = decodeSuccess('digital/issue', transactionDataSchema, issued.text);
    expect(spend.face_value).toEqual({ amount: '10', currency: 'GBP' });
    const checked = await call(sim, 'POST', '/digital/check-balance', {
      body: { client_request_id: 'schema-2', brand: 'open-gbp', card_code: spend.card.code },
    });
    expect(decodeSuccess('digital/check-balance', balanceCheckDataSchema, checked.text).card.balance).toEqual(
      {
        amount: '10',
        currency: 'GBP',
      },
    );
  });
});

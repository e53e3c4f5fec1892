import { describe, expect, it } from 'vitest';
import { decimalToMinor, parseJson, plainDecimal } from '../../src/simulator/body';
import { costMinor, faceValueProblem } from '../../src/simulator/cards';
import { JsonNumber, writeJson } from '../../src/simulator/json';
import { twoDecimals } from '../../src/simulator/routes/transfer-validation';
import { checkTimeZone, localDayKey, localDayStart } from '../../src/simulator/time';
import {
  brandEntryBytes,
  brandWire,
  checkFloatsData,
  isoTime,
  rateText,
  templatesData,
  transferWire,
} from '../../src/simulator/wire';
import { FIXTURE_NOW, makeSimWorld } from '../helpers/sim-world';

const world = makeSimWorld();
const brand = (slug: string) => world.brands.find((b) => b.slug === slug)!;

describe('simulator wire: floats', () => {
  it('writes balances as exact JSON numbers, exponents 0, 2 and 3', () => {
    const floats = world.floats.filter((f) => f.name !== 'small');
    const json = writeJson(checkFloatsData(floats, () => 0n, FIXTURE_NOW, false, 'UTC'));
    expect(json).toBe(
      '{"floats":{' +
        '"GBP":{"main":{"available_balance":{"amount":12345678901234.56,"currency":"GBP"},"pending_payments":{"amount":0,"currency":"GBP"}}},' +
        '"JPY":{"tokyo":{"available_balance":{"amount":250000,"currency":"JPY"},"pending_payments":{"amount":0,"currency":"JPY"}}},' +
        '"KWD":{"kuwait":{"available_balance":{"amount":1.5,"currency":"KWD"},"pending_payments":{"amount":0,"currency":"KWD"}}},' +
        '"EUR":{"euro":{"available_balance":{"amount":500,"currency":"EUR"},"pending_payments":{"amount":0,"currency":"EUR"}}}},' +
        '"last_refreshed_at":"2026-11-02T09:00:00+00:00"}',
    );
  });

  it("writes no floats as [] (PHP's empty array), in the current shape", () => {
    expect(writeJson(checkFloatsData([], () => 0n, FIXTURE_NOW, false, 'UTC'))).toBe(
      '{"floats":[],"last_refreshed_at":"2026-11-02T09:00:00+00:00"}',
    );
  });

  it('has a legacy shape without the floats key', () => {
    const json = writeJson(checkFloatsData([world.floats[2]!], () => 1234n, FIXTURE_NOW, true, 'UTC'));
    expect(json).toBe(
      '{"JPY":{"tokyo":{"available_balance":{"amount":250000,"currency":"JPY"},"pending_payments":{"amount":1234,"currency":"JPY"}}},"last_refreshed_at":"2026-11-02T09:00:00+00:00"}',
    );
  });
});

describe('simulator wire: transfer requests', () => {
  it('writes amounts as strings with the currency decimals and approved null or an object', () => {
    expect(writeJson(transferWire(world.transfers[1]!, 'UTC'))).toBe(
      '{"float":"main","requested":{"currency":"GBP","amount":"500.00"},"approved":{"currency":"GBP","amount":"490.00"},"payment_reference":"REF00002","status":"approved_edited","created_at":"2026-10-02T11:00:00+00:00"}',
    );
    expect(transferWire(world.transfers[3]!, 'UTC')).toMatchObject({
      requested: { amount: '150000' },
      approved: null,
    });
    expect(transferWire(world.transfers[4]!, 'UTC')).toMatchObject({
      requested: { amount: '1234.500', currency: 'KWD' },
    });
    const big = { ...world.transfers[0]!, requestedMinor: 1234567890123456n };
    expect(transferWire(big, 'UTC')).toMatchObject({ requested: { amount: '12345678901234.56' } });
  });

  it('writes the success amount with exactly two decimals', () => {
    expect(twoDecimals(10000n, 2)).toBe('100.00');
    expect(twoDecimals(100n, 0)).toBe('100.00');
    expect(twoDecimals(100500n, 3)).toBe('100.50');
    expect(twoDecimals(1n, 2)).toBe('0.01');
  });
});

describe('simulator wire: brands', () => {
  it('writes every attribute of an open-value GBP brand in the spec order', () => {
    expect(writeJson(brandWire(brand('open-gbp'), true, 'UTC'))).toBe(
      '{"slug":"open-gbp","name":"Open Gbp","type":"gift-card","status":{"code":"ENABLED"},"currency":"GBP","discount":4.5,' +
        '"last_updated":"2026-10-23T09:00:00+00:00","transaction_types":["digital_issuance","cancelled_digital_issuance","digital_top_up","digital_cash_out","balance_check","physical_activation","cancelled_physical_activation","physical_top_up","cancelled_physical_top_up","physical_cash_out"],' +
        '"delivery_methods":["code","url"],"countries_served":["GB"],"gc_pool":true,"async_only":false,"categories":["fashion"],' +
        '"vat":{"exempt":false,"type":"MPV","rate":"5.00"},' +
        '"digital_face_value_limits":{"lower":5,"upper":500,"minor_unit":0.01},' +
        '"physical_face_value_limits":{"lower":10,"upper":200},' +
        '"shipping_methods":[{"royal-mail":{"identifier":"royal-mail","description":"Royal Mail 1st class","cost":{"currency":"GBP","amount":2.95}}}],' +
        '"detail":{"assets":{"logo_url":"https://example.test/logo.png","gift_card_url":"https://example.test/card.png"},"barcode":"C128","description":"Clothes \\"and\\" more","redemption_methods":["online","instore"],"website_url":"https://example.test"}}',
    );
  });

  it('writes denominations as strings and digital_denominations as numbers', () => {
    const wire = JSON.parse(writeJson(brandWire(brand('fixed-eur'), false, 'UTC'))) as Record<
      string,
      unknown
    >;
    expect(wire.denominations).toEqual(['10.00', '25.00', '50.50']);
    expect(wire.digital_denominations).toEqual([10, 25, 50.5]);
    expect(wire).not.toHaveProperty('vat');
    expect(wire).not.toHaveProperty('detail');
  });

  it('writes minor units for whole-number currencies, status reasons, choices and unknown values', () => {
    expect(brandWire(brand('whole-jpy'), false, 'UTC')).toMatchObject({
      digital_face_value_limits: { lower: new JsonNumber('1000'), minor_unit: new JsonNumber('500') },
    });
    expect(brandWire(brand('disabled-gbp'), false, 'UTC')).toMatchObject({
      status: { code: 'DISABLED', reason: 'Supplier issue' },
    });
    expect(writeJson(brandWire(brand('choice-gbp'), false, 'UTC'))).toContain(
      '"choices":[{"slug":"open-gbp","name":"Open Gbp"}]',
    );
    expect(brandWire(brand('future-type'), false, 'UTC')).toMatchObject({
      type: 'hologram',
      delivery_methods: ['teleport'],
    });
  });

  it('caches entry bytes and drops them when the brand changes', () => {
    const local = makeSimWorld().brands[0]!;
    const first = brandEntryBytes(local, true, 'UTC');
    expect(brandEntryBytes(local, true, 'UTC')).toBe(first);
    expect(first.toString()).toBe(`"open-gbp":${writeJson(brandWire(local, true, 'UTC'))}`);
    local.discount = '6';
    const second = brandEntryBytes(local, true, 'UTC');
    expect(second).not.toBe(first);
    expect(second.toString()).toContain('"discount":6,');
  });

  it('writes vat.rate as a JSON number for the brands that have it so', () => {
    const local = makeSimWorld().brands[0]!;
    local.vat = { exempt: false, type: 'SPV', rate: '20.00', rateAsNumber: true };
    expect(writeJson(brandWire(local, false, 'UTC'))).toContain(
      '"vat":{"exempt":false,"type":"SPV","rate":20}',
    );
    local.vat = { exempt: false, type: 'SPV', rate: '17.5', rateAsNumber: true };
    expect(writeJson(brandWire(local, false, 'UTC'))).toContain('"rate":17.5}');
  });

  it('writes last_updated in the zone, and caches brand bytes per zone', () => {
    const local = makeSimWorld().brands[0]!;
    local.lastUpdated = Date.UTC(2026, 6, 1, 12);
    expect(brandEntryBytes(local, false, 'Europe/London').toString()).toContain(
      '"last_updated":"2026-07-01T13:00:00+01:00"',
    );
    expect(brandEntryBytes(local, false, 'UTC').toString()).toContain(
      '"last_updated":"2026-07-01T12:00:00+00:00"',
    );
  });

  it('formats VAT rates with two decimals', () => {
    expect(rateText('5')).toBe('5.00');
    expect(rateText('17.5')).toBe('17.50');
    expect(rateText('20.00')).toBe('20.00');
  });
});

describe('simulator wire: templates and times', () => {
  it('groups templates by brand, [] when none', () => {
    expect(writeJson(templatesData(world.templates))).toBe(
      '{"templates":{"open-gbp":{"standard":"2026-10-01","christmas":"2026-11-01"},"paused-gbp":{"standard":"2026-09-01"}}}',
    );
    expect(writeJson(templatesData([]))).toBe('{"templates":[]}');
  });

  it('writes ISO 8601 with the offset of the platform zone, whole seconds', () => {
    expect(isoTime(Date.UTC(2026, 0, 5, 7, 8, 9, 999), 'UTC')).toBe('2026-01-05T07:08:09+00:00');
    expect(isoTime(Date.UTC(2026, 0, 5, 7, 8, 9, 999), 'Europe/London')).toBe('2026-01-05T07:08:09+00:00');
    expect(isoTime(Date.UTC(2026, 5, 30, 23, 30), 'Europe/London')).toBe('2026-07-01T00:30:00+01:00');
    expect(isoTime(Date.UTC(2026, 5, 30, 23, 30), 'America/New_York')).toBe('2026-06-30T19:30:00-04:00');
    expect(isoTime(Date.UTC(2026, 5, 30, 23, 30), 'Asia/Kolkata')).toBe('2026-07-01T05:00:00+05:30');
    // The hour around the change to and from British summer time (29 March and 25 October 2026).
    expect(isoTime(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/London')).toBe('2026-03-29T00:59:59+00:00');
    expect(isoTime(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/London')).toBe('2026-03-29T02:00:00+01:00');
    expect(isoTime(Date.UTC(2026, 9, 25, 0, 59, 59), 'Europe/London')).toBe('2026-10-25T01:59:59+01:00');
    expect(isoTime(Date.UTC(2026, 9, 25, 1, 0, 0), 'Europe/London')).toBe('2026-10-25T01:00:00+00:00');
  });

  it('finds the first instant of a local day, also where midnight is skipped', () => {
    expect(localDayStart(Date.UTC(2026, 6, 1), 'Europe/London')).toBe(Date.UTC(2026, 5, 30, 23));
    expect(localDayStart(Date.UTC(2026, 0, 1), 'Europe/London')).toBe(Date.UTC(2026, 0, 1));
    expect(localDayStart(Date.UTC(2026, 6, 1), 'UTC')).toBe(Date.UTC(2026, 6, 1));
    expect(localDayStart(Date.UTC(2026, 6, 1), 'Pacific/Auckland')).toBe(Date.UTC(2026, 5, 30, 12));
    // Santiago jumps from 24:00 to 01:00 on 6 September 2026: that day starts at 04:00Z (01:00 -03:00).
    expect(localDayStart(Date.UTC(2026, 8, 6), 'America/Santiago')).toBe(Date.UTC(2026, 8, 6, 4));
    expect(localDayKey(Date.UTC(2026, 5, 30, 23, 30), 'Europe/London')).toBe(Date.UTC(2026, 6, 1));
    expect(() => checkTimeZone('Mars/Olympus_Mons')).toThrow(/Unknown time zone/);
  });
});

describe('simulator request JSON and card rules', () => {
  it('keeps number literals exactly', () => {
    const parsed = parseJson('{"amount": 12345678901234.56, "b": [1e2, -0.10], "s": "\\u00e9\\n"}') as Record<
      string,
      unknown
    >;
    expect((parsed.amount as JsonNumber).text).toBe('12345678901234.56');
    expect(plainDecimal(new JsonNumber('1e2'))).toBe('100');
    expect(plainDecimal(new JsonNumber('1.5E-1'))).toBe('0.15');
    expect(parsed.s).toBe('é\n');
    expect(() => parseJson('{"a":1,}')).toThrow();
    expect(() => parseJson('{"a":01}')).toThrow();
    expect(decimalToMinor('10.50', 2)).toBe(1050n);
    expect(decimalToMinor('10.5', 0)).toBeNull();
    expect(decimalToMinor('10.000', 0)).toBe(10n);
  });

  it('charges face value less the discount, rounding the discount down', () => {
    expect(costMinor(10000n, '4.5')).toBe(9550n);
    expect(costMinor(999n, '4.5')).toBe(955n); // discount 44.955 → 44
    expect(costMinor(1000n, '0')).toBe(1000n);
  });

  it('checks face values with exact minor units', () => {
    const open = brand('open-gbp');
    expect(faceValueProblem(open, 'digital', 500n)).toBeUndefined();
    expect(faceValueProblem(open, 'digital', 499n)).toMatch(/outside/);
    expect(faceValueProblem(open, 'digital', 50001n)).toMatch(/outside/);
    expect(faceValueProblem(open, 'physical', 1050n)).toBeUndefined();
    expect(faceValueProblem(open, 'physical', 1025n)).toMatch(/multiple/);
    expect(faceValueProblem(brand('fixed-eur'), 'digital', 5050n)).toBeUndefined();
    expect(faceValueProblem(brand('fixed-eur'), 'physical', 5000n)).toMatch(/denominations/);
    expect(faceValueProblem(brand('whole-jpy'), 'physical', 1000n)).toMatch(/no face value limits/);
  });
});

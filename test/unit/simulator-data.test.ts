import { describe, expect, it } from 'vitest';
import { currencyExponent } from '../../src/shared/domain/currency';
import {
  BARCODE_TYPES,
  BRAND_STATUS_CODES,
  BRAND_TYPES,
  CATEGORIES,
  DELIVERY_METHODS,
  REDEMPTION_METHODS,
  TRANSACTION_TYPES,
  TRANSFER_LIST_CAP,
  TRANSFER_STATUSES,
} from '../../src/shared/domain/platform';
import { HOSTILE_FLOATS, LONG_TEXT_LENGTH } from '../../src/simulator/data/adversarial';
import { generateWorld, isValidCreditorReference } from '../../src/simulator/data/index';
import type { BrandDetail, SeedOptions, SimBrand, SimTransfer } from '../../src/simulator/model';
import { isoTime } from '../../src/simulator/time';

const START = Date.UTC(2026, 4, 15, 9, 30, 0);
const DAY = 86_400_000;
const options = (overrides: Partial<SeedOptions> = {}): SeedOptions => ({
  seed: 7,
  floats: 8,
  transfers: 2000,
  brands: 40,
  startTime: START,
  adversarial: false,
  ...overrides,
});

function serialise(world: unknown): string {
  return JSON.stringify(world, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
}

/** Every string value anywhere in the world (keys excluded). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

const DETAIL_FIELDS: Array<keyof BrandDetail> = [
  'assets', 'balance_enquiry_url', 'barcode', 'description', 'digital_activation_limit',
  'digital_cancellation_window', 'digital_general_restrictions', 'expiry', 'instore_order_restrictions',
  'faq_url', 'online_order_restrictions', 'physical_cancellation_window', 'physical_general_restrictions',
  'redemption_instructions_url', 'redemption_methods', 'terms_and_conditions_copy', 'terms_and_conditions_url',
  'website_url',
]; // prettier-ignore

/** The features a brand set shows, as "attribute:value" strings. */
function brandFeatures(brands: readonly SimBrand[]): Set<string> {
  const f = new Set<string>();
  for (const b of brands) {
    f.add(`type:${b.type}`);
    f.add(`status:${b.status.code}`);
    f.add(`exponent:${b.exponent}`);
    for (const c of b.categories) f.add(`category:${c}`);
    for (const m of b.deliveryMethods) f.add(`delivery:${m}`);
    for (const t of b.transactionTypes) f.add(`transaction:${t}`);
    if (b.countriesServed.length > 1) f.add('countries:several');
    f.add(`gc_pool:${b.gcPool}`);
    f.add(`async_only:${b.asyncOnly}`);
    if (b.discount.includes('.')) f.add('discount:fraction');
    if (b.vat) {
      f.add(`vat.exempt:${b.vat.exempt}`);
      f.add(`vat.type:${b.vat.type}`);
      f.add(`vat.rate:${b.vat.rate}`);
    }
    if (b.choices && b.choices.length > 0) f.add('choices');
    if (b.denominationsMinor) f.add('denominations');
    if (b.shippingMethods) f.add('shipping');
    if (b.exponent === 2 && b.digitalFaceValueLimits)
      f.add(`digital.step:${b.digitalFaceValueLimits.stepMinor}`);
    if (b.physicalFaceValueLimits) f.add(`physical.minor_unit:${b.physicalFaceValueLimits.hasMinorUnit}`);
    for (const field of DETAIL_FIELDS) if (b.detail[field] !== undefined) f.add(`detail:${field}`);
    if (Object.keys(b.detail).length === 0) f.add('detail:empty');
    if (b.detail.barcode) f.add(`barcode:${b.detail.barcode}`);
    for (const m of b.detail.redemption_methods ?? []) f.add(`redemption:${m}`);
    for (const url of strings(b.detail)) {
      if (url.startsWith('http://')) f.add('url:http');
      if (url.toLowerCase().startsWith('javascript:')) f.add('url:javascript');
    }
  }
  return f;
}

const FULL_COVERAGE = [
  ...BRAND_TYPES.map((v) => `type:${v}`),
  'type:experience',
  ...BRAND_STATUS_CODES.map((v) => `status:${v}`),
  'status:ARCHIVED',
  'exponent:0', 'exponent:2', 'exponent:3',
  ...Object.keys(CATEGORIES).map((v) => `category:${v}`),
  'category:pets',
  ...DELIVERY_METHODS.map((v) => `delivery:${v}`),
  'delivery:sms',
  ...TRANSACTION_TYPES.map((v) => `transaction:${v}`),
  'transaction:digital_refund',
  'countries:several', 'gc_pool:true', 'gc_pool:false', 'async_only:true', 'async_only:false', 'discount:fraction',
  'vat.exempt:true', 'vat.exempt:false', 'vat.type:MPV', 'vat.type:SPV', 'vat.type:XPV',
  'vat.rate:20.00', 'vat.rate:5.00', 'vat.rate:0.00',
  'choices', 'denominations', 'shipping', 'digital.step:1', 'digital.step:50', 'digital.step:100',
  'physical.minor_unit:true', 'physical.minor_unit:false',
  ...DETAIL_FIELDS.map((v) => `detail:${v}`),
  'detail:empty',
  ...BARCODE_TYPES.map((v) => `barcode:${v}`),
  'barcode:AZTEC',
  ...REDEMPTION_METHODS.map((v) => `redemption:${v}`),
  'redemption:app',
  'url:http', 'url:javascript',
]; // prettier-ignore

describe('generateWorld: determinism', () => {
  it('gives a deeply equal world for the same options, with and without --adversarial', () => {
    expect(serialise(generateWorld(options()))).toBe(serialise(generateWorld(options())));
    const adversarial = options({ adversarial: true });
    expect(serialise(generateWorld(adversarial))).toBe(serialise(generateWorld(adversarial)));
  });

  it('gives a different world for a different seed', () => {
    const a = generateWorld(options());
    const b = generateWorld(options({ seed: 8 }));
    expect(serialise(a.transfers)).not.toBe(serialise(b.transfers));
    expect(serialise(a.brands)).not.toBe(serialise(b.brands));
  });

  it('draws each part from its own fork: more brands do not change floats or transfers', () => {
    const a = generateWorld(options({ brands: 40 }));
    const b = generateWorld(options({ brands: 90 }));
    expect(serialise(b.floats)).toBe(serialise(a.floats));
    expect(serialise(b.transfers)).toBe(serialise(a.transfers));
  });

  it('starts with empty cards and transactions and consistent counters', () => {
    const world = generateWorld(options());
    expect(world.now).toBe(START);
    expect(world.cards).toEqual([]);
    expect(world.transactions).toEqual([]);
    expect(world.counters.transfer).toBe(world.transfers.length);
    expect(world.counters.transaction).toBe(0);
    expect(world.counters.card).toBe(0);
    const generated = world.transfers.filter((t) => /^FT\d{10}$/.test(t.paymentReference)).length;
    expect(world.counters.reference).toBe(generated);
  });
});

describe('generateWorld: floats', () => {
  const world = generateWorld(options({ floats: 8 }));

  it('covers exponents 0, 2 and 3, GBP/EUR/USD, and currencies with several floats', () => {
    expect(world.floats).toHaveLength(8);
    expect(new Set(world.floats.map((f) => f.exponent))).toEqual(new Set([0, 2, 3]));
    for (const code of ['GBP', 'EUR', 'USD', 'JPY'])
      expect(world.floats.some((f) => f.currency === code)).toBe(true);
    expect(world.floats.some((f) => f.currency === 'KWD' || f.currency === 'BHD')).toBe(true);
    const perCurrency = new Map<string, number>();
    for (const f of world.floats) perCurrency.set(f.currency, (perCurrency.get(f.currency) ?? 0) + 1);
    expect([...perCurrency.values()].some((n) => n >= 2)).toBe(true);
    expect(world.floats.map((f) => f.name)).toEqual(
      expect.arrayContaining(['Main', 'Marketing rewards', 'Europe']),
    );
  });

  it('uses ISO exponents, unique name/currency pairs and non-negative balances', () => {
    const larger = generateWorld(options({ floats: 30, transfers: 0, brands: 0 }));
    const keys = new Set(larger.floats.map((f) => `${f.currency}/${f.name}`));
    expect(keys.size).toBe(30);
    for (const f of larger.floats) {
      expect(f.exponent).toBe(currencyExponent(f.currency));
      expect(f.availableMinor >= 0n).toBe(true);
    }
    expect(larger.floats.some((f) => f.availableMinor > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});

describe('generateWorld: transfer requests', () => {
  const world = generateWorld(options());
  const { transfers } = world;

  it('orders requests by creation, within the ~18 months before the start time', () => {
    expect(transfers).toHaveLength(2000);
    transfers.forEach((t, i) => expect(t.seq).toBe(i + 1));
    for (let i = 1; i < transfers.length; i++) {
      expect(transfers[i]!.createdAt).toBeGreaterThanOrEqual(transfers[i - 1]!.createdAt);
    }
    for (const t of transfers) {
      expect(t.createdAt).toBeLessThan(START);
      expect(t.createdAt).toBeGreaterThan(START - 560 * DAY);
      expect(t.createdAt % 1000).toBe(0);
      const float = world.floats.find((f) => f.name === t.float && f.currency === t.currency);
      expect(float?.exponent).toBe(t.exponent);
    }
    const sameSecond = transfers.filter((t, i) => i > 0 && transfers[i - 1]!.createdAt === t.createdAt);
    expect(sameSecond.length).toBeGreaterThan(0);
  });

  it('has every status with the approved amounts the spec shows', () => {
    for (const status of TRANSFER_STATUSES) expect(transfers.some((t) => t.status === status)).toBe(true);
    for (const t of transfers) {
      if (t.status === 'approved' || t.status === 'removed') expect(t.approvedMinor).toBe(t.requestedMinor);
      if (t.status === 'approved_edited') {
        expect(t.approvedMinor).not.toBeNull();
        expect(t.approvedMinor).not.toBe(t.requestedMinor);
        expect(t.approvedMinor! > 0n).toBe(true);
      }
      if (t.status === 'pending' || t.status === 'cancelled') expect(t.approvedMinor).toBeNull();
      if (t.status !== 'pending') expect(t.plan).toBeNull();
    }
  });

  it('gives recent pending requests a plan 0.5-10 days ahead, and leaves some waiting for an admin', () => {
    const pending = transfers.filter((t) => t.status === 'pending');
    const planned = pending.filter((t) => t.plan !== null);
    expect(planned.length).toBeGreaterThan(0);
    expect(pending.some((t) => t.plan === null)).toBe(true);
    for (const t of planned) {
      expect(t.plan!.at).toBeGreaterThanOrEqual(START + DAY / 2);
      expect(t.plan!.at).toBeLessThanOrEqual(START + 10 * DAY + 60_000);
      if (t.plan!.status === 'approved_edited') expect(t.plan!.approvedMinor).not.toBe(t.requestedMinor);
      else expect(t.plan!.approvedMinor).toBeUndefined();
    }
  });

  it('keeps amounts within 0.01 to 99,999,999.99 with at most two decimals, mostly realistic', () => {
    for (const t of transfers) {
      const scale = 10n ** BigInt(t.exponent);
      const centsScale = t.exponent >= 2 ? 10n ** BigInt(t.exponent - 2) : 1n;
      expect(t.requestedMinor % centsScale).toBe(0n);
      expect(t.requestedMinor * 100n >= scale).toBe(true);
      expect(t.requestedMinor * 100n <= 9_999_999_999n * scale).toBe(true);
    }
    const gbp = transfers.filter((t) => t.currency === 'GBP').map((t) => Number(t.requestedMinor) / 100);
    expect(gbp).toContain(0.01);
    expect(gbp).toContain(99_999_999.99);
    const realistic = gbp.filter((v) => v >= 1000 && v <= 250_000).length;
    expect(realistic / gbp.length).toBeGreaterThan(0.9);
  });

  it('has unique references of at most 18 characters, generated and buyer-supplied (ISO 11649 among them)', () => {
    const refs = transfers.map((t) => t.paymentReference);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref.length).toBeLessThanOrEqual(18);
    expect(refs.filter((r) => /^FT\d{10}$/.test(r)).length).toBeGreaterThan(1000);
    const creditor = refs.filter((r) => r.startsWith('RF'));
    expect(creditor.length).toBeGreaterThan(10);
    for (const ref of creditor) expect(isValidCreditorReference(ref)).toBe(true);
    expect(refs.some((r) => r.length === 18)).toBe(true);
    expect(isValidCreditorReference('RF18539007547034')).toBe(true);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
  });

  it('holds a day with more requests than the list cap, but no day/float/currency/status group at the cap', () => {
    const perDay = new Map<string, number>();
    const perGroup = new Map<string, number>();
    for (const t of transfers) {
      const day = new Date(t.createdAt).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const group = `${day}|${t.float}|${t.currency}|${t.status}`;
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeGreaterThan(TRANSFER_LIST_CAP);
    expect(Math.max(...perGroup.values())).toBeLessThan(TRANSFER_LIST_CAP);
  });
});

describe('generateWorld: the list cap in the default world and the over-full group', () => {
  /** Requests per local day and per (local day, float, currency, status) group. */
  function groups(transfers: readonly SimTransfer[], zone: string) {
    const perDay = new Map<string, number>();
    const perGroup = new Map<string, number>();
    for (const t of transfers) {
      const day = isoTime(t.createdAt, zone).slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const group = `${day}|${t.float}|${t.currency}|${t.status}`;
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
    }
    return { perDay, perGroup };
  }
  const defaults = (overrides: Partial<SeedOptions> = {}): SeedOptions => ({
    seed: 1,
    floats: 6,
    transfers: 400,
    brands: 10,
    startTime: Date.UTC(2026, 10, 2, 9),
    adversarial: false,
    timeZone: 'Europe/London',
    ...overrides,
  });

  it('has a day above the cap in the default world (400 requests), no group at the cap', () => {
    const { perDay, perGroup } = groups(generateWorld(defaults()).transfers, 'Europe/London');
    expect(Math.max(...perDay.values())).toBeGreaterThan(TRANSFER_LIST_CAP);
    expect(Math.max(...perGroup.values())).toBeLessThan(TRANSFER_LIST_CAP);
  });

  it('counts groups per local day of the platform zone', () => {
    for (const zone of ['Europe/London', 'Asia/Tokyo', 'America/Los_Angeles']) {
      const world = generateWorld(defaults({ transfers: 3000, seed: 4, timeZone: zone }));
      const { perGroup } = groups(world.transfers, zone);
      expect(Math.max(...perGroup.values()), zone).toBeLessThan(TRANSFER_LIST_CAP);
    }
  });

  it('seeds one (day, float, currency, status) group over the cap with overfullGroupSize', () => {
    const world = generateWorld(defaults({ overfullGroupSize: TRANSFER_LIST_CAP + 10 }));
    expect(world.transfers).toHaveLength(400 + TRANSFER_LIST_CAP + 10);
    const { perGroup } = groups(world.transfers, 'Europe/London');
    const over = [...perGroup.entries()].filter(([, n]) => n > TRANSFER_LIST_CAP);
    expect(over).toHaveLength(1);
    const [key, size] = over[0]!;
    expect(size).toBeGreaterThanOrEqual(TRANSFER_LIST_CAP + 10);
    expect(key).toBe(`2026-10-03|${world.floats[0]!.name}|${world.floats[0]!.currency}|approved`);
    expect(world.transfers.map((t) => t.seq)).toEqual(world.transfers.map((_, i) => i + 1));
    expect(new Set(world.transfers.map((t) => t.paymentReference)).size).toBe(world.transfers.length);
  });

  it('seeds one credit float, and both shapes of vat.rate', () => {
    const world = generateWorld(options({ floats: 8, brands: 40 }));
    expect(world.floats.filter((f) => f.credit).map((f) => f.name)).toEqual(['Marketing rewards']);
    const gbp = world.brands.filter((b) => b.vat);
    expect(gbp.some((b) => b.vat?.rateAsNumber === true)).toBe(true);
    expect(gbp.some((b) => b.vat?.rateAsNumber !== true)).toBe(true);
  });
});

describe('generateWorld: brands and templates', () => {
  it('covers every attribute, enum value and variant of the spec with 40 brands', () => {
    const features = brandFeatures(generateWorld(options({ brands: 40 })).brands);
    const missing = FULL_COVERAGE.filter((feature) => !features.has(feature));
    expect(missing).toEqual([]);
  });

  it('covers most of it with only 12 brands', () => {
    const features = brandFeatures(generateWorld(options({ brands: 12 })).brands);
    const missing = FULL_COVERAGE.filter((feature) => !features.has(feature));
    expect(missing).toEqual(['detail:empty']);
  });

  it('keeps brand invariants at scale', () => {
    const { brands } = generateWorld(options({ transfers: 0, brands: 3000 }));
    expect(new Set(brands.map((b) => b.slug)).size).toBe(brands.length);
    for (const b of brands) {
      expect(b.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(b.exponent).toBe(currencyExponent(b.currency));
      expect(b.vat !== undefined).toBe(b.currency === 'GBP');
      if (b.status.code === 'ENABLED') expect(b.status.reason).toBeUndefined();
      else expect(b.status.reason).toBeTruthy();
      expect(b.discount).toMatch(/^\d+(\.\d+)?$/);
      expect(b.choices !== undefined).toBe(b.type === 'choice-link');
      expect(b.categories.length).toBeGreaterThan(0);
      expect(b.countriesServed.length).toBeGreaterThan(0);
      expect(b.lastUpdated).toBeLessThan(START);
      if (b.shippingMethods) expect(b.transactionTypes).toContain('physical_activation');
      const digital = b.transactionTypes.includes('digital_issuance');
      const physical = b.transactionTypes.includes('physical_activation');
      if (digital) expect(b.denominationsMinor ?? b.digitalFaceValueLimits).toBeDefined();
      if (physical) expect(b.denominationsMinor ?? b.physicalFaceValueLimits).toBeDefined();
      for (const limits of [b.digitalFaceValueLimits, b.physicalFaceValueLimits]) {
        if (!limits) continue;
        expect(limits.lowerMinor <= limits.upperMinor).toBe(true);
        expect(limits.lowerMinor % limits.stepMinor).toBe(0n);
        expect(limits.upperMinor % limits.stepMinor).toBe(0n);
      }
      for (const value of b.denominationsMinor ?? []) expect(value > 0n).toBe(true);
      for (const url of [b.detail.assets?.logo_url, b.detail.assets?.gift_card_url]) {
        if (url && url.startsWith('https:')) expect(url.startsWith('https://assets.example/')).toBe(true);
      }
    }
  });

  it('gives url/code brands templates named standard or christmas with date versions', () => {
    const world = generateWorld(options({ brands: 200 }));
    const bySlug = new Map(world.brands.map((b) => [b.slug, b]));
    const keys = new Set(world.templates.map((t) => `${t.brand}/${t.name}`));
    expect(keys.size).toBe(world.templates.length);
    expect(world.templates.some((t) => t.name === 'christmas')).toBe(true);
    for (const t of world.templates) {
      const brand = bySlug.get(t.brand);
      expect(brand?.deliveryMethods.some((m) => m === 'url' || m === 'code')).toBe(true);
      expect(['standard', 'christmas']).toContain(t.name);
      expect(t.version).toMatch(/^(\d{4}-\d{2}-\d{2}|v\d+)$/);
    }
  });
});

describe('generateWorld: --adversarial', () => {
  const formulaStart = /^[=+\-@\t\r]/;

  it('has no hostile strings without the option', () => {
    const all = strings(generateWorld(options({ transfers: 3000, brands: 300 })));
    expect(all.filter((s) => formulaStart.test(s))).toEqual([]);
    expect(all.some((s) => s.includes('<script') || s.includes('\u202E') || s.includes('\n'))).toBe(false);
    expect(all.some((s) => s.length >= LONG_TEXT_LENGTH)).toBe(false);
  });

  it('adds every kind of hostile string with the option, NUL-free, keeping references valid', () => {
    const world = generateWorld(options({ adversarial: true }));
    const all = strings(world);
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(all.some((s) => s.startsWith(start))).toBe(true);
    expect(all.some((s) => s.length >= LONG_TEXT_LENGTH)).toBe(true);
    expect(all.some((s) => /[\u0590-\u05FF]/.test(s))).toBe(true);
    expect(all.some((s) => /[\u0600-\u06FF]/.test(s))).toBe(true);
    expect(all.some((s) => s.includes('\u202E'))).toBe(true);
    expect(all.some((s) => /\p{Extended_Pictographic}/u.test(s))).toBe(true);
    expect(all.some((s) => s.includes('<script>alert(1)</script>'))).toBe(true);
    expect(all.some((s) => s.includes('onerror='))).toBe(true);
    expect(all.some((s) => s.includes('"') && s.includes("'"))).toBe(true);
    expect(all.some((s) => s.includes('\n'))).toBe(true);
    expect(all.some((s) => s.includes('\u0000'))).toBe(false);
    for (const f of HOSTILE_FLOATS) expect(world.floats.some((x) => x.name === f.name)).toBe(true);
    expect(world.transfers.some((t) => HOSTILE_FLOATS.some((f) => f.name === t.float))).toBe(true);
    expect(world.transfers.some((t) => formulaStart.test(t.paymentReference))).toBe(true);
    expect(world.brands.some((b) => formulaStart.test(b.name))).toBe(true);
    const refs = world.transfers.map((t) => t.paymentReference);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref.length).toBeLessThanOrEqual(18);
  });
});

describe('generateWorld: speed', () => {
  it('generates 100,000 transfer requests and 10,000 brands (time printed, not asserted)', () => {
    const started = performance.now();
    const world = generateWorld(options({ floats: 10, transfers: 100_000, brands: 10_000 }));
    const elapsed = performance.now() - started;
    console.log(`generateWorld 100k transfers / 10k brands: ${elapsed.toFixed(0)} ms`);
    expect(world.transfers).toHaveLength(100_000);
    expect(world.brands).toHaveLength(10_000);
    const perGroup = new Map<string, number>();
    for (const t of world.transfers) {
      const group = `${Math.floor(t.createdAt / DAY)}|${t.float}|${t.currency}|${t.status}`;
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
    }
    expect(Math.max(...perGroup.values())).toBeLessThan(TRANSFER_LIST_CAP);
  });
});

import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../src/simulator/data/index';
import { SimError } from '../../src/simulator/errors';
import type { SimFloat, SimTransfer, World } from '../../src/simulator/model';
import { Random } from '../../src/simulator/random';
import {
  advanceTo,
  decideTransfer,
  findBrand,
  findTransfer,
  pendingMinor,
  pendingTotals,
  publishTemplateVersion,
  registerTransfer,
  updateBrand,
} from '../../src/simulator/state';

const START = Date.UTC(2026, 4, 15, 9, 30, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function seeded(overrides: { transfers?: number; brands?: number; seed?: number } = {}): World {
  return generateWorld({
    seed: 11,
    floats: 8,
    transfers: 600,
    brands: 40,
    startTime: START,
    adversarial: false,
    ...overrides,
  });
}

function serialise(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

function floatOf(world: World, t: { float: string; currency: string }): SimFloat {
  const float = world.floats.find((f) => f.name === t.float && f.currency === t.currency);
  if (!float) throw new Error('float missing');
  return float;
}

function expectSimError(fn: () => unknown, httpStatus: number, code: string, message?: RegExp): SimError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SimError);
    const simError = error as SimError;
    expect([simError.httpStatus, simError.platformCode]).toEqual([httpStatus, code]);
    if (message) expect(simError.message).toMatch(message);
    return simError;
  }
  throw new Error('expected a SimError');
}

/** A tiny hand-built world: one GBP float, no background activity unless given. */
function tinyWorld(): World {
  return {
    floats: [{ name: 'Main', currency: 'GBP', exponent: 2, availableMinor: 0n }],
    transfers: [],
    brands: [],
    templates: [],
    cards: [],
    transactions: [],
    now: START,
    random: new Random(1),
    counters: { transfer: 0, reference: 0, transaction: 0, card: 0 },
  };
}

describe('advanceTo', () => {
  it('applies every due plan exactly once and credits floats by the approved amount', () => {
    const world = seeded();
    delete world.activity; // isolate the plans from background spending
    const to = START + 4 * DAY;
    const due = world.transfers.filter((t) => t.status === 'pending' && t.plan && t.plan.at <= to);
    const later = world.transfers.filter((t) => t.status === 'pending' && t.plan && t.plan.at > to);
    expect(due.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    const expected = new Map(world.floats.map((f) => [f, f.availableMinor]));
    const outcomes = due.map((t) => ({ t, plan: t.plan! }));
    for (const { t, plan } of outcomes) {
      const credit =
        plan.status === 'approved'
          ? t.requestedMinor
          : plan.status === 'approved_edited'
            ? plan.approvedMinor!
            : 0n;
      const float = floatOf(world, t);
      expected.set(float, expected.get(float)! + credit);
    }
    advanceTo(world, to);
    expect(world.now).toBe(to);
    for (const { t, plan } of outcomes) {
      expect(t.status).toBe(plan.status);
      expect(t.plan).toBeNull();
      if (plan.status === 'approved' || plan.status === 'removed')
        expect(t.approvedMinor).toBe(t.requestedMinor);
      if (plan.status === 'approved_edited') expect(t.approvedMinor).toBe(plan.approvedMinor);
      if (plan.status === 'cancelled') expect(t.approvedMinor).toBeNull();
    }
    for (const t of later) expect(t.status).toBe('pending');
    for (const [float, balance] of expected) expect(float.availableMinor).toBe(balance);
    // Nothing is applied twice, and time never goes back.
    const snapshot = serialise(world.floats);
    advanceTo(world, to);
    advanceTo(world, START);
    expect(world.now).toBe(to);
    expect(serialise(world.floats)).toBe(snapshot);
  });

  it('applies a plan due exactly at the target time, not one a millisecond later', () => {
    const world = tinyWorld();
    const a = registerTransfer(world, { float: 'Main', currency: 'GBP', requestedMinor: 100n });
    const b = registerTransfer(world, { float: 'Main', currency: 'GBP', requestedMinor: 200n });
    a.plan = { at: START + HOUR, status: 'approved' };
    b.plan = { at: START + HOUR + 1, status: 'approved' };
    advanceTo(world, START + HOUR);
    expect([a.status, b.status]).toEqual(['approved', 'pending']);
    expect(world.floats[0]!.availableMinor).toBe(100n);
  });

  it('applies plans and background activity in time order', () => {
    // A credit at 23:00 must land before the midnight spending, which can only spend what is there.
    const world = tinyWorld();
    world.activity = {
      seed: 5,
      appliedUntil: Date.UTC(2026, 4, 15),
      spend: [{ float: 'Main', currency: 'GBP', averageMinor: 10_000_000n }],
      brandChangesPerDay: 0,
      templateVersionChance: 0,
    };
    const t = registerTransfer(world, { float: 'Main', currency: 'GBP', requestedMinor: 50_000n });
    t.plan = { at: Date.UTC(2026, 4, 15, 23), status: 'approved' };
    advanceTo(world, Date.UTC(2026, 4, 16, 1));
    expect(t.status).toBe('approved');
    expect(world.floats[0]!.availableMinor).toBe(0n); // credited 500.00, then all of it spent
    expect(world.activity.appliedUntil).toBe(Date.UTC(2026, 4, 16));
  });

  it('gives the same world whether the clock moves in one step or in many', () => {
    const one = seeded();
    const many = seeded();
    const to = START + 20 * DAY + 5 * HOUR;
    advanceTo(one, to);
    for (let t = START + 7 * HOUR; t < to; t += 7 * HOUR) advanceTo(many, t);
    advanceTo(many, to);
    expect(serialise(many)).toBe(serialise(one));
  });

  it('lets card activity spend floats (never below zero), change brands and publish template versions', () => {
    const world = seeded({ brands: 200 });
    for (const t of world.transfers) t.plan = null; // no credits: only spending moves balances
    const before = world.floats.map((f) => f.availableMinor);
    const brandsBefore = serialise(world.brands);
    const versionsBefore = world.templates.map((t) => t.version);
    advanceTo(world, START + 30 * DAY);
    world.floats.forEach((f, i) => {
      expect(f.availableMinor >= 0n).toBe(true);
      expect(f.availableMinor <= before[i]!).toBe(true);
    });
    expect(world.floats.filter((f, i) => f.availableMinor < before[i]!).length).toBeGreaterThan(4);
    expect(serialise(world.brands)).not.toBe(brandsBefore);
    expect(world.brands.some((b) => b.lastUpdated > START)).toBe(true);
    expect(world.templates.some((t, i) => t.version !== versionsBefore[i])).toBe(true);
    for (const b of world.brands) {
      if (b.status.code === 'ENABLED') expect(b.status.reason).toBeUndefined();
      else expect(b.status.reason).toBeTruthy();
    }
  });
});

describe('registerTransfer', () => {
  it('registers a pending request at world.now with a generated, unique reference and a plan', () => {
    const world = seeded();
    world.now = START + HOUR;
    const seq = world.counters.transfer;
    const made: SimTransfer[] = [];
    for (let i = 0; i < 60; i++) {
      made.push(
        registerTransfer(world, { float: 'Main', currency: 'GBP', requestedMinor: 1_000_00n + BigInt(i) }),
      );
    }
    const refs = world.transfers.map((t) => t.paymentReference);
    expect(new Set(refs).size).toBe(refs.length);
    made.forEach((t, i) => {
      expect(t.seq).toBe(seq + i + 1);
      expect(t.status).toBe('pending');
      expect(t.createdAt).toBe(START + HOUR);
      expect(t.approvedMinor).toBeNull();
      expect(t.paymentReference).toMatch(/^FT\d{10}$/);
      if (t.plan) {
        expect(t.plan.at).toBeGreaterThanOrEqual(START + HOUR + DAY);
        expect(t.plan.at).toBeLessThanOrEqual(START + HOUR + 3 * DAY + 60_000);
      }
    });
    expect(made.some((t) => t.plan === null)).toBe(true);
    expect(made.some((t) => t.plan !== null)).toBe(true);
    expect(world.counters.transfer).toBe(seq + 60);
    expect(findTransfer(world, made[5]!.paymentReference)).toBe(made[5]);
  });

  it('skips a generated reference a buyer already used, and rejects a duplicate buyer reference', () => {
    const world = tinyWorld();
    registerTransfer(world, {
      float: 'Main',
      currency: 'GBP',
      requestedMinor: 1n,
      paymentReference: 'FT0000000001',
    });
    const generated = registerTransfer(world, { float: 'Main', currency: 'GBP', requestedMinor: 1n });
    expect(generated.paymentReference).toBe('FT0000000002');
    const error = expectSimError(
      () =>
        registerTransfer(world, {
          float: 'Main',
          currency: 'GBP',
          requestedMinor: 1n,
          paymentReference: 'FT0000000002',
        }),
      422,
      '433',
    );
    expect(error.data).toEqual({ payment_reference: [expect.any(String)] });
    const kept = registerTransfer(world, {
      float: 'Main',
      currency: 'GBP',
      requestedMinor: 5n,
      paymentReference: 'RF18539007547034',
      financeEmail: 'ap@buyer.example',
      proformaInvoice: { company_name: 'Buyer Ltd', country: 'GB' },
    });
    expect(kept.financeEmail).toBe('ap@buyer.example');
    expect(kept.proformaInvoice).toEqual({ company_name: 'Buyer Ltd', country: 'GB' });
  });

  it('rejects a float/currency pair that does not exist (422/433, naming the field)', () => {
    const world = tinyWorld();
    const unknown = expectSimError(
      () => registerTransfer(world, { float: 'Nope', currency: 'GBP', requestedMinor: 1n }),
      422,
      '433',
    );
    expect(Object.keys(unknown.data as object)).toEqual(['float']);
    const wrongCurrency = expectSimError(
      () => registerTransfer(world, { float: 'Main', currency: 'EUR', requestedMinor: 1n }),
      422,
      '433',
    );
    expect(Object.keys(wrongCurrency.data as object)).toEqual(['currency']);
    expect(world.transfers).toHaveLength(0);
  });

  it('draws plans from world.random: the same requests on the same seed give the same world', () => {
    const a = seeded();
    const b = seeded();
    for (const world of [a, b]) {
      for (let i = 0; i < 20; i++)
        registerTransfer(world, { float: 'Europe', currency: 'EUR', requestedMinor: 5_000_00n });
    }
    expect(serialise(a)).toBe(serialise(b));
  });
});

describe('decideTransfer and pendingMinor', () => {
  it('settles only pending requests, crediting the float as decided', () => {
    const world = tinyWorld();
    const reg = (minor: bigint): SimTransfer =>
      registerTransfer(world, { float: 'Main', currency: 'GBP', requestedMinor: minor });
    const [a, b, c, d] = [reg(10_000n), reg(20_000n), reg(40_000n), reg(80_000n)];
    expect(pendingMinor(world, 'Main', 'GBP')).toBe(150_000n);
    expect(pendingTotals(world).get('GBP Main')).toBe(150_000n);
    decideTransfer(world, a!.paymentReference, { status: 'approved' });
    decideTransfer(world, b!.paymentReference, { status: 'approved_edited', approvedMinor: 19_985n });
    decideTransfer(world, c!.paymentReference, { status: 'removed' });
    decideTransfer(world, d!.paymentReference, { status: 'cancelled' });
    expect(world.floats[0]!.availableMinor).toBe(10_000n + 19_985n);
    expect([a!.approvedMinor, b!.approvedMinor, c!.approvedMinor, d!.approvedMinor]).toEqual([
      10_000n,
      19_985n,
      40_000n,
      null,
    ]);
    expect([a, b, c, d].every((t) => t!.plan === null)).toBe(true);
    expect(pendingMinor(world, 'Main', 'GBP')).toBe(0n);
    expectSimError(
      () => decideTransfer(world, a!.paymentReference, { status: 'cancelled' }),
      422,
      '100',
      /already approved\.$/,
    );
    expectSimError(
      () => decideTransfer(world, d!.paymentReference, { status: 'approved' }),
      422,
      '100',
      /already cancelled\.$/,
    );
    expectSimError(() => decideTransfer(world, 'NO-SUCH-REF', { status: 'approved' }), 404, '999');
  });

  it('rejects an edited approval equal to the requested amount or not positive', () => {
    const world = tinyWorld();
    const t = registerTransfer(world, { float: 'Main', currency: 'GBP', requestedMinor: 500n });
    expectSimError(
      () => decideTransfer(world, t.paymentReference, { status: 'approved_edited', approvedMinor: 500n }),
      422,
      '433',
    );
    expectSimError(
      () => decideTransfer(world, t.paymentReference, { status: 'approved_edited', approvedMinor: 0n }),
      422,
      '433',
    );
    expect(t.status).toBe('pending');
  });

  it('sums pending requests of one float only, matching the seeded data', () => {
    const world = seeded();
    const totals = pendingTotals(world);
    for (const f of world.floats) {
      const expected = world.transfers
        .filter((t) => t.status === 'pending' && t.float === f.name && t.currency === f.currency)
        .reduce((sum, t) => sum + t.requestedMinor, 0n);
      expect(pendingMinor(world, f.name, f.currency)).toBe(expected);
      expect(totals.get(`${f.currency} ${f.name}`) ?? 0n).toBe(expected);
    }
  });
});

describe('updateBrand and publishTemplateVersion', () => {
  it('patches status, discount and denominations and stamps last_updated', () => {
    const world = seeded();
    world.now = START + DAY;
    const slug = world.brands[0]!.slug;
    const brand = updateBrand(world, slug, { status: { code: 'DISABLED' }, discount: '7.25' });
    expect(brand).toBe(findBrand(world, slug));
    expect(brand.status.code).toBe('DISABLED');
    expect(brand.status.reason).toBeTruthy();
    expect(brand.discount).toBe('7.25');
    expect(brand.lastUpdated).toBe(START + DAY);
    updateBrand(world, slug, {
      status: { code: 'ENABLED', reason: 'ignored' },
      denominationsMinor: [5000n, 1000n, 5000n],
    });
    expect(brand.status).toEqual({ code: 'ENABLED' });
    expect(brand.denominationsMinor).toEqual([1000n, 5000n]);
    updateBrand(world, slug, { denominationsMinor: [] });
    expect(brand.denominationsMinor).toBeUndefined();
    expectSimError(() => updateBrand(world, 'no-such-brand', { discount: '1' }), 422, '072');
    expectSimError(() => updateBrand(world, slug, { discount: '-1' }), 422, '433');
    expectSimError(() => updateBrand(world, slug, { denominationsMinor: [0n] }), 422, '433');
  });

  it('publishes a later template version, derived from world.now by default', () => {
    const world = seeded();
    const template = world.templates.find((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.version))!;
    world.now = Date.UTC(2026, 5, 1, 12);
    expect(publishTemplateVersion(world, template.brand, template.name).version).toBe('2026-06-01');
    expect(publishTemplateVersion(world, template.brand, template.name).version).toBe('2026-06-01.2');
    expect(publishTemplateVersion(world, template.brand, template.name, '2026-07-01').version).toBe(
      '2026-07-01',
    );
    expect(template.version).toBe('2026-07-01');
    expectSimError(
      () => publishTemplateVersion(world, template.brand, template.name, '2026-06-15'),
      422,
      '433',
    );
    expectSimError(() => publishTemplateVersion(world, 'no-such-brand', 'standard'), 422, '072');
    expectSimError(() => publishTemplateVersion(world, template.brand, 'no-such-template'), 422, '716');
  });
});

/**
 * Background life of the platform, one step per simulated UTC day boundary: card activity from the
 * buyer's other channels spends the floats (less at weekends, never below zero), a few brands change
 * status, discount or denominations, and now and then a template gets a new version.
 *
 * A day's draws come from a generator seeded by the activity seed and the day number alone, so
 * advancing the clock in one step or in many gives the same world.
 */
import type { BackgroundActivity, SimBrand, World } from '../model';
import { Random } from '../random';
import { DAY } from './common';
import { applyBrandChange, findFloat, nextTemplateVersion } from './mutations';
import { STATUS_REASONS } from './names';

export function dayRandom(seed: number, dayStart: number): Random {
  const day = Math.floor(dayStart / DAY);
  return new Random((seed ^ Math.imul(day + 1, 0x9e3779b1)) >>> 0);
}

function spendDay(world: World, activity: BackgroundActivity, random: Random, dayStart: number): void {
  // The day that just ended: weekends see less card activity.
  const weekday = new Date(dayStart - DAY).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  for (const spend of activity.spend) {
    const factor = BigInt(Math.round((0.3 + random.next() * 1.4) * (weekend ? 0.4 : 1) * 1000));
    const float = findFloat(world, spend.float, spend.currency);
    if (!float || float.availableMinor <= 0n) continue;
    const amount = (spend.averageMinor * factor) / 1000n;
    float.availableMinor -= amount < float.availableMinor ? amount : float.availableMinor;
  }
}

function quarters(discount: string): number {
  const value = Number(discount);
  return Number.isFinite(value) ? Math.round(value * 4) : 0;
}

function changeBrand(random: Random, brand: SimBrand, at: number): void {
  const action = random.int(0, 9);
  const code = brand.status.code;
  if (action < 4 && (code === 'ENABLED' || code === 'DISABLED' || code === 'PAUSED')) {
    if (code !== 'ENABLED') {
      applyBrandChange(brand, { status: { code: 'ENABLED' } }, at);
    } else {
      const next = random.chance(0.7) ? 'DISABLED' : 'PAUSED';
      applyBrandChange(
        brand,
        { status: { code: next, reason: random.pick(STATUS_REASONS[next] ?? []) } },
        at,
      );
    }
    return;
  }
  const current = brand.denominationsMinor;
  if (action >= 8 && current && current.length > 0) {
    const largest = current[current.length - 1] as bigint;
    const denominations =
      current.length > 2 && random.chance(0.5)
        ? current.slice(0, -1)
        : [...current, largest + (current[0] as bigint)];
    applyBrandChange(brand, { denominationsMinor: denominations }, at);
    return;
  }
  const next = Math.max(0, quarters(brand.discount) + random.pick([-4, -2, -1, 1, 2, 4]));
  const fraction = ['', '.25', '.5', '.75'][next % 4] ?? '';
  applyBrandChange(brand, { discount: `${Math.floor(next / 4)}${fraction}` }, at);
}

/** Applies the background activity of the day boundary `dayStart` (a UTC midnight). */
export function applyDay(world: World, activity: BackgroundActivity, dayStart: number): void {
  const random = dayRandom(activity.seed, dayStart);
  spendDay(world, activity, random, dayStart);
  const rate = activity.brandChangesPerDay;
  if (rate > 0 && world.brands.length > 0) {
    const slots = Math.ceil(rate * 2);
    for (let slot = 0; slot < slots; slot++) {
      if (random.chance(rate / slots)) changeBrand(random, random.pick(world.brands), dayStart);
    }
  }
  if (world.templates.length > 0 && random.chance(activity.templateVersionChance)) {
    const template = random.pick(world.templates);
    template.version = nextTemplateVersion(template.version, dayStart);
  }
  activity.appliedUntil = dayStart;
}

/** Seeded brand catalogue: the coverage table first, then random brands; slugs unique and kebab-case. */
import { CATEGORIES } from '../../shared/domain/platform';
import type { SimBrand } from '../model';
import type { Random } from '../random';
import { COVERAGE, type BrandKind, type BrandSpec } from './brand-coverage';
import { generateDetail } from './brand-detail';
import {
  deliveryMethods,
  denominations,
  discountText,
  openLimits,
  randomStep,
  shippingMethods,
  transactionTypes,
} from './brand-values';
import { HOUR, SECOND, exponentOf, slugify } from './common';
import {
  BRAND_ADJECTIVES,
  BRAND_NOUNS,
  BRAND_SUFFIXES,
  CHOICE_LINK_NAMES,
  CURRENCY_PROFILES,
  STATUS_REASONS,
} from './names';

const CATEGORY_CODES = Object.keys(CATEGORIES);
const CURRENCY_WEIGHTS: ReadonlyArray<[string, number]> = [
  ['GBP', 40], ['EUR', 18], ['USD', 15], ['AUD', 5], ['CAD', 5], ['JPY', 4],
  ['SEK', 3], ['CHF', 3], ['PLN', 3], ['KWD', 2], ['BHD', 2],
]; // prettier-ignore

function weighted<T>(random: Random, items: ReadonlyArray<[T, number]>): T {
  let target = random.next() * items.reduce((sum, [, w]) => sum + w, 0);
  for (const [item, weight] of items) {
    target -= weight;
    if (target < 0) return item;
  }
  return (items[items.length - 1] as [T, number])[0];
}

function randomSpec(random: Random): BrandSpec {
  const type = random.chance(0.04) ? 'choice-link' : random.chance(0.005) ? 'experience' : 'gift-card';
  const status = weighted(random, [
    ['ENABLED', 86],
    ['DISABLED', 8],
    ['PAUSED', 5],
    ['ARCHIVED', 1],
  ]);
  const kind = weighted<BrandKind>(random, [
    ['digital', 65],
    ['both', 25],
    ['physical', 10],
  ]);
  const spec: BrandSpec = { currency: weighted(random, CURRENCY_WEIGHTS), type, status, kind };
  spec.value = random.chance(0.6) ? 'open' : 'fixed';
  if (random.chance(0.005)) spec.extraTransactionTypes = ['digital_refund'];
  if (random.chance(0.005)) spec.extraCategories = ['pets'];
  if (random.chance(0.005)) spec.extraRedemptionMethods = ['app'];
  if (random.chance(0.005)) spec.delivery = ['url', 'sms'];
  return spec;
}

function uniqueName(random: Random, choiceLink: boolean, slugs: Set<string>): { name: string; slug: string } {
  for (let attempt = 0; ; attempt++) {
    const adjective = random.pick(BRAND_ADJECTIVES);
    const base = choiceLink
      ? `${adjective} ${random.pick(CHOICE_LINK_NAMES)}`
      : `${adjective} ${random.pick(BRAND_NOUNS)}${random.pick(BRAND_SUFFIXES)}`;
    const name = attempt < 20 ? base : `${base} ${attempt}`;
    const slug = slugify(name);
    if (!slugs.has(slug)) {
      slugs.add(slug);
      return { name, slug };
    }
  }
}

function vatFor(random: Random): NonNullable<SimBrand['vat']> {
  const exempt = random.chance(0.2);
  const type = random.chance(0.5) ? 'MPV' : 'SPV';
  const rate = exempt
    ? '0.00'
    : weighted(random, [
        ['20.00', 80],
        ['5.00', 15],
        ['0.00', 5],
      ]);
  return { exempt, type, rate };
}

function countriesFor(random: Random, currency: string): string[] {
  const countries = CURRENCY_PROFILES[currency]?.countries ?? ['GB'];
  if (countries.length > 1 && random.chance(0.25))
    return random.sample(countries, random.int(2, countries.length));
  return [countries[0] ?? 'GB'];
}

function categoriesFor(random: Random, index: number, spec: BrandSpec): string[] {
  const base =
    index < 12
      ? [
          CATEGORY_CODES[(2 * index) % CATEGORY_CODES.length],
          CATEGORY_CODES[(2 * index + 1) % CATEGORY_CODES.length],
        ]
      : random.sample(CATEGORY_CODES, random.int(1, 3));
  return [...new Set([...(base as string[]), ...(spec.extraCategories ?? [])])];
}

function buildBrand(
  random: Random,
  index: number,
  spec: BrandSpec,
  startTime: number,
  slugs: Set<string>,
): SimBrand {
  const currency = spec.currency ?? 'GBP';
  const exponent = exponentOf(currency);
  const type = spec.type ?? 'gift-card';
  const choiceLink = type === 'choice-link';
  const kind: BrandKind = choiceLink ? 'digital' : (spec.kind ?? random.pick<BrandKind>(['digital', 'both']));
  const { name, slug } = uniqueName(random, choiceLink, slugs);
  const statusCode = spec.status ?? 'ENABLED';
  const reasons = STATUS_REASONS[statusCode];
  const brand: SimBrand = {
    slug,
    name,
    type,
    status: reasons ? { code: statusCode, reason: random.pick(reasons) } : { code: statusCode },
    currency,
    exponent,
    discount: discountText(random),
    lastUpdated:
      Math.floor((startTime - random.int(1, 400 * 24) * HOUR - random.int(0, 3599) * SECOND) / SECOND) *
      SECOND,
    transactionTypes: [
      ...transactionTypes(random, kind, choiceLink, spec.topUps, spec.cashOut),
      ...(spec.extraTransactionTypes ?? []),
    ],
    deliveryMethods: spec.delivery ?? deliveryMethods(random, kind, choiceLink),
    countriesServed: spec.countries ?? countriesFor(random, currency),
    gcPool: spec.gcPool ?? random.chance(0.7),
    asyncOnly: spec.asyncOnly ?? random.chance(0.1),
    categories: categoriesFor(random, index, spec),
    detail: {},
  };
  if (currency === 'GBP') {
    brand.vat = { ...(spec.vat ?? vatFor(random)) };
    // The platform sends vat.rate as a string ("5.00"), for some brands as a number: every other brand.
    if (index % 2 === 1) brand.vat.rateAsNumber = true;
  }
  if (choiceLink) brand.choices = [];
  if ((spec.value ?? (random.chance(0.6) ? 'open' : 'fixed')) === 'fixed') {
    brand.denominationsMinor = denominations(random, currency, exponent);
  } else {
    if (kind !== 'physical') {
      brand.digitalFaceValueLimits = openLimits(
        random,
        currency,
        exponent,
        spec.digitalStep ?? randomStep(random, exponent),
      );
    }
    if (kind !== 'digital') {
      const step = spec.physicalStep ?? randomStep(random, exponent);
      const withMinorUnit = !(spec.physicalNoMinorUnit ?? random.chance(0.15));
      brand.physicalFaceValueLimits = openLimits(random, currency, exponent, step, withMinorUnit);
    }
  }
  if (kind !== 'digital' && (spec.shipping ?? random.chance(0.5))) {
    brand.shippingMethods = shippingMethods(random, currency, exponent);
  }
  brand.detail = generateDetail(random, { index, slug, name, kind, spec });
  return brand;
}

/** Fills the choices of choice-link brands with other brands of the same currency (or made-up ones). */
function fillChoices(random: Random, brands: SimBrand[]): void {
  const byCurrency = new Map<string, SimBrand[]>();
  for (const brand of brands) {
    if (brand.type === 'choice-link') continue;
    const list = byCurrency.get(brand.currency) ?? [];
    if (list.length < 200) list.push(brand);
    byCurrency.set(brand.currency, list);
  }
  for (const brand of brands) {
    if (!brand.choices) continue;
    const count = random.int(3, 8);
    const candidates = random.sample(byCurrency.get(brand.currency) ?? [], count);
    brand.choices = candidates.map((choice) => ({ slug: choice.slug, name: choice.name }));
    for (let k = brand.choices.length; k < count; k++) {
      brand.choices.push({ slug: `${brand.slug}-option-${k + 1}`, name: `${brand.name} option ${k + 1}` });
    }
  }
}

export function generateBrands(random: Random, count: number, startTime: number): SimBrand[] {
  const slugs = new Set<string>();
  const brands: SimBrand[] = [];
  for (let index = 0; index < count; index++) {
    const spec = COVERAGE[index] ?? randomSpec(random);
    brands.push(buildBrand(random, index, spec, startTime, slugs));
  }
  fillChoices(random, brands);
  return brands;
}

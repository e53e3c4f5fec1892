/**
 * GET /brands[?brand=slug&detail=true&country=GB&currency=GBP&category=...]
 * The answer is concatenated from each brand's cached bytes (wire.ts). The joined list is cached
 * too, per query, and reused while every brand still answers the very same cached bytes: the full
 * catalogue with detail then costs one pass over the brands and no copy at all.
 */
import { invalid, rawJson, reject } from '../http';
import type { SimBrand, World } from '../model';
import { findBrand } from '../state';
import { queryParam, type RequestContext, type Router } from '../router';
import { brandEntryBytes, isoTime } from '../wire';
import { PLATFORM_CODES } from '../../shared/domain/platform';

const PREFIX = Buffer.from('{"code":"000","status":"success","data":{"brands":{', 'utf8');
const EMPTY_PREFIX = Buffer.from('{"code":"000","status":"success","data":{"brands":[]', 'utf8');
const COMMA = Buffer.from(',', 'utf8');
const MAX_JOINED = 8;

interface Joined {
  parts: Buffer[];
  joined: Buffer;
}
const joinedCache = new WeakMap<World, Map<string, Joined>>();

/** The brand entries joined with commas; the same buffer as last time when no entry changed. */
function joinEntries(world: World, key: string, parts: Buffer[]): Buffer {
  let byQuery = joinedCache.get(world);
  if (byQuery === undefined) {
    byQuery = new Map();
    joinedCache.set(world, byQuery);
  }
  const cached = byQuery.get(key);
  if (
    cached !== undefined &&
    cached.parts.length === parts.length &&
    cached.parts.every((part, i) => part === parts[i])
  )
    return cached.joined;
  const withCommas: Buffer[] = [];
  for (const part of parts) {
    if (withCommas.length > 0) withCommas.push(COMMA);
    withCommas.push(part);
  }
  const joined = Buffer.concat(withCommas);
  byQuery.delete(key);
  if (byQuery.size >= MAX_JOINED) byQuery.delete(byQuery.keys().next().value as string);
  byQuery.set(key, { parts, joined });
  return joined;
}

/** "true"/"1" → true, "false"/"0"/absent → false, anything else is a validation error. */
export function booleanParam(context: RequestContext, name: string): boolean {
  const value = queryParam(context, name);
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return invalid(name, `The ${name} field must be true or false.`);
}

/** The brand named by `slug`, or 400 code 072. */
export function requireBrand(world: World, slug: string): SimBrand {
  const brand = findBrand(world, slug);
  return brand ?? reject(400, PLATFORM_CODES.brandNotFound, `Brand "${slug}" not found`);
}

function listBrands(context: RequestContext) {
  const { world, options } = context.sim;
  const zone = options.platformTimeZone;
  const text = (name: string): string | undefined => {
    const value = queryParam(context, name);
    return value === '' ? undefined : value;
  };
  const slug = text('brand');
  const detail = booleanParam(context, 'detail');
  const country = text('country');
  const currency = text('currency');
  const category = text('category');

  const candidates = slug === undefined ? world.brands : [requireBrand(world, slug)];
  const parts: Buffer[] = [];
  for (const brand of candidates) {
    if (country !== undefined && !brand.countriesServed.includes(country)) continue;
    if (currency !== undefined && brand.currency !== currency) continue;
    if (category !== undefined && !brand.categories.includes(category)) continue;
    parts.push(brandEntryBytes(brand, detail, zone));
  }
  const suffix = Buffer.from(
    `${parts.length > 0 ? '}' : ''},"last_refreshed_at":"${isoTime(world.now, zone)}"}}`,
  );
  if (parts.length === 0) return rawJson(200, Buffer.concat([EMPTY_PREFIX, suffix]));
  const key = JSON.stringify([detail, slug, country, currency, category, zone]);
  return { ...rawJson(200, PREFIX), body: [PREFIX, joinEntries(world, key, parts), suffix] };
}

export function registerBrands(router: Router): void {
  router.add('GET', '/api/v2/brands', listBrands);
}

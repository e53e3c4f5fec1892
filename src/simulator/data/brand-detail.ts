/**
 * The detail block of a brand (GET /brands?detail=true). It holds only the attributes relevant to the
 * brand (digital fields for digital brands, physical fields for physical ones) and any attribute may
 * be absent; one "full" brand carries every field, one "empty" brand carries none, one carries unsafe
 * links (http:, javascript:, data:) for the client's URL validator.
 */
import { BARCODE_TYPES, REDEMPTION_METHODS } from '../../shared/domain/platform';
import type { BrandDetail } from '../model';
import type { Random } from '../random';
import type { BrandKind, BrandSpec } from './brand-coverage';
import {
  ACTIVATION_LIMITS,
  CANCELLATION_WINDOWS,
  EXPIRY_RULES,
  GENERAL_RESTRICTIONS,
  ORDER_RESTRICTIONS,
  TERMS_SENTENCES,
  TEXT_CLOSINGS,
  TEXT_OPENINGS,
} from './names';

export const ASSETS_BASE = 'https://assets.example/brands';

interface DetailInput {
  index: number;
  slug: string;
  name: string;
  kind: BrandKind;
  spec: BrandSpec;
}

function terms(random: Random, name: string): string {
  const sentences = random.sample(TERMS_SENTENCES, random.int(3, 6));
  return `${name} gift card terms. ${sentences.join(' ')}`;
}

function unsafeUrls(detail: BrandDetail, slug: string): void {
  detail.website_url = `http://www.${slug}.example/`;
  detail.faq_url = 'javascript:alert(document.domain)';
  detail.balance_enquiry_url = 'JavaScript:void(0)';
  detail.redemption_instructions_url = `  https://www.${slug}.example/redeem`;
  detail.terms_and_conditions_url = 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==';
  detail.assets = {
    logo_url: `http://assets.example/brands/${slug}/logo.png`,
    gift_card_url: 'file:///etc/passwd',
  };
}

export function generateDetail(random: Random, input: DetailInput): BrandDetail {
  const { index, slug, name, kind, spec } = input;
  if (spec.detail === 'empty') return {};
  const full = spec.detail === 'full' || spec.detail === 'unsafe-urls';
  const has = (probability: number): boolean => full || random.chance(probability);
  const digital = kind !== 'physical';
  const physical = kind !== 'digital';
  const site = `https://www.${slug}.example`;
  const detail: BrandDetail = {};
  if (has(0.9)) {
    detail.assets = { logo_url: `${ASSETS_BASE}/${slug}/logo.png` };
    if (has(0.8)) detail.assets.gift_card_url = `${ASSETS_BASE}/${slug}/card.png`;
  }
  if (has(0.5)) detail.balance_enquiry_url = `${site}/balance`;
  if (spec.barcode !== undefined || index < 16 || has(0.8)) {
    detail.barcode =
      spec.barcode ?? (index < 16 ? BARCODE_TYPES[index % BARCODE_TYPES.length] : random.pick(BARCODE_TYPES));
  }
  if (has(0.9)) detail.description = `${name} ${random.pick(TEXT_OPENINGS)}. ${random.pick(TEXT_CLOSINGS)}`;
  if (digital && has(0.7)) detail.digital_activation_limit = random.pick(ACTIVATION_LIMITS);
  if (digital && has(0.6)) detail.digital_cancellation_window = random.pick(CANCELLATION_WINDOWS);
  if (digital && has(0.4)) detail.digital_general_restrictions = random.pick(GENERAL_RESTRICTIONS);
  if (has(0.8)) detail.expiry = random.pick(EXPIRY_RULES);
  if (has(0.6)) detail.instore_order_restrictions = random.pick(ORDER_RESTRICTIONS);
  if (has(0.5)) detail.faq_url = `${site}/help/gift-cards`;
  if (has(0.6)) detail.online_order_restrictions = random.pick(ORDER_RESTRICTIONS);
  if (physical && has(0.6)) detail.physical_cancellation_window = random.pick(CANCELLATION_WINDOWS);
  if (physical && has(0.4)) detail.physical_general_restrictions = random.pick(GENERAL_RESTRICTIONS);
  if (has(0.5)) detail.redemption_instructions_url = `${site}/redeem`;
  if (spec.extraRedemptionMethods !== undefined || has(0.8)) {
    const methods = full ? [...REDEMPTION_METHODS] : random.sample(REDEMPTION_METHODS, random.int(1, 3));
    detail.redemption_methods = [...methods, ...(spec.extraRedemptionMethods ?? [])];
  }
  if (has(0.8)) detail.terms_and_conditions_copy = terms(random, name);
  if (has(0.7)) detail.terms_and_conditions_url = `${site}/gift-card-terms`;
  if (has(0.85)) detail.website_url = `${site}/`;
  if (spec.detail === 'unsafe-urls') unsafeUrls(detail, slug);
  else if (index >= 16 && random.chance(0.01)) detail.website_url = `http://www.${slug}.example/`;
  return detail;
}

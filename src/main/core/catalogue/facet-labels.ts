/**
 * Facet values in plain words, and whether the spec knows each value. Unknown values (a status, a
 * type, a category the platform added later) are kept as sent and marked, never dropped.
 */
import { isKnownCurrency } from '../../../shared/domain/currency';
import {
  BRAND_STATUS_CODES,
  BRAND_TYPES,
  CATEGORIES,
  DELIVERY_METHODS,
  REDEMPTION_METHODS,
  TRANSACTION_TYPES,
} from '../../../shared/domain/platform';
import type { FacetName } from './facet-index';

const STATUS_WORDS: Readonly<Record<string, string>> = {
  ENABLED: 'Enabled',
  DISABLED: 'Disabled',
  PAUSED: 'Paused',
};
const TYPE_WORDS: Readonly<Record<string, string>> = {
  'gift-card': 'Gift card',
  'choice-link': 'Choice link',
};
const DELIVERY_WORDS: Readonly<Record<string, string>> = {
  code: 'Raw code',
  url: 'Hosted template (URL)',
  email: 'Email (reward pass)',
  wrapped: 'Wrapped (physical)',
};
const REDEMPTION_WORDS: Readonly<Record<string, string>> = {
  online: 'Online',
  instore: 'In store',
  phone: 'By phone',
};

const sentence = (code: string): string => {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function isKnownFacetValue(facet: FacetName, value: string): boolean {
  switch (facet) {
    case 'category':
      return Object.hasOwn(CATEGORIES, value);
    case 'currency':
      return isKnownCurrency(value);
    case 'country':
      return /^[A-Z]{2}$/.test(value);
    case 'type':
      return (BRAND_TYPES as readonly string[]).includes(value);
    case 'status':
      return (BRAND_STATUS_CODES as readonly string[]).includes(value);
    case 'delivery':
      return (DELIVERY_METHODS as readonly string[]).includes(value);
    case 'transaction':
      return TRANSACTION_TYPES.includes(value);
    case 'redemption':
      return (REDEMPTION_METHODS as readonly string[]).includes(value);
    case 'stocked':
    case 'async':
      return value === 'true' || value === 'false';
  }
}

/** The words shown for a value; an unknown value is shown as sent. */
export function facetValueLabel(facet: FacetName, value: string): string {
  switch (facet) {
    case 'category':
      return CATEGORIES[value] ?? value;
    case 'status':
      return STATUS_WORDS[value] ?? value;
    case 'type':
      return TYPE_WORDS[value] ?? value;
    case 'delivery':
      return DELIVERY_WORDS[value] ?? value;
    case 'redemption':
      return REDEMPTION_WORDS[value] ?? value;
    case 'transaction':
      return TRANSACTION_TYPES.includes(value) ? sentence(value) : value;
    case 'stocked':
      return value === 'true' ? 'Stocked' : value === 'false' ? 'Not stocked' : value;
    case 'async':
      return value === 'true' ? 'Fulfilled later' : value === 'false' ? 'Answered at once' : value;
    default:
      return value;
  }
}

export const FACET_TITLES: Readonly<Record<FacetName, string>> = {
  category: 'Category',
  currency: 'Currency',
  country: 'Country served',
  type: 'Type',
  status: 'Status',
  delivery: 'Delivery method',
  transaction: 'Transaction type',
  redemption: 'Redemption method',
  stocked: 'Cards from a stocked pool',
  async: 'Fulfilled later',
};

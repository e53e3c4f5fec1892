/**
 * The first brands of every world are built from this table, so even a 12-brand world covers the
 * spec: both types, every status (with reasons), VAT variants, open values with minor units 0.01, 0.5
 * and 1, physical limits without minor_unit, fixed denominations, shipping, every delivery method,
 * top-ups and cash-outs, several countries, full, sparse and empty detail blocks, unsafe URLs, and
 * unknown future enum values spread over otherwise normal brands. Later brands are random.
 */

export type BrandKind = 'digital' | 'physical' | 'both';
/** Step of open values: 0.01, 0.5 or 1 of the major unit. */
export type StepKind = 'cent' | 'half' | 'whole';

export interface BrandSpec {
  currency?: string;
  type?: string;
  status?: string;
  kind?: BrandKind;
  value?: 'open' | 'fixed';
  digitalStep?: StepKind;
  physicalStep?: StepKind;
  /** Physical limits without minor_unit (a known platform variant). */
  physicalNoMinorUnit?: boolean;
  shipping?: boolean;
  delivery?: string[];
  vat?: { exempt: boolean; type: string; rate: string };
  countries?: string[];
  topUps?: boolean;
  cashOut?: boolean;
  extraTransactionTypes?: string[];
  extraCategories?: string[];
  barcode?: string;
  extraRedemptionMethods?: string[];
  gcPool?: boolean;
  asyncOnly?: boolean;
  detail?: 'full' | 'empty' | 'unsafe-urls';
}

export const COVERAGE: readonly BrandSpec[] = [
  {
    currency: 'GBP',
    type: 'gift-card',
    status: 'ENABLED',
    kind: 'digital',
    value: 'open',
    digitalStep: 'cent',
    delivery: ['url', 'code'],
    vat: { exempt: false, type: 'MPV', rate: '20.00' },
    detail: 'full',
    gcPool: true,
    asyncOnly: false,
  },
  {
    currency: 'GBP',
    status: 'DISABLED',
    kind: 'both',
    value: 'fixed',
    shipping: true,
    topUps: true,
    cashOut: true,
    delivery: ['code', 'wrapped'],
    vat: { exempt: true, type: 'SPV', rate: '0.00' },
    detail: 'full',
  },
  {
    currency: 'EUR',
    type: 'choice-link',
    status: 'ENABLED',
    kind: 'digital',
    value: 'open',
    digitalStep: 'whole',
    delivery: ['email', 'url'],
    countries: ['DE', 'FR', 'AT', 'NL'],
  },
  {
    currency: 'GBP',
    status: 'PAUSED',
    kind: 'both',
    value: 'open',
    digitalStep: 'half',
    physicalStep: 'whole',
    physicalNoMinorUnit: true,
    shipping: true,
    delivery: ['url', 'wrapped'],
    vat: { exempt: false, type: 'SPV', rate: '5.00' },
  },
  {
    currency: 'JPY',
    status: 'ENABLED',
    kind: 'digital',
    value: 'open',
    digitalStep: 'whole',
    topUps: true,
    cashOut: true,
    delivery: ['code'],
  },
  { currency: 'KWD', status: 'ENABLED', kind: 'digital', value: 'fixed', delivery: ['url', 'code'] },
  {
    currency: 'USD',
    status: 'ENABLED',
    kind: 'physical',
    value: 'open',
    physicalStep: 'cent',
    shipping: true,
    topUps: true,
    cashOut: true,
    delivery: [],
  },
  {
    currency: 'GBP',
    type: 'experience',
    status: 'ENABLED',
    vat: { exempt: false, type: 'XPV', rate: '20.00' },
  },
  {
    currency: 'GBP',
    status: 'ENABLED',
    kind: 'digital',
    detail: 'unsafe-urls',
    asyncOnly: true,
    gcPool: false,
  },
  { currency: 'EUR', status: 'ARCHIVED', delivery: ['sms', 'url'], countries: ['IE'] },
  {
    currency: 'GBP',
    type: 'choice-link',
    status: 'DISABLED',
    kind: 'digital',
    value: 'fixed',
    vat: { exempt: true, type: 'MPV', rate: '0.00' },
  },
  {
    currency: 'USD',
    status: 'ENABLED',
    kind: 'digital',
    value: 'open',
    digitalStep: 'cent',
    extraTransactionTypes: ['digital_refund'],
    extraCategories: ['pets'],
    extraRedemptionMethods: ['app'],
    barcode: 'AZTEC',
  },
  {
    currency: 'BHD',
    status: 'ENABLED',
    kind: 'physical',
    value: 'fixed',
    shipping: true,
    delivery: ['wrapped'],
  },
  {
    currency: 'GBP',
    status: 'ENABLED',
    kind: 'digital',
    value: 'open',
    digitalStep: 'half',
    detail: 'empty',
  },
  { currency: 'AUD', status: 'PAUSED', countries: ['AU', 'NZ'], kind: 'both', value: 'open' },
  {
    currency: 'CHF',
    status: 'ENABLED',
    countries: ['CH', 'LI'],
    kind: 'digital',
    value: 'open',
    digitalStep: 'half',
  },
];

import type { TransferStatus } from '../shared/domain/platform';
import type { Random } from './random';

/** The simulator's world: plain data, amounts in integer minor units (bigint), times in epoch ms. */

export interface SimFloat {
  name: string;
  currency: string;
  /** Decimal places of the currency (0, 2 or 3 in the seeded data). */
  exponent: number;
  /** Funds, or (credit: true) a credit line; a spend beyond it answers 615 instead of 610. */
  availableMinor: bigint;
  credit?: boolean;
}

export interface ProformaInvoice {
  company_name?: string;
  address_line_1?: string;
  address_line_2?: string;
  address_line_3?: string;
  address_line_4?: string;
  city?: string;
  post_code?: string;
  county?: string;
  country?: string;
}

/** What will happen to a pending request, and when (simulated time). */
export interface TransferPlan {
  at: number;
  status: Exclude<TransferStatus, 'pending'>;
  /** For approved_edited: the amount the platform will approve instead of the requested one. */
  approvedMinor?: bigint;
}

export interface SimTransfer {
  /** Creation order; ties in createdAt are broken by it so answers are stable. */
  seq: number;
  float: string;
  currency: string;
  exponent: number;
  requestedMinor: bigint;
  approvedMinor: bigint | null;
  paymentReference: string;
  status: TransferStatus;
  createdAt: number;
  /** Null once final, or for a pending request that waits for an admin decision. */
  plan: TransferPlan | null;
  financeEmail?: string;
  proformaInvoice?: ProformaInvoice;
}

export interface OpenValueLimits {
  lowerMinor: bigint;
  upperMinor: bigint;
  /** The step a value must be a multiple of, in minor units (1 → 0.01 for GBP, 50 → 0.5, 100 → 1). */
  stepMinor: bigint;
  /** False for the known platform variant whose physical limits lack minor_unit. */
  hasMinorUnit: boolean;
}

export interface ShippingMethod {
  identifier: string;
  description: string;
  costMinor: bigint;
}

export interface BrandDetail {
  assets?: { logo_url?: string; gift_card_url?: string };
  balance_enquiry_url?: string;
  barcode?: string;
  description?: string;
  digital_activation_limit?: string;
  digital_cancellation_window?: string;
  digital_general_restrictions?: string;
  expiry?: string;
  instore_order_restrictions?: string;
  faq_url?: string;
  online_order_restrictions?: string;
  physical_cancellation_window?: string;
  physical_general_restrictions?: string;
  redemption_instructions_url?: string;
  redemption_methods?: string[];
  terms_and_conditions_copy?: string;
  terms_and_conditions_url?: string;
  website_url?: string;
}

export interface SimBrand {
  slug: string;
  name: string;
  /** 'gift-card' | 'choice-link', or an unknown future value. */
  type: string;
  status: { code: string; reason?: string };
  currency: string;
  exponent: number;
  /** Percentage as decimal text, e.g. "4.5"; written as a JSON number. */
  discount: string;
  lastUpdated: number;
  transactionTypes: string[];
  deliveryMethods: string[];
  countriesServed: string[];
  gcPool: boolean;
  asyncOnly: boolean;
  categories: string[];
  /**
   * Only for GBP brands. rate is decimal text; the platform mostly sends it as a string ("5.00"), for
   * some brands as a JSON number (rateAsNumber).
   */
  vat?: { exempt: boolean; type: string; rate: string; rateAsNumber?: boolean };
  /** Choice-link products only; element shape not shown in the spec: {slug, name}. */
  choices?: Array<{ slug: string; name: string }>;
  digitalFaceValueLimits?: OpenValueLimits;
  physicalFaceValueLimits?: OpenValueLimits;
  /** Fixed denominations in minor units; written as strings in `denominations`, numbers in `digital_denominations`. */
  denominationsMinor?: bigint[];
  shippingMethods?: ShippingMethod[];
  detail: BrandDetail;
}

export interface SimTemplate {
  brand: string;
  name: string;
  /** Opaque version string, usually a date such as "2026-10-01". */
  version: string;
}

export type CardKind = 'digital' | 'physical';

export interface SimCard {
  code: string;
  brand: string;
  kind: CardKind;
  currency: string;
  exponent: number;
  float: string;
  balanceMinor: bigint;
  active: boolean;
}

export interface SimTransaction {
  id: string;
  clientRequestId: string;
  type: string;
  brand: string;
  cardCode: string;
  float: string;
  currency: string;
  /** Face value moved on the card (positive for issue/top-up, negative for cash-out). */
  faceMinor: bigint;
  /** What the float was charged (face value less discount); refunded when cancelled. */
  costMinor: bigint;
  at: number;
  cancelled: boolean;
}

export interface World {
  floats: SimFloat[];
  transfers: SimTransfer[];
  brands: SimBrand[];
  templates: SimTemplate[];
  cards: SimCard[];
  transactions: SimTransaction[];
  /** Simulated time, epoch ms. */
  now: number;
  /** Draws made while serving (new plans, generated codes): same seed + same requests = same bytes. */
  random: Random;
  /** Counters for generated identifiers (payment references, transaction ids). */
  counters: { transfer: number; reference: number; transaction: number; card: number };
  /**
   * Background life of the platform, applied by advanceTo once per simulated UTC day: card activity
   * from the buyer's other channels spends the floats, brands change, templates get new versions.
   * Absent (e.g. in a hand-built test world) means nothing happens in the background.
   */
  activity?: BackgroundActivity;
}

/** Average card spending of one float per simulated day, in minor units. */
export interface FloatSpend {
  float: string;
  currency: string;
  averageMinor: bigint;
}

/**
 * Daily background activity. A day's draws come from `seed` and the day alone (not from
 * world.random), so advancing the clock in one step or in many small steps gives the same world.
 */
export interface BackgroundActivity {
  seed: number;
  /** UTC midnight (epoch ms) of the last day boundary whose activity has been applied. */
  appliedUntil: number;
  /** Card spending per float; a float is never spent below zero. Empty turns spending off. */
  spend: FloatSpend[];
  /** Expected number of brand changes (status, discount, denominations) per simulated day. */
  brandChangesPerDay: number;
  /** Chance per simulated day that one template gets a new version. */
  templateVersionChance: number;
}

export interface WorldSizes {
  floats: number;
  transfers: number;
  brands: number;
}

export interface SeedOptions extends WorldSizes {
  seed: number;
  /** Simulated "now" at start; the seeded history lies before it. */
  startTime: number;
  adversarial: boolean;
  /** The platform's zone: seeded groups are counted per local day of it (default 'UTC'). */
  timeZone?: string;
  /** > 0: add one (day, float, currency, status) group of this many requests (over the list cap). */
  overfullGroupSize?: number;
}

/** Word lists for the seeded data. Invented names only: no real brand or company is named. */

/** Currencies the seeded data uses, with a rough rate per GBP (for realistic amounts) and countries. */
export interface CurrencyProfile {
  code: string;
  perGbp: number;
  countries: readonly string[];
}

export const CURRENCY_PROFILES: Readonly<Record<string, CurrencyProfile>> = {
  GBP: { code: 'GBP', perGbp: 1, countries: ['GB'] },
  EUR: { code: 'EUR', perGbp: 1.17, countries: ['DE', 'FR', 'IE', 'NL', 'ES', 'IT', 'AT', 'BE', 'FI'] },
  USD: { code: 'USD', perGbp: 1.27, countries: ['US'] },
  JPY: { code: 'JPY', perGbp: 190, countries: ['JP'] },
  KWD: { code: 'KWD', perGbp: 0.39, countries: ['KW'] },
  BHD: { code: 'BHD', perGbp: 0.48, countries: ['BH'] },
  CHF: { code: 'CHF', perGbp: 1.12, countries: ['CH', 'LI'] },
  AUD: { code: 'AUD', perGbp: 1.93, countries: ['AU'] },
  CAD: { code: 'CAD', perGbp: 1.73, countries: ['CA'] },
  SEK: { code: 'SEK', perGbp: 13.4, countries: ['SE'] },
  PLN: { code: 'PLN', perGbp: 5.05, countries: ['PL'] },
};

/** The floats every world starts with, in order: the first five already cover exponents 0, 2 and 3. */
export const FLOAT_PRESETS: ReadonlyArray<{ name: string; currency: string }> = [
  { name: 'Main', currency: 'GBP' },
  { name: 'Europe', currency: 'EUR' },
  { name: 'Main', currency: 'USD' },
  { name: 'APAC', currency: 'JPY' },
  { name: 'Middle East', currency: 'KWD' },
  { name: 'Marketing rewards', currency: 'GBP' },
  { name: 'Main', currency: 'EUR' },
  { name: 'Partners', currency: 'USD' },
  { name: 'Employee benefits', currency: 'GBP' },
  { name: 'Gulf', currency: 'BHD' },
  { name: 'Nordics', currency: 'SEK' },
  { name: 'Switzerland', currency: 'CHF' },
  { name: 'Australia', currency: 'AUD' },
  { name: 'Canada', currency: 'CAD' },
  { name: 'Poland', currency: 'PLN' },
  { name: 'Customer service', currency: 'GBP' },
];

export const FLOAT_NAME_WORDS = [
  'Loyalty',
  'Incentives',
  'Sales kickers',
  'Referrals',
  'Wellbeing',
  'Long service',
  'Promotions',
  'Retention',
  'Goodwill',
  'Events',
  'Reserve',
  'Pilot',
];

export const BRAND_ADJECTIVES = [
  'Amber', 'Azure', 'Bright', 'Brisk', 'Cedar', 'Coastal', 'Copper', 'Crimson', 'Golden', 'Granite',
  'Harbour', 'Hazel', 'Highland', 'Indigo', 'Ivory', 'Juniper', 'Lantern', 'Linden', 'Lunar', 'Maple',
  'Meadow', 'Misty', 'Northern', 'Oak', 'Olive', 'Orchard', 'Pebble', 'Pine', 'Quartz', 'Quiet',
  'Rapid', 'Riverside', 'Rose', 'Rustic', 'Saffron', 'Silver', 'Solar', 'Spruce', 'Starlit', 'Summit',
  'Sunny', 'Tidal', 'Urban', 'Velvet', 'Willow', 'Winter', 'Yellow', 'Zephyr',
]; // prettier-ignore

export const BRAND_NOUNS = [
  'Apothecary', 'Atelier', 'Bakery', 'Bazaar', 'Bicycles', 'Books', 'Boutique', 'Cinema', 'Closet',
  'Coffee', 'Cookware', 'Cycles', 'Deli', 'Depot', 'Electronics', 'Emporium', 'Fitness', 'Florist',
  'Gadgets', 'Galleria', 'Games', 'Garden', 'Grocer', 'Hardware', 'Home', 'Jewellers', 'Kitchen',
  'Lanes', 'Market', 'Music', 'Nursery', 'Outfitters', 'Pantry', 'Pharmacy', 'Records', 'Spa',
  'Sports', 'Stationers', 'Studio', 'Supply', 'Tailors', 'Threads', 'Toys', 'Travel', 'Trading',
  'Wares', 'Workshop', 'Yard',
]; // prettier-ignore

export const BRAND_SUFFIXES = [
  '',
  ' & Co',
  ' Direct',
  ' Online',
  ' Outlet',
  ' Collective',
  ' Club',
  ' Express',
];

export const STATUS_REASONS: Readonly<Record<string, readonly string[]>> = {
  DISABLED: [
    'Temporarily unavailable while the brand updates its systems',
    'Discontinued by the brand',
    'Supplier maintenance window',
    'Stock exhausted; restock expected',
  ],
  PAUSED: ['Switched off on your account', 'Paused by your account manager request'],
  ARCHIVED: ['Archived: the brand left the platform'],
};

export const TEXT_OPENINGS = [
  'is a favourite for everyday treats',
  'brings together carefully chosen products',
  'has served customers for over twenty years',
  'offers a wide range for the whole family',
  'is known for friendly service and fair prices',
  'runs stores across the country and a busy online shop',
];

export const TEXT_CLOSINGS = [
  'The gift card can be spent on almost everything in store.',
  'Cards can be combined with other payment methods.',
  'Balances carry over until the card expires.',
  'Perfect for birthdays, thank-yous and rewards.',
  'Spend it in one go or over several visits.',
];

export const TERMS_SENTENCES = [
  'This card is not a cheque guarantee card, credit card or debit card.',
  'The card cannot be exchanged for cash, except where required by law.',
  'Lost or stolen cards cannot be replaced and the balance cannot be refunded.',
  'The card may be used in full or part payment for purchases in participating stores.',
  'Any remaining balance after a purchase stays on the card until it expires.',
  'The issuer may refuse to accept a card that appears damaged or altered.',
  'The card remains the property of the issuer and is issued subject to these terms.',
  'The issuer may change these terms by giving reasonable notice.',
  'Cards may not be resold or used for promotional purposes without written consent.',
];

export const ACTIVATION_LIMITS = [
  'Instant',
  'Up to 24 hours',
  'Within 2 hours',
  'Up to 72 hours after purchase',
];
export const CANCELLATION_WINDOWS = [
  '30 minutes',
  '24 hours',
  '7 days',
  'Not cancellable',
  '14 days after activation',
];
export const EXPIRY_RULES = [
  '24 months from purchase',
  '12 months from last use',
  'No expiry',
  '36 months from activation',
  '5 years from issue',
];
export const ORDER_RESTRICTIONS = [
  'N/A',
  'Up to 5 cards per transaction',
  'Up to 3 cards per order',
  'One card per order',
];
export const GENERAL_RESTRICTIONS = [
  'Cannot be used to buy other gift cards.',
  'Not valid in concessions or franchise stores.',
  'Cannot be used for online marketplace orders.',
  'Not redeemable for alcohol or tobacco.',
];
export const SHIPPING_OPTIONS = [
  { identifier: 'standard', description: 'Standard post, 3-5 working days', cost: 0 },
  { identifier: 'first-class', description: 'First class post, 1-2 working days', cost: 1.35 },
  { identifier: 'tracked-24', description: 'Tracked and signed for, next working day', cost: 3.95 },
  { identifier: 'courier', description: 'Courier, named-day delivery', cost: 9.5 },
];

export const CHOICE_LINK_NAMES = ['Choice', 'Selection', 'Multi-brand', 'Reward Choice', 'Everyday Choice'];

/**
 * Enumerations of the platform, from shared/seed/platform-api-spec.txt and shared/platform-notes.md.
 * Constants only: the simulator and the client both use these lists, but each writes and parses its
 * own JSON, so a contract mistake on one side cannot hide behind shared parsing code.
 * The platform may add values at any time: code that reads platform data keeps unknown values.
 */

export const TRANSFER_STATUSES = ['pending', 'approved', 'approved_edited', 'removed', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** Statuses after which a request never changes again. */
export const FINAL_TRANSFER_STATUSES: readonly TransferStatus[] = [
  'approved',
  'approved_edited',
  'removed',
  'cancelled',
];

export const BRAND_STATUS_CODES = ['ENABLED', 'DISABLED', 'PAUSED'] as const;
export const BRAND_TYPES = ['gift-card', 'choice-link'] as const;
/** `wrapped` is seen on the real platform beyond the spec's table. */
export const DELIVERY_METHODS = ['code', 'url', 'email', 'wrapped'] as const;
export const VAT_TYPES = ['MPV', 'SPV'] as const;
export const REDEMPTION_METHODS = ['online', 'instore', 'phone'] as const;
export const BARCODE_TYPES = ['NONE', 'C128', 'C128A', 'C39', 'I25', 'QRCODE', 'PDF417'] as const;

export const CATEGORIES: Readonly<Record<string, string>> = {
  baby: 'Baby',
  beauty: 'Beauty',
  books: 'Books',
  cars: 'Cars',
  charity: 'Charity',
  craft: 'Craft',
  cryptocurrency: 'Cryptocurrency',
  cycling: 'Cycling',
  'department-store': 'Department Store',
  fashion: 'Fashion',
  electronics: 'Electronics',
  'food-and-drink': 'Food & Drink',
  gaming: 'Gaming',
  home: 'Home',
  jewellery: 'Jewellery',
  music: 'Music',
  other: 'Other',
  'school-vouchers': 'School Vouchers',
  sports: 'Sports',
  supermarket: 'Supermarket',
  toys: 'Toys',
  'travel-and-leisure': 'Travel & Leisure',
  'tv-and-movies': 'TV & Movies',
};

/** `DEL` is written as the spec gives it; it means HTTP DELETE. */
export type SpecMethod = 'POST' | 'DEL';

export interface TransactionEndpoint {
  method: SpecMethod;
  path: string;
}

export const TRANSACTION_ENDPOINTS: Readonly<Record<string, readonly TransactionEndpoint[]>> = {
  digital_issuance: [{ method: 'POST', path: '/digital/issue' }],
  cancelled_digital_issuance: [{ method: 'DEL', path: '/digital/issue' }],
  physical_activation: [{ method: 'POST', path: '/physical/activate' }],
  physical_top_up: [{ method: 'POST', path: '/physical/top-up' }],
  cancelled_physical_activation: [{ method: 'DEL', path: '/physical/activate' }],
  cancelled_physical_top_up: [{ method: 'DEL', path: '/physical/top-up' }],
  balance_check: [
    { method: 'POST', path: '/digital/check-balance' },
    { method: 'POST', path: '/physical/check-balance' },
  ],
  digital_top_up: [{ method: 'POST', path: '/digital/top-up' }],
  digital_cash_out: [{ method: 'POST', path: '/digital/cash-out-original-transaction' }],
  physical_cash_out: [{ method: 'POST', path: '/physical/cash-out-original-transaction' }],
};
export const TRANSACTION_TYPES = Object.keys(TRANSACTION_ENDPOINTS);

/** Platform error codes (platform-notes.md, "Errors and limits"). */
export const PLATFORM_CODES = {
  success: '000',
  missingParameter: '070',
  brandNotFound: '072',
  businessRule: '100',
  ipNotAllowed: '210',
  rateLimited: '211',
  validation: '433',
  authentication: '434',
  internal: '600',
  maintenance: '602',
  processorError: '603',
  healthCheck: '604',
  insufficientFunds: '610',
  insufficientCredit: '615',
  outOfRange: '704',
  templateNotFound: '716',
  templateNoAccess: '717',
  transactionTypeNotSupported: '719',
  transactionTypeNotSupportedForBrand: '720',
  endpointNotFound: '999',
} as const;

/** Float transfer request amount bounds (platform-notes.md). */
export const TRANSFER_AMOUNT_MIN = '0.01';
export const TRANSFER_AMOUNT_MAX = '99999999.99';
export const PAYMENT_REFERENCE_MAX_LENGTH = 18;
/** The fields of a transfer request's proforma invoice, in the platform's order (each optional text). */
export const PROFORMA_INVOICE_FIELDS = [
  'company_name',
  'address_line_1',
  'address_line_2',
  'address_line_3',
  'address_line_4',
  'city',
  'post_code',
  'county',
  'country',
] as const;
/** An answer of GET /float/transfer-requests holds at most this many items (no paging). */
export const TRANSFER_LIST_CAP = 50;

/**
 * A small hand-built simulator World: every shape the wire code must write, with known values, so
 * tests can assert exact bytes without depending on the seeded generator.
 */
import type { SimBrand, SimTransfer, World } from '../../src/simulator/model';
import { Random } from '../../src/simulator/random';

export const FIXTURE_NOW = Date.UTC(2026, 10, 2, 9, 0, 0);
const DAY = 86_400_000;

function transfer(
  seq: number,
  fields: Partial<SimTransfer> &
    Pick<SimTransfer, 'float' | 'currency' | 'exponent' | 'requestedMinor' | 'status' | 'createdAt'>,
): SimTransfer {
  return {
    seq,
    approvedMinor: null,
    paymentReference: `REF${String(seq).padStart(5, '0')}`,
    plan: null,
    ...fields,
  };
}

function brand(fields: Partial<SimBrand> & Pick<SimBrand, 'slug' | 'currency' | 'exponent'>): SimBrand {
  return {
    name: fields.slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
    type: 'gift-card',
    status: { code: 'ENABLED' },
    discount: '5',
    lastUpdated: FIXTURE_NOW - 10 * DAY,
    transactionTypes: [
      'digital_issuance',
      'cancelled_digital_issuance',
      'digital_top_up',
      'digital_cash_out',
      'balance_check',
      'physical_activation',
      'cancelled_physical_activation',
      'physical_top_up',
      'cancelled_physical_top_up',
      'physical_cash_out',
    ],
    deliveryMethods: ['code', 'url'],
    countriesServed: ['GB'],
    gcPool: true,
    asyncOnly: false,
    categories: ['fashion'],
    detail: {},
    ...fields,
  };
}

/** Transfers: one per status on distinct days, two on the same instant (seq breaks the tie), and 60 on one day. */
function transfers(): SimTransfer[] {
  const list: SimTransfer[] = [
    transfer(1, {
      float: 'main',
      currency: 'GBP',
      exponent: 2,
      requestedMinor: 123450n,
      status: 'approved',
      approvedMinor: 123450n,
      createdAt: Date.UTC(2026, 9, 1, 10),
    }),
    transfer(2, {
      float: 'main',
      currency: 'GBP',
      exponent: 2,
      requestedMinor: 50000n,
      status: 'approved_edited',
      approvedMinor: 49000n,
      createdAt: Date.UTC(2026, 9, 2, 11),
    }),
    transfer(3, {
      float: 'main',
      currency: 'GBP',
      exponent: 2,
      requestedMinor: 700n,
      status: 'removed',
      approvedMinor: 700n,
      createdAt: Date.UTC(2026, 9, 3, 0, 0, 0),
    }),
    transfer(4, {
      float: 'tokyo',
      currency: 'JPY',
      exponent: 0,
      requestedMinor: 150000n,
      status: 'cancelled',
      createdAt: Date.UTC(2026, 9, 3, 23, 59, 59),
    }),
    transfer(5, {
      float: 'kuwait',
      currency: 'KWD',
      exponent: 3,
      requestedMinor: 1234500n,
      status: 'pending',
      createdAt: Date.UTC(2026, 9, 4, 12),
    }),
    transfer(6, {
      float: 'main',
      currency: 'GBP',
      exponent: 2,
      requestedMinor: 1000n,
      status: 'pending',
      createdAt: Date.UTC(2026, 9, 4, 12),
    }),
  ];
  for (let i = 0; i < 60; i++) {
    list.push(
      transfer(7 + i, {
        float: 'main',
        currency: 'GBP',
        exponent: 2,
        requestedMinor: BigInt(10000 + i),
        status: 'approved',
        approvedMinor: BigInt(10000 + i),
        createdAt: Date.UTC(2026, 9, 10, 8, i),
      }),
    );
  }
  return list;
}

export function makeSimWorld(): World {
  return {
    now: FIXTURE_NOW,
    random: new Random(42),
    counters: { transfer: 66, reference: 66, transaction: 0, card: 0 },
    floats: [
      { name: 'main', currency: 'GBP', exponent: 2, availableMinor: 1234567890123456n },
      { name: 'small', currency: 'GBP', exponent: 2, availableMinor: 1000n },
      { name: 'tokyo', currency: 'JPY', exponent: 0, availableMinor: 250000n },
      { name: 'kuwait', currency: 'KWD', exponent: 3, availableMinor: 1500n },
      { name: 'euro', currency: 'EUR', exponent: 2, availableMinor: 50000n },
    ],
    transfers: transfers(),
    brands: [
      brand({
        slug: 'open-gbp',
        currency: 'GBP',
        exponent: 2,
        discount: '4.5',
        vat: { exempt: false, type: 'MPV', rate: '5' },
        digitalFaceValueLimits: { lowerMinor: 500n, upperMinor: 50000n, stepMinor: 1n, hasMinorUnit: true },
        physicalFaceValueLimits: {
          lowerMinor: 1000n,
          upperMinor: 20000n,
          stepMinor: 50n,
          hasMinorUnit: false,
        },
        shippingMethods: [{ identifier: 'royal-mail', description: 'Royal Mail 1st class', costMinor: 295n }],
        detail: {
          assets: {
            logo_url: 'https://example.test/logo.png',
            gift_card_url: 'https://example.test/card.png',
          },
          barcode: 'C128',
          description: 'Clothes "and" more',
          redemption_methods: ['online', 'instore'],
          website_url: 'https://example.test',
        },
      }),
      brand({
        slug: 'fixed-eur',
        currency: 'EUR',
        exponent: 2,
        discount: '10',
        countriesServed: ['DE', 'FR'],
        categories: ['electronics', 'gaming'],
        denominationsMinor: [1000n, 2500n, 5050n],
        transactionTypes: ['digital_issuance', 'balance_check'],
      }),
      brand({
        slug: 'whole-jpy',
        currency: 'JPY',
        exponent: 0,
        discount: '0',
        countriesServed: ['JP'],
        digitalFaceValueLimits: {
          lowerMinor: 1000n,
          upperMinor: 50000n,
          stepMinor: 500n,
          hasMinorUnit: true,
        },
      }),
      brand({
        slug: 'choice-gbp',
        currency: 'GBP',
        exponent: 2,
        type: 'choice-link',
        choices: [{ slug: 'open-gbp', name: 'Open Gbp' }],
        digitalFaceValueLimits: {
          lowerMinor: 1000n,
          upperMinor: 10000n,
          stepMinor: 100n,
          hasMinorUnit: true,
        },
        physicalFaceValueLimits: {
          lowerMinor: 1000n,
          upperMinor: 10000n,
          stepMinor: 100n,
          hasMinorUnit: true,
        },
      }),
      brand({
        slug: 'disabled-gbp',
        currency: 'GBP',
        exponent: 2,
        status: { code: 'DISABLED', reason: 'Supplier issue' },
      }),
      brand({
        slug: 'paused-gbp',
        currency: 'GBP',
        exponent: 2,
        status: { code: 'PAUSED', reason: 'Switched off by you' },
      }),
      brand({
        slug: 'future-type',
        currency: 'GBP',
        exponent: 2,
        type: 'hologram',
        deliveryMethods: ['teleport'],
      }),
    ],
    templates: [
      { brand: 'open-gbp', name: 'standard', version: '2026-10-01' },
      { brand: 'open-gbp', name: 'christmas', version: '2026-11-01' },
      { brand: 'paused-gbp', name: 'standard', version: '2026-09-01' },
    ],
    cards: [],
    transactions: [],
  };
}

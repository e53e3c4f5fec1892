/** A small period worth of journal facts and its mapping: every rule once, GBP and JPY. */
import { parseAccountMapping } from '../../src/main/core/journals/account-mapping';
import type { PeriodFacts } from '../../src/main/core/journals/types';

export const MAPPING_CSV =
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking\n' +
  'Main,GBP,1210,1200,5000,8100,1220,No VAT,Region=UK\n' +
  'Promo,GBP,1211,1200,5001,8100,1220,No VAT,\n' +
  'Main,JPY,1212,1202,5002,8102,1222,Tax Exempt,\n';

export const mapping = parseAccountMapping(MAPPING_CSV);

/** The mapping of the reconciliation workspace (recon-fixture.ts): its floats main and euro. */
export const RECON_MAPPING_CSV = [
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code',
  'main,GBP,1210,1200,5000,5990,1300,No VAT',
  'euro,EUR,1211,1201,5001,5991,1301,No VAT',
].join('\n');

export function fixtureFacts(signOffId: number | null = 12): PeriodFacts {
  return {
    period: { from: '2026-11-01', to: '2026-11-30' },
    asOf: '2026-11-30',
    signOffId,
    topUps: [
      // Approved for less than was paid: 0.50 to variance.
      {
        currency: 'GBP',
        closed: false,
        requests: [{ paymentReference: 'RF71B2', float: 'Main', approved: '999.50' }],
        lines: [{ bankTransactionId: 'B-2', bookingDate: '2026-11-04', amount: '-1000.00' }],
      },
      // Paid exactly what was approved.
      {
        currency: 'GBP',
        closed: false,
        requests: [{ paymentReference: 'RF18A1', float: 'Main', approved: '2500.00' }],
        lines: [{ bankTransactionId: 'B-1', bookingDate: '2026-11-03', amount: '-2500.00' }],
      },
      // A split: two requests on two floats paid by two lines.
      {
        currency: 'GBP',
        closed: false,
        requests: [
          { paymentReference: 'RF99Z9', float: 'Promo', approved: '300.00' },
          { paymentReference: 'RF55C3', float: 'Main', approved: '200.00' },
        ],
        lines: [
          { bankTransactionId: 'B-4', bookingDate: '2026-11-06', amount: '-250.00' },
          { bankTransactionId: 'B-3', bookingDate: '2026-11-05', amount: '-250.00' },
        ],
      },
      // Paid, then cancelled at the platform.
      {
        currency: 'JPY',
        closed: true,
        requests: [{ paymentReference: 'RF40D4', float: 'Main', approved: null }],
        lines: [{ bankTransactionId: 'J-1', bookingDate: '2026-11-10', amount: '-50000' }],
      },
      // Paid, not yet approved: listed, not posted.
      {
        currency: 'GBP',
        closed: false,
        requests: [{ paymentReference: 'RF60E5', float: 'Main', approved: null }],
        lines: [{ bankTransactionId: 'B-5', bookingDate: '2026-11-20', amount: '-75.00' }],
      },
    ],
    spend: [
      { float: 'Main', currency: 'GBP', amount: '3100.25' },
      { float: 'Main', currency: 'JPY', amount: '0' },
      { float: 'Promo', currency: 'GBP', amount: '-12.00' },
    ],
    resolutions: [
      {
        kind: 'line',
        id: 'B-9',
        reasonCode: 'bank_fee',
        note: 'SEPA fee',
        currency: 'GBP',
        float: null,
        amount: '-2.50',
        date: '2026-11-20',
      },
      {
        kind: 'line',
        id: 'B-8',
        reasonCode: 'duplicate',
        note: '',
        currency: 'GBP',
        float: null,
        amount: '-10.00',
        date: '2026-11-21',
      },
      {
        kind: 'request',
        id: 'RF77F7',
        reasonCode: 'other',
        note: 'agreed',
        currency: 'GBP',
        float: 'Main',
        amount: '40.00',
        date: '2026-11-22',
      },
    ],
  };
}

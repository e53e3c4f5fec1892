/**
 * A signed-off October with journals in two currencies, for the conversion tests: the recon
 * fixture's GBP statement imported and matched; the euro float's top-up of 75.50 approved by the
 * platform for 75.03 (0.47 to variance) and paid from an EUR account whose statement also holds a
 * bank fee, resolved as such.
 */
import { openLedger } from '../../src/main/core/ledger/db';
import { TransfersRepository } from '../../src/main/core/ledger/repositories/transfers';
import type { Core } from '../../src/main/core/services';
import type { JournalConversion } from '../../src/shared/ipc/contract-journals';
import {
  dispatched,
  reconCore,
  RECON_REQUESTS,
  RECON_STATEMENT,
  seedReconWorkspace,
  statementBase64,
} from './recon-fixture';

export const AS_OF = '2026-10-31';
export const MAPPING = [
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,rounding_account',
  'main,GBP,1210,1200,5000,5990,1300,No VAT,',
  'euro,EUR,1211,1201,5001,5991,1301,No VAT,7999',
].join('\n');
/** The same, with no rounding account for the euro float. */
export const NO_ROUNDING = MAPPING.replace(',7999', ',');
export const TO_GBP: JournalConversion = {
  booksCurrency: 'GBP',
  rates: [{ currency: 'EUR', date: null, rate: '0.8612' }],
};

/** The EUR account's statement: the euro float's top-up, and a bank fee. */
const EUR_STATEMENT =
  'Date,Amount,Currency,Reference,Transaction ID\n' +
  '2026-10-14,-75.50,EUR,FDE5U7K3Z8,EUR-1\n' +
  '2026-10-20,-1.23,EUR,Bank charge,EUR-2\n';

/** The workspace in `dir`, October signed off; the core is the CLI shell's. */
export async function convertiblePeriod(dir: string): Promise<Core> {
  const ledger = seedReconWorkspace(dir);
  const db = openLedger(ledger);
  try {
    const euro = RECON_REQUESTS.find((request) => request.payment_reference === 'FDE5U7K3Z8')!;
    new TransfersRepository(db).upsertTransferRequests(
      1,
      [{ ...euro, status: 'approved_edited', approved: { amount: '75.03', currency: 'EUR' } }],
      { syncRunId: null, observedAt: '2026-10-31T13:00:00.000Z' },
    );
  } finally {
    db.close();
  }
  const core = reconCore(dir, undefined, 'cli');
  await dispatched(core, 'recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
  await dispatched(core, 'recon:import', {
    fileName: 'eur.csv',
    contentBase64: Buffer.from(EUR_STATEMENT).toString('base64'),
    currency: 'EUR',
  });
  // Approved 0.47 under what was paid: within a tolerance of 0.50 EUR, so matched.
  const settings = await dispatched(core, 'recon:settings.get', {});
  await dispatched(core, 'recon:settings.update', {
    automatic: settings.automatic,
    tolerances: [...settings.tolerances, { currency: 'EUR', amount: '0.50' }],
    startDate: settings.startDate,
  });
  await dispatched(core, 'recon:run', { asOf: AS_OF });
  const { items } = await dispatched(core, 'recon:items', {
    asOf: AS_OF,
    states: ['unmatched_bank_payment'],
    limit: 50,
  });
  const fee = items.find((item) => item.id === 'EUR-2')!;
  await dispatched(core, 'recon:resolve', {
    kind: 'line',
    id: fee.id,
    reasonCode: 'bank_fee',
    note: 'Charge',
  });
  await dispatched(core, 'recon:signoff', { asOf: AS_OF, acknowledgeOpenItems: true });
  return core;
}

/**
 * Settings → Accounting in a team, against a real PostgreSQL server: the account mapping saved (or
 * imported) on one desktop replaces a colleague's at the next exchange, through the same checks,
 * audited there under the colleague's name, and is not shared back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import type { Core } from '../../../src/main/core/services';
import { readAuditLog } from '../../helpers/audit-log-read';
import { dispatched, reconCore, seedReconWorkspace } from '../../helpers/recon-fixture';
import { setUpTeam, startPostgres, type PostgresServer } from '../../helpers/postgres';
import { makeTempDir } from '../../helpers/temp-dir';

let server: PostgresServer;
const temps: ReturnType<typeof makeTempDir>[] = [];
const cores: Core[] = [];
const ledgers = new Map<Core, string>();

beforeAll(async () => {
  server = await startPostgres();
  await server.createLogin('ana', 'ana-pass');
  await server.createLogin('ben', 'ben-pass');
  await setUpTeam(server, 'accounts_team', { ana: 'preparer', ben: 'reviewer' });
}, 60_000);
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const temp of temps.splice(0)) temp.cleanup();
});
afterAll(() => server?.remove());

async function desktop(login: 'ana' | 'ben'): Promise<Core> {
  const temp = makeTempDir();
  temps.push(temp);
  const ledgerPath = seedReconWorkspace(temp.dir);
  const core = reconCore(temp.dir);
  cores.push(core);
  ledgers.set(core, ledgerPath);
  await dispatched(core, 'team:join', {
    database: server.url(login, 'accounts_team'),
    password: `${login}-pass`,
  });
  return core;
}

const TITLES =
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code,tracking';

describe('account mapping in a team', () => {
  it('a mapping imported on one desktop replaces the colleague’s, audited as from the team', async () => {
    const ana = await desktop('ana');
    const ben = await desktop('ben');
    await dispatched(ben, 'journals:mapping.save', {
      rows: [
        {
          float: 'old',
          currency: 'GBP',
          floatAccount: '1',
          bankAccount: '2',
          costAccount: '3',
          varianceAccount: '4',
          refundsAccount: '5',
          taxCode: '',
          tracking: '',
        },
      ],
    });
    const saved = await dispatched(ana, 'journals:mapping.import', {
      text: `${TITLES}\r\neuro,EUR,1211,1201,5001,8101,1221,,Region=EU\r\nmain,GBP,1210,1200,5000,8100,1220,No VAT,\r\n`,
    });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });

    const received = await dispatched(ben, 'journals:mapping.get', {});
    expect(received.rows).toEqual(saved.rows);
    expect((await dispatched(ben, 'journals:mapping.export', {})).text).toBe(
      (await dispatched(ana, 'journals:mapping.export', {})).text,
    );
    expect((await dispatched(ben, 'team:status', {})).pending).toBe(0);
    const db = openLedger(ledgers.get(ben)!, { readonly: true });
    try {
      const entries = readAuditLog(db, 1).filter((entry) => entry.action === 'settings.accounts_changed');
      expect(entries.map((entry) => entry.actor)).toEqual(['user', 'sync']);
      expect(entries.at(-1)!.details).toMatchObject({
        rows: 2,
        changed: ['EUR euro', 'GBP main', 'GBP old'],
      });
    } finally {
      db.close();
    }
  });

  it('the rounding accounts, tax codes by line and the books’ currency travel with the mapping', async () => {
    const ana = await desktop('ana');
    const ben = await desktop('ben');
    const imported = await dispatched(ana, 'journals:mapping.import', {
      text: `${TITLES},rounding_account,tax_codes\r\neuro,EUR,1211,1201,5001,8101,1221,,,7999,\r\nmain,GBP,1210,1200,5000,8100,1220,,,,cost=VAT 20%\r\n`,
    });
    const saved = await dispatched(ana, 'journals:mapping.save', {
      rows: imported.rows,
      booksCurrency: 'GBP',
    });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });

    const received = await dispatched(ben, 'journals:mapping.get', {});
    expect(received.rows).toEqual(saved.rows);
    expect(received.rows.map((row) => row.roundingAccount)).toEqual(['7999', '']);
    expect(received.rows.map((row) => row.taxCodes)).toEqual(['', 'cost=VAT 20%']);
    expect(received.booksCurrency).toBe('GBP');

    // Cleared on one desktop: cleared on the other.
    await dispatched(ben, 'journals:mapping.save', { rows: received.rows, booksCurrency: '' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    expect((await dispatched(ana, 'journals:mapping.get', {})).booksCurrency).toBeNull();
  });
});

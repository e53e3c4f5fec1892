/**
 * What a team shares besides decisions, against a real PostgreSQL server: a CSV profile saved on one
 * desktop, the reconciliation settings and an opening balance arrive on a colleague's at the next
 * exchange, through the same code (and the same checks) as there, under the colleague's name.
 */
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../../src/main/core/ledger/db';
import { TransfersRepository } from '../../../src/main/core/ledger/repositories/transfers';
import { shareSubmission } from '../../../src/main/core/team/shared-submission';
import type { Core } from '../../../src/main/core/services';
import { dispatched } from '../../helpers/recon-fixture';
import { useTeamCores } from '../../helpers/team-cores';

const teamCores = useTeamCores({
  logins: ['ana', 'ben'],
  shared: { database: 'settings_team', roles: { ana: 'preparer', ben: 'reviewer' } },
});

const dirs = new Map<Core, string>();

/** The float the platform reported (a sync would have brought it). */
function addFloat(ledgerPath: string): void {
  const ledger = openLedger(ledgerPath);
  try {
    ledger
      .prepare(
        "INSERT INTO floats (workspace_id, currency, name, first_seen_at) VALUES (1, 'GBP', 'sterling', ?)",
      )
      .run('2026-10-01T00:00:00.000Z');
  } finally {
    ledger.close();
  }
}

async function desktop(
  login: 'ana' | 'ben',
  options: { synced?: boolean; database?: string } = {},
): Promise<Core> {
  const dir = teamCores.workspace();
  if (options.synced !== false) addFloat(`${dir}/ledger.sqlite`);
  const core = teamCores.open(dir);
  dirs.set(core, dir);
  await teamCores.join(core, login, options.database ?? 'settings_team');
  return core;
}

describe('settings a team shares', () => {
  it('a CSV profile, the reconciliation settings and an opening balance reach a colleague', async () => {
    const ana = await desktop('ana');
    const ben = await desktop('ben');
    await dispatched(ana, 'recon:profiles.save', {
      name: 'Barclays',
      profile: {
        columns: { date: 'Date', amount: 'Amount', reference: 'Reference' },
        dateFormat: 'DD/MM/YYYY',
        currency: 'GBP',
      },
    });
    const settings = await dispatched(ana, 'recon:settings.update', {
      automatic: { exactReference: true, fuzzyReference: false, splitSum: false },
      tolerances: [{ currency: 'GBP', amount: '0.50' }],
      startDate: null,
    });
    const floats = await dispatched(ana, 'recon:opening.list', {});
    const float = floats.floats[0]!;
    await dispatched(ana, 'recon:opening.set', {
      currency: float.currency,
      float: float.name,
      asOf: '2026-10-01',
      amount: '12500.00',
      note: 'Platform statement',
    });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });

    const profiles = await dispatched(ben, 'recon:profiles.list', {});
    expect(profiles.profiles.map((profile) => profile.name)).toEqual(['Barclays']);
    const benSettings = await dispatched(ben, 'recon:settings.get', {});
    expect({ ...benSettings, updatedAt: null }).toEqual({ ...settings, updatedAt: null });
    const opening = await dispatched(ben, 'recon:opening.list', {});
    expect(opening.entries).toEqual([
      expect.objectContaining({ currency: float.currency, float: float.name, asOf: '2026-10-01' }),
    ]);
    const status = await dispatched(ben, 'team:status', {});
    expect(status.pending).toBe(0);
  });

  it('an opening balance for a float this desktop has not synced yet waits for it, then arrives', async () => {
    // A team of its own: the other tests' opening balances would wait here too.
    await teamCores.team({ ana: 'preparer', ben: 'reviewer' }, 'settings_floats');
    const ana = await desktop('ana', { database: 'settings_floats' });
    const ben = await desktop('ben', { synced: false, database: 'settings_floats' });
    await dispatched(ana, 'recon:opening.set', {
      currency: 'GBP',
      float: 'sterling',
      asOf: '2026-10-01',
      amount: '12500.00',
      note: 'Platform statement',
    });
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    expect((await dispatched(ben, 'recon:opening.list', {})).entries).toEqual([]);
    expect((await dispatched(ben, 'team:status', {})).pending).toBe(1);
    expect((await dispatched(ben, 'team:overview', {})).waiting).toEqual([
      {
        reason:
          'Waits for the GBP float "sterling", which this desktop has not synced from the platform yet.',
        count: 1,
      },
    ]);

    addFloat(`${dirs.get(ben)}/ledger.sqlite`);
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    expect((await dispatched(ben, 'recon:opening.list', {})).entries).toEqual([
      expect.objectContaining({ currency: 'GBP', float: 'sterling', asOf: '2026-10-01' }),
    ]);
    expect((await dispatched(ben, 'team:status', {})).pending).toBe(0);
    expect((await dispatched(ben, 'team:overview', {})).waiting).toEqual([]);
  });

  it('a top-up sent from FloatDesk on one desktop is known on the other as sent, and by whom', async () => {
    const ana = await desktop('ana');
    const ben = await desktop('ben');
    const submission = {
      paymentReference: 'FDK7Q2M9X1',
      float: 'sterling',
      currency: 'GBP',
      amount: '2500.00',
      submittedAt: '2026-10-02T09:15:00.000Z',
      outcome: 'registered' as const,
      financeEmail: 'finance@example.com',
      submittedBy: 'Ana Ruiz',
    };
    // Recorded and told to the team in one transaction, as transfers:submit does after the platform took it.
    const ledger = openLedger(`${dirs.get(ana)}/ledger.sqlite`);
    try {
      ledger.transaction(() => {
        new TransfersRepository(ledger).recordSubmission(1, submission);
        shareSubmission(
          { db: ledger, workspaceId: 1, clock: () => new Date('2026-10-02T09:15:01.000Z') },
          submission,
        );
      })();
    } finally {
      ledger.close();
    }
    await dispatched(ana, 'team:sync', { password: 'ana-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    await dispatched(ben, 'team:sync', { password: 'ben-pass' });
    const benLedger = openLedger(`${dirs.get(ben)}/ledger.sqlite`, { readonly: true });
    try {
      expect(
        benLedger
          .prepare('SELECT payment_reference, submitted_by, finance_email, outcome FROM transfer_submissions')
          .all(),
      ).toEqual([
        {
          payment_reference: 'FDK7Q2M9X1',
          submitted_by: 'Ana Ruiz',
          finance_email: 'finance@example.com',
          outcome: 'registered',
        },
      ]);
    } finally {
      benLedger.close();
    }
  });
});

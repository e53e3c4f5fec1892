/**
 * Settings → Reconciliation (recon:settings.get / .update): read as the policy the runs apply, and
 * changed with an audit entry holding the settings before and after, in one transaction.
 */
import { shareChange } from '../../team/share-change';
import { fromMinorUnits, toMinorUnits } from '../../../../shared/domain/money';
import type { ReconSettings, ReconSettingsInput } from '../../../../shared/ipc/contract-recon-settings';
import { invalidInput, type FieldIssue } from '../../../../shared/ipc/errors';
import { ReconSettingsRepository, type StoredReconSettings } from '../../ledger/repositories/recon-settings';
import type { Ledger } from '../../ledger/db';
import { appendInTransaction } from '../audit/audit-log';
import type { AuditDetails } from '../audit/entry-hash';
import { auditActor, type ReconContext } from '../context';
import type { MatchOptions } from '../match/types';
import { DEFAULT_POLICY, type AutoMatchPolicy } from './auto-match-policy';

function toContract(stored: StoredReconSettings | undefined): ReconSettings {
  if (stored === undefined) {
    return { automatic: { ...DEFAULT_POLICY.automatic }, tolerances: [], startDate: null, updatedAt: null };
  }
  return {
    automatic: { ...stored.automatic },
    tolerances: stored.tolerances.map(({ currency, minor }) => ({
      currency,
      amount: fromMinorUnits(minor, currency),
    })),
    startDate: stored.startDate,
    updatedAt: stored.updatedAt,
  };
}

export function readReconSettings(db: Ledger, workspaceId: number): ReconSettings {
  return toContract(new ReconSettingsRepository(db).get(workspaceId));
}

export function policyOf(settings: ReconSettings): AutoMatchPolicy {
  return {
    automatic: settings.automatic,
    tolerances: Object.fromEntries(settings.tolerances.map((entry) => [entry.currency, entry.amount])),
    startDate: settings.startDate,
  };
}

/** The workspace's policy now (defaults until Settings → Reconciliation is first saved). */
export function readPolicy(db: Ledger, workspaceId: number): AutoMatchPolicy {
  return policyOf(readReconSettings(db, workspaceId));
}

/**
 * The engine's thresholds with the policy's tolerances: an absolute amount per currency, 0 where
 * none is set (the engine's own default, 5 units or 0.5 %, is not used by the app). One tolerance
 * for everything: which amounts the passes consider, what they may match, what a match by hand warns.
 */
export function optionsWithPolicy(base: MatchOptions, policy: AutoMatchPolicy): MatchOptions {
  const spec = (absolute: string) => ({ absolute, percent: '100' });
  return {
    ...base,
    tolerance: {
      default: spec('0'),
      byCurrency: Object.fromEntries(
        Object.entries(policy.tolerances).map(([currency, amount]) => [currency, spec(amount)]),
      ),
    },
  };
}

function details(settings: ReconSettings): AuditDetails {
  return {
    automatic: { ...settings.automatic },
    tolerances: Object.fromEntries(settings.tolerances.map((entry) => [entry.currency, entry.amount])),
    startDate: settings.startDate,
  };
}

function toStored(input: ReconSettingsInput, at: string): StoredReconSettings {
  const issues: FieldIssue[] = [];
  const tolerances = input.tolerances.flatMap(({ currency, amount }, index) => {
    const minor = toMinorUnits(amount, currency);
    if (minor.ok) return [{ currency, minor: minor.minor }];
    issues.push({
      field: `tolerances[${index}].amount`,
      problem: `${currency} has ${minor.allowed} decimal place(s); ${amount} has ${minor.found}`,
    });
    return [];
  });
  if (issues.length > 0) throw invalidInput('reconciliation settings', issues);
  tolerances.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  return { automatic: { ...input.automatic }, tolerances, startDate: input.startDate, updatedAt: at };
}

export function updateReconSettings(context: ReconContext, input: ReconSettingsInput): ReconSettings {
  const { db, workspaceId } = context;
  const at = context.now();
  const stored = toStored(input, at);
  return db
    .transaction(() => {
      const repo = new ReconSettingsRepository(db);
      const before = toContract(repo.get(workspaceId));
      repo.save(workspaceId, stored);
      const after = toContract(stored);
      appendInTransaction(db, {
        workspaceId,
        at,
        actor: auditActor(context),
        action: 'settings.reconciliation_changed',
        subject: 'settings:reconciliation',
        details: { before: details(before), after: details(after) },
      });
      shareChange(context, {
        kind: 'settings.reconciliation',
        subject: 'settings:reconciliation',
        payload: { settings: input },
      });
      return after;
    })
    .immediate();
}

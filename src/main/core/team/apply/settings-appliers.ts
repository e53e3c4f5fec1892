/**
 * Colleagues' changes besides decisions and sign-offs, applied through the same code a person's
 * change goes through here, read with the channel's own input schema: a CSV profile saved, the
 * reconciliation settings, the account mapping, an opening balance entered, and a top-up sent from FloatDesk (who sent
 * it: the request itself comes from the platform).
 */
import { z } from 'zod';
import { contract } from '../../../../shared/ipc/contract';
import { CurrencyCode, IsoTimestamp } from '../../../../shared/ipc/schemas';
import { OpeningBalancesRepository } from '../../ledger/repositories/opening-balances';
import { TransfersRepository } from '../../ledger/repositories/transfers';
import type { ChangeToApply } from '../../ledger/repositories/team-applied';
import { ACCOUNTS_CHANGE_KIND, saveMapping } from '../../journals/mapping-store';
import { updateReconSettings } from '../../recon/policy/recon-settings';
import { setOpeningBalance } from '../../recon/rollforward/opening-balance';
import { saveCsvProfile } from '../../recon/statements/save-profile';
import { SUBMISSION_KIND } from '../shared-submission';
import { readPayload, withoutAuthor } from '../change-payload';
import type { ApplyEnv, Applier, Outcome } from './appliers';
import { authorName, teamContext } from './team-context';

const APPLIED: Outcome = { state: 'applied', decisionId: null };

function contextOf(change: ChangeToApply, env: ApplyEnv): ApplyEnv['context'] {
  return teamContext(
    env.context,
    authorName(JSON.parse(change.payload) as Record<string, unknown>, change.actor),
  );
}

/**
 * The applier of one kind. `waitsFor` says, in words, what this desktop lacks for the change yet
 * (it then waits, and is tried again once the reconciliation's inputs change), or null.
 */
function one<T>(
  kind: string,
  schema: z.ZodType<T, unknown>,
  apply: (input: T, env: ApplyEnv, change: ChangeToApply) => void,
  waitsFor: (input: T, env: ApplyEnv) => string | null = () => null,
): Applier {
  return (change, env) => {
    if (change.kind !== kind) return null;
    const input = readPayload(withoutAuthor(schema), change);
    const missing = waitsFor(input, env);
    if (missing !== null) return { state: 'pending', note: missing };
    env.write(() => apply(input, env, change));
    return APPLIED;
  };
}

export const applyProfile = one('profile.save', contract['recon:profiles.save'].input, (input, env, change) =>
  saveCsvProfile(contextOf(change, env), input),
);

// Shared changes are canonical JSON, which leaves null fields out: no start date arrives absent.
const SettingsChange = z.object({
  settings: z.preprocess(
    (settings) => ({ startDate: null, ...(settings as object) }),
    contract['recon:settings.update'].input,
  ),
});
const applyReconSettings = one('settings.reconciliation', SettingsChange, (input, env, change) =>
  updateReconSettings(contextOf(change, env), input.settings),
);

// Settings → Accounting: the colleague's whole mapping replaces this desktop's.
const applyAccounts = one(
  ACCOUNTS_CHANGE_KIND,
  contract['journals:mapping.save'].input,
  (input, env, change) => saveMapping(contextOf(change, env), input.rows, input.booksCurrency),
);

/** The `settings.*` family: the reconciliation settings and the account mapping. */
export const applySettings: Applier = (change, env) =>
  applyReconSettings(change, env) ?? applyAccounts(change, env);

// A float this desktop has not synced from the platform yet: the balance waits for it.
export const applyOpening = one(
  'opening.set',
  contract['recon:opening.set'].input,
  (input, env, change) => setOpeningBalance(contextOf(change, env), input),
  (input, env) => {
    const float = input.float.trim();
    const known = new OpeningBalancesRepository(env.db)
      .floats(env.workspaceId)
      .some((held) => held.currency === input.currency && held.name === float);
    return known
      ? null
      : `Waits for the ${input.currency} float "${float}", which this desktop has not synced from the platform yet.`;
  },
);

const Submission = z.object({
  paymentReference: z.string().min(1).max(100),
  float: z.string().min(1).max(200),
  currency: CurrencyCode,
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  submittedAt: IsoTimestamp,
  outcome: z.enum(['registered', 'confirmed_by_lookup']),
  financeEmail: z.string().max(320).optional(),
  proformaInvoice: z.record(z.string(), z.string()).optional(),
  submittedBy: z.string().max(200).nullish(),
  confirmedDuplicateOf: z.string().max(100).nullish(),
});

export const applySubmission = one(SUBMISSION_KIND, Submission, (input, env) => {
  const transfers = new TransfersRepository(env.db);
  if (!transfers.hasSubmission(env.workspaceId, input.paymentReference, input.submittedAt))
    transfers.recordSubmission(env.workspaceId, { ...input, errorCode: null });
});

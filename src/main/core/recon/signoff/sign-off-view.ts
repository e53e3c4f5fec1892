/** Sign-offs as the contract shows them: each with its unlock, if any, and its drift alerts. */
import type { SignOff } from '../../../../shared/ipc/contract-signoff';
import { AppError } from '../../../../shared/ipc/errors';
import { ReconSignOffDriftRepository, type StoredDrift } from '../../ledger/repositories/recon-signoff-drift';
import { ReconSignOffsRepository, type StoredSignOff } from '../../ledger/repositories/recon-signoffs';
import type { ReconContext } from '../context';

type DriftItem = SignOff['drift'][number];

/** The drift alerts by sign-off, each list newest first (as the repository reads them). */
function driftBySignOff(drift: readonly StoredDrift[]): Map<number, DriftItem[]> {
  const grouped = new Map<number, DriftItem[]>();
  for (const { id, signOffId, paymentReference, field, signedOff, now, detectedAt } of drift) {
    let list = grouped.get(signOffId);
    if (list === undefined) grouped.set(signOffId, (list = []));
    list.push({ id, paymentReference, field, signedOff, now, detectedAt });
  }
  return grouped;
}

export function signOffState(stored: Pick<StoredSignOff, 'needsReview' | 'review'>): SignOff['state'] {
  if (!stored.needsReview) return 'signed_off';
  if (stored.review === null) return 'awaiting_review';
  return stored.review.verdict === 'approved' ? 'signed_off' : 'rejected';
}

function toSignOff(stored: StoredSignOff, drift: ReadonlyMap<number, DriftItem[]>): SignOff {
  const { needsReview: _needsReview, teamChange: _teamChange, teamLogin, ...shown } = stored;
  return { ...shown, state: signOffState(stored), preparer: teamLogin, drift: drift.get(stored.id) ?? [] };
}

/** Newest first; the drift alerts are read once and grouped once. */
export function listSignOffs(context: ReconContext): SignOff[] {
  return context.db
    .transaction(() => {
      const drift = driftBySignOff(new ReconSignOffDriftRepository(context.db).drift(context.workspaceId));
      return new ReconSignOffsRepository(context.db)
        .list(context.workspaceId)
        .map((stored) => toSignOff(stored, drift));
    })
    .deferred();
}

export function signOffNotFound(id: number): AppError {
  return new AppError('not_found', `There is no sign-off ${id} in this workspace.`, {
    issues: [{ field: 'id', problem: 'no such sign-off' }],
  });
}

export function getSignOff(context: ReconContext, id: number): SignOff {
  const stored = new ReconSignOffsRepository(context.db).get(context.workspaceId, id);
  if (stored === undefined) throw signOffNotFound(id);
  const drift = new ReconSignOffDriftRepository(context.db).drift(context.workspaceId, id);
  return toSignOff(stored, driftBySignOff(drift));
}

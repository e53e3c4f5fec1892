/**
 * What the decisions in force say now: the stored matches, the resolutions, and what a person has
 * declined (rejected suggestions, and automatic matches that were undone — an undone automatic
 * match is not proposed again, or the next run would store it right back).
 */
import { RESOLUTION_REASONS } from '../../../shared/ipc/contract-recon';
import type { ReconDecisionsRepository } from '../ledger/repositories/recon-decisions';
import type { StoredMatch } from './explain';
import { matchSignature } from './suggestion-key';

/** payload of auto_match, confirm and manual decisions. */
export interface MatchPayload {
  match: StoredMatch;
  /** bank_lines.id and transfer_requests.id of the match. */
  lines: number[];
  requests: number[];
  /** confirm: the suggestion and the option chosen. */
  key?: string;
  option?: number;
  /** manual: what the person typed, and the warnings shown. */
  note?: string;
  warnings?: string[];
}

/** payload of reject decisions: the suggestion and the signatures of all its options. */
export interface RejectPayload {
  key: string;
  signatures: string[];
}

export { RESOLUTION_REASONS };
export type ResolutionReason = (typeof RESOLUTION_REASONS)[number];

/** payload of resolve decisions. */
export interface ResolvePayload {
  kind: 'line' | 'request';
  /** The item's id when it was resolved, and its row. */
  id: string;
  row: number;
  reasonCode: ResolutionReason;
  note: string;
}

export interface CurrentMatch {
  decisionId: number;
  kind: 'auto_match' | 'confirm' | 'manual';
  payload: MatchPayload;
}

export interface CurrentResolution {
  decisionId: number;
  payload: ResolvePayload;
}

export interface DecisionState {
  matches: CurrentMatch[];
  resolutions: CurrentResolution[];
  /** Signatures (see suggestion-key.ts) never to be stored automatically or offered again. */
  declined: Set<string>;
  /** Suggestion keys rejected, or confirmed, by a decision in force: not listed again. */
  settledKeys: Set<string>;
}

export function loadDecisionState(repo: ReconDecisionsRepository, workspaceId: number): DecisionState {
  const matches = repo.current(workspaceId, 'match').map((decision) => ({
    decisionId: decision.id,
    kind: decision.kind as CurrentMatch['kind'],
    payload: decision.payload as unknown as MatchPayload,
  }));
  const resolutions = repo.current(workspaceId, 'resolution').map((decision) => ({
    decisionId: decision.id,
    payload: decision.payload as unknown as ResolvePayload,
  }));
  return { matches, resolutions, ...loadDeclined(repo, workspaceId) };
}

/** What a person declined (see DecisionState): read without the matches and resolutions in force. */
export function loadDeclined(
  repo: ReconDecisionsRepository,
  workspaceId: number,
): Pick<DecisionState, 'declined' | 'settledKeys'> {
  const declined = new Set<string>();
  const settledKeys = new Set<string>();
  for (const decision of repo.list(workspaceId, ['reject', 'confirm'], 'in_force')) {
    if (decision.kind === 'reject') {
      const payload = decision.payload as unknown as RejectPayload;
      settledKeys.add(payload.key);
      for (const signature of payload.signatures) declined.add(signature);
    } else {
      const key = (decision.payload as unknown as MatchPayload).key;
      if (key !== undefined) settledKeys.add(key);
    }
  }
  for (const decision of repo.list(workspaceId, ['auto_match'], 'undone')) {
    const payload = decision.payload as unknown as MatchPayload;
    declined.add(matchSignature({ lines: payload.lines, requests: payload.requests }));
  }
  return { declined, settledKeys };
}

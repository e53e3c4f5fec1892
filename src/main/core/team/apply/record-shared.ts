/**
 * A team decision recorded on this desktop through the reconciliation's own use cases (a match by
 * hand through manualMatch, a resolution through resolveItem, an undo through undoDecision) or,
 * for the kinds whose use case starts from this desktop's suggestions (automatic match,
 * confirmation, rejection), through recordDecision with the same checks confirm and reject make.
 * The context says who records it: the colleague ('sync', shared no more) or, when a person settles
 * a conflict by taking the other decision, that person (shared as their new decision).
 */
import { AppError } from '../../../../shared/ipc/errors';
import type { ItemRows } from '../../ledger/repositories/recon-decisions';
import type { ReconContext } from '../../recon/context';
import type { MatchPayload, RejectPayload, ResolvePayload } from '../../recon/decision-state';
import type { StoredMatch } from '../../recon/explain';
import { loadAll, loadWorld } from '../../recon/load';
import { matchWords } from '../../recon/match-details';
import { matchedRows, optionRefusal } from '../../recon/option-rule';
import { requireUnlocked } from '../../recon/signoff/locks';
import { recordDecision } from '../../recon/record';
import { resolveItem } from '../../recon/resolve-undo';
import { manualMatch, matchDetails } from '../../recon/review';
import { matchSignature, suggestionKey } from '../../recon/suggestion-key';
import type { ReconLine, ReconRequest } from '../../recon/world';
import type { LineName, RequestName } from '../shared-decision';
import { localRows, waitingFor, type LocalNames } from './local-names';

export interface SharedMatch {
  match: StoredMatch;
  lines: LineName[];
  requests: RequestName[];
  note?: string;
}

export interface SharedResolve {
  kind: 'line' | 'request';
  row: LineName | RequestName;
  reasonCode: ResolvePayload['reasonCode'];
  note: string;
}

export interface SharedReject {
  signatures: { lines: LineName[]; requests: RequestName[] }[];
}

/** What a shared decision is about here: its local rows and the role it holds them in. */
export type Subject =
  | { role: 'match'; lines: ReconLine[]; requests: ReconRequest[] }
  | { role: 'resolution'; lines: ReconLine[]; requests: ReconRequest[] }
  | { role: null; options: ItemRows[] };

export type Located = { subject: Subject } | { waiting: string } | { unknown: true };

export const rowIds = (subject: { lines: ReconLine[]; requests: ReconRequest[] }): ItemRows => ({
  lines: subject.lines.map((line) => line.id),
  requests: subject.requests.map((request) => request.rowId),
});

/** The local rows a decision of this kind names, or why it waits. */
export function locate(names: LocalNames, kind: string, payload: Record<string, unknown>): Located {
  switch (kind) {
    case 'auto_match':
    case 'confirm':
    case 'manual': {
      const shared = payload as unknown as SharedMatch;
      const rows = localRows(names, shared.lines, shared.requests);
      return rows.found === null
        ? { waiting: waitingFor(rows.missing) }
        : { subject: { role: 'match', ...rows.found } };
    }
    case 'resolve': {
      const shared = payload as unknown as SharedResolve;
      const rows =
        shared.kind === 'line'
          ? localRows(names, [shared.row as LineName], [])
          : localRows(names, [], [shared.row as RequestName]);
      return rows.found === null
        ? { waiting: waitingFor(rows.missing) }
        : { subject: { role: 'resolution', ...rows.found } };
    }
    case 'reject': {
      const options: ItemRows[] = [];
      const missing: string[] = [];
      for (const signature of (payload as unknown as SharedReject).signatures) {
        const rows = localRows(names, signature.lines, signature.requests);
        if (rows.found === null) missing.push(...rows.missing);
        else options.push(rowIds(rows.found));
      }
      return missing.length > 0 ? { waiting: waitingFor(missing) } : { subject: { role: null, options } };
    }
    default:
      return { unknown: true };
  }
}

/** Record a located decision of `kind` in `context`; returns the new decision's id. */
export function recordShared(
  context: ReconContext,
  kind: string,
  payload: Record<string, unknown>,
  subject: Subject,
): number {
  if (subject.role === null) return recordReject(context, subject.options);
  if (subject.role === 'resolution') {
    const shared = payload as unknown as SharedResolve;
    const item = subject.lines[0] ?? subject.requests[0]!;
    return resolveItem(context, {
      kind: shared.kind,
      id: item.key,
      reasonCode: shared.reasonCode,
      note: shared.note,
    }).decisionId;
  }
  const shared = payload as unknown as SharedMatch;
  const keys = {
    lineIds: subject.lines.map((line) => line.key),
    requestReferences: subject.requests.map((request) => request.key),
  };
  if (kind === 'manual')
    return manualMatch(context, { ...keys, ...(shared.note ? { note: shared.note } : {}) }).decisionId;
  if (kind !== 'auto_match' && kind !== 'confirm')
    throw new AppError('invalid_input', `A team decision of kind "${kind}" is not a match.`);
  const rows = rowIds(subject);
  return recordDecision(context, () => {
    const { world, state } = loadAll(context);
    const refusal = optionRefusal(world, rows, matchedRows(state), context.lockIndex(), context.format());
    if (refusal !== null) throw refusal.error;
    // The match as the colleague's desktop found it, naming the items by this ledger's ids.
    const match: StoredMatch = { ...shared.match, ...keys };
    const stored: MatchPayload = { match, lines: [...rows.lines], requests: [...rows.requests] };
    return {
      kind,
      action: kind === 'auto_match' ? 'match.automatic' : 'match.confirmed',
      payload: stored as unknown as Record<string, unknown>,
      details: matchDetails(match, world, rows),
      apply: (decisionId, decisions) => decisions.addCurrent(context.workspaceId, decisionId, 'match', rows),
    };
  }).decisionId;
}

function recordReject(context: ReconContext, options: ItemRows[]): number {
  return recordDecision(context, () => {
    const world = loadWorld(context);
    requireUnlocked(
      context.lockIndex(),
      world,
      {
        lines: options.flatMap((option) => option.lines),
        requests: options.flatMap((option) => option.requests),
      },
      context.format(),
    );
    const key = suggestionKey(options);
    const payload: RejectPayload = { key, signatures: options.map(matchSignature) };
    return {
      kind: 'reject',
      action: 'match.rejected',
      payload: payload as unknown as Record<string, unknown>,
      details: {
        suggestionKey: key,
        options: options.map((option) => ({ ...matchWords(world, option) })),
      },
    };
  }).decisionId;
}

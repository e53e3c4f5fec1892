/**
 * Resolving an item (reason code + note) and undoing a decision. An undo is itself a decision: it
 * names the decision it takes back, removes what that decision covered from recon_current, and is
 * audited. A decision is undone at most once, and an undo is not undone (decide again instead).
 * Neither touches a signed-off item (code 'locked').
 */
import { dateText } from '../../../shared/domain/formats';
import type { ChannelInput } from '../../../shared/ipc/contract';
import { AppError, invalidInput } from '../../../shared/ipc/errors';
import type { ItemRows, StoredDecision } from '../ledger/repositories/recon-decisions';
import type { ReconContext } from './context';
import type { MatchPayload, RejectPayload, ResolvePayload } from './decision-state';
import { requireUnlocked } from './signoff/locks';
import { readNamedWorld, readPageWorld } from './page-world';
import { matchWords } from './match-details';
import { recordDecision, type RecordedDecision } from './record';
import type { ReconWorld } from './world';

export function resolveItem(context: ReconContext, input: ChannelInput<'recon:resolve'>): RecordedDecision {
  return recordDecision(context, (repo) => {
    const world =
      input.kind === 'line'
        ? readNamedWorld(context, { lineIds: [input.id], requestReferences: [] })
        : readNamedWorld(context, { lineIds: [], requestReferences: [input.id] });
    const row =
      input.kind === 'line' ? world.lineByKey.get(input.id)?.id : world.requestByKey.get(input.id)?.rowId;
    if (row === undefined) {
      const what = input.kind === 'line' ? 'bank line has the id' : 'transfer request has the reference';
      throw new AppError('not_found', `No ${what} "${input.id}". Nothing was resolved.`, {
        issues: [{ field: 'id', problem: `no ${what} "${input.id}"` }],
      });
    }
    const rows = input.kind === 'line' ? { lines: [row], requests: [] } : { lines: [], requests: [row] };
    requireUnlocked(context.lockIndex(), world, rows, context.format());
    const covered = repo.covered(context.workspaceId, 'resolution', rows);
    const by = [...covered.lines.values(), ...covered.requests.values()][0];
    if (by !== undefined) {
      throw invalidInput('resolution', [
        {
          field: 'id',
          problem: `"${input.id}" is already resolved (decision ${by}); undo that decision to resolve it again`,
        },
      ]);
    }
    const payload: ResolvePayload = {
      kind: input.kind,
      id: input.id,
      row,
      reasonCode: input.reasonCode,
      note: input.note,
    };
    return {
      kind: 'resolve',
      action: 'item.resolved',
      payload: payload as unknown as Record<string, unknown>,
      details: { item: input.kind, id: input.id, reasonCode: input.reasonCode, note: input.note },
      apply: (decisionId, decisions) =>
        decisions.addCurrent(context.workspaceId, decisionId, 'resolution', rows),
    };
  });
}

/** What the undone decision was about, for the audit entry (ids, codes, and the items in words). */
function undoneSummary(
  decision: StoredDecision,
  world: ReconWorld,
): Record<string, string | number | string[] | null> {
  switch (decision.kind) {
    case 'auto_match':
    case 'confirm':
    case 'manual': {
      const { match, lines, requests } = decision.payload as unknown as MatchPayload;
      return {
        rule: match.rule,
        lineIds: match.lineIds,
        requestReferences: match.requestReferences,
        ...matchWords(world, { lines, requests }),
      };
    }
    case 'reject':
      return { suggestionKey: (decision.payload as unknown as RejectPayload).key };
    case 'resolve': {
      const payload = decision.payload as unknown as ResolvePayload;
      return { item: payload.kind, id: payload.id, reasonCode: payload.reasonCode };
    }
    case 'undo':
      return {};
  }
}

/** The rows a decision covers (none for a rejection or an undo). */
function rowsOf(decision: StoredDecision): ItemRows {
  switch (decision.kind) {
    case 'auto_match':
    case 'confirm':
    case 'manual': {
      const { lines, requests } = decision.payload as unknown as MatchPayload;
      return { lines, requests };
    }
    case 'resolve': {
      const { kind, row } = decision.payload as unknown as ResolvePayload;
      return kind === 'line' ? { lines: [row], requests: [] } : { lines: [], requests: [row] };
    }
    default:
      return { lines: [], requests: [] };
  }
}

/** A decision that covers a signed-off item stays until that sign-off is unlocked. */
function requireUndoable(context: ReconContext, target: StoredDecision): void {
  const locks = context.lockIndex();
  const rows = rowsOf(target);
  requireUnlocked(locks, readPageWorld(context, rows.lines, rows.requests), rows, context.format());
  const lock = locks.decisions.get(target.id);
  if (lock !== undefined) {
    throw new AppError(
      'locked',
      `Decision ${target.id} is signed off (as of ${dateText(lock.asOf, context.format())}, sign-off ${lock.signOffId}). Unlock that sign-off first, with a reason.`,
      { decisionId: target.id, signOffId: lock.signOffId, asOf: lock.asOf },
    );
  }
}

export function undoDecision(context: ReconContext, input: ChannelInput<'recon:undo'>): RecordedDecision {
  return recordDecision(context, (repo) => {
    const target = repo.get(context.workspaceId, input.decisionId);
    if (target === undefined) {
      throw new AppError('not_found', `There is no decision ${input.decisionId} in this workspace.`, {
        issues: [{ field: 'decisionId', problem: 'no such decision' }],
      });
    }
    if (target.kind === 'undo') {
      throw invalidInput('undo', [
        {
          field: 'decisionId',
          problem: `decision ${target.id} is an undo, which cannot be undone: make the decision again instead`,
        },
      ]);
    }
    if (target.undoneBy !== null) {
      throw invalidInput('undo', [
        {
          field: 'decisionId',
          problem: `decision ${target.id} was undone already (by decision ${target.undoneBy})`,
        },
      ]);
    }
    requireUndoable(context, target);
    const reason = input.reason.trim();
    if (reason === '') {
      throw invalidInput('undo', [
        { field: 'reason', problem: 'write why the decision is undone: the reason cannot be blank' },
      ]);
    }
    return {
      kind: 'undo',
      action: 'decision.undone',
      undoes: target.id,
      payload: { kind: target.kind, reason },
      details: {
        undoes: target.id,
        undoneKind: target.kind,
        ...undoneSummary(target, readPageWorld(context, rowsOf(target).lines, rowsOf(target).requests)),
        reason,
      },
      apply: (_decisionId, decisions) => decisions.removeCurrent(target.id),
    };
  });
}

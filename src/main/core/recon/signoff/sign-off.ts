/**
 * recon:signoff — sign off the reconciliation as of a date. In one IMMEDIATE transaction: choose
 * what to lock (select.ts), compute the report as of the date with those locks applied, append the
 * audit entry, store the sign-off (with that entry's seq and hash: the chain head, covering
 * everything before), its locked items and the frozen report.
 */
import { dateText, numberText, type FormatPreferences } from '../../../../shared/domain/formats';
import type { ChannelInput, ChannelOutput } from '../../../../shared/ipc/contract';
import { invalidInput } from '../../../../shared/ipc/errors';
import {
  approvedText,
  ReconSignOffsRepository,
  type LockedItem,
} from '../../ledger/repositories/recon-signoffs';
import { appendInTransaction, type AuditEntry } from '../audit/audit-log';
import type { AuditDetails } from '../audit/entry-hash';
import { byName, withLocks, type ReconContext } from '../context';
import { keepItems, ledgerVersion, loadAll } from '../load';
import { reconcileAsOf } from '../report';
import { openSuggestionCount } from '../suggestions-view';
import type { ReconWorld } from '../world';
import { freezeReport } from './frozen-report';
import { openTotals, type OpenTotals } from './open-totals';
import { rowStates, selectLocks, settledDecisions, withSelection, type LockSelection } from './select';
import { getSignOff, signOffState } from './sign-off-view';
import { refuseWhileAwaiting, shareSignOff, teamLogin } from './team-sign-off';

/**
 * A sign-off's audit entry (signed off, unlocked), inside the caller's transaction: by the context's
 * actor, now; its details name the sign-off first and the person (in team mode) last.
 */
export function appendSignOffEntry(
  context: ReconContext,
  action: 'period.signed_off' | 'period.unlocked',
  signOffId: number,
  details: AuditDetails,
): { entry: AuditEntry; actorName: string | null } {
  const actorName = context.actorName();
  const entry = appendInTransaction(context.db, {
    workspaceId: context.workspaceId,
    at: context.now(),
    actor: context.actor,
    action,
    subject: `signoff:${signOffId}`,
    details: { signOffId, ...details, ...byName(actorName) },
  });
  return { entry, actorName };
}

function lockedItems(world: ReconWorld, selection: LockSelection): LockedItem[] {
  return selection.items.map(({ decisionId, kind, row }) => {
    if (kind === 'line')
      return { decisionId, lineId: row, requestId: null, status: null, approvedText: null };
    const request = world.requestByRow.get(row)!;
    return {
      decisionId,
      lineId: null,
      requestId: row,
      status: request.status,
      approvedText: approvedText(request.approved),
    };
  });
}

/** Anything open (or a roll-forward difference) needs the person's explicit acknowledgement. */
function requireAcknowledgement(totals: OpenTotals, acknowledged: boolean, format: FormatPreferences): void {
  if (!totals.needsAcknowledgement || acknowledged) return;
  const open = totals.open.reduce((sum, row) => sum + row.count, 0);
  const parts = [
    ...(open > 0
      ? [`${numberText(open, format)} open ${open === 1 ? 'item stays' : 'items stay'} open`]
      : []),
    ...(totals.suggestions > 0
      ? [`${numberText(totals.suggestions, format)} suggestions are not reviewed`]
      : []),
    ...(totals.differences.length > 0 ? ['the roll-forward shows a difference'] : []),
  ];
  throw invalidInput('sign-off', [
    {
      field: 'acknowledgeOpenItems',
      problem: `as of ${dateText(totals.asOf, format)} ${parts.join(', ')}: review what stays open and acknowledge it to sign off`,
    },
  ]);
}

export function signOff(
  context: ReconContext,
  input: ChannelInput<'recon:signoff'>,
): ChannelOutput<'recon:signoff'> {
  const { db, workspaceId } = context;
  const asOf = input.asOf ?? context.today();
  const note = input.note ?? '';
  if (asOf > context.today()) {
    throw invalidInput('sign-off', [
      { field: 'asOf', problem: `${asOf} is in the future: a period is signed off once it has ended` },
    ]);
  }
  const repo = new ReconSignOffsRepository(db);
  let versions: [string, string] | undefined;
  const id = db
    .transaction((): number => {
      const login = teamLogin(db, workspaceId);
      refuseWhileAwaiting(
        repo.list(workspaceId).find((stored) => signOffState(stored) === 'awaiting_review'),
        context.format(),
      );
      const { world, state } = loadAll(context);
      const locked = context.lockIndex();
      // The states as of the date, read in this transaction: only what is matched or resolved locks.
      const { report: states } = reconcileAsOf(context, world, state, asOf);
      const selection = selectLocks(settledDecisions(world, state), locked, asOf, rowStates(world, states));
      if (selection.items.length === 0) {
        throw invalidInput('sign-off', [
          {
            field: 'asOf',
            problem: `nothing to sign off as of ${dateText(asOf, context.format())}: no match (every item matched) or resolution dated on or before it that another sign-off does not already lock`,
          },
        ]);
      }
      const read = withLocks(context, locked, world);
      requireAcknowledgement(
        openTotals(read, world, state, asOf, openSuggestionCount(read, world, state)),
        input.acknowledgeOpenItems === true,
        context.format(),
      );
      const before = ledgerVersion(context);
      const id = repo.nextId();
      const locks = withSelection(locked, selection, { signOffId: id, asOf });
      const report = freezeReport(withLocks(context, locks, world), world, state, asOf);
      const counts = { lockedRequests: selection.lockedRequests, lockedLines: selection.lockedLines };
      const { entry, actorName } = appendSignOffEntry(context, 'period.signed_off', id, {
        asOf,
        ...counts,
        reportSha256: report.sha256,
        note,
        acknowledgedOpenItems: input.acknowledgeOpenItems === true,
        ...(login === undefined ? {} : { awaitingReview: true }),
      });
      const items = lockedItems(world, selection);
      const teamChange =
        login === undefined
          ? null
          : shareSignOff(db, workspaceId, {
              number: id,
              asOf,
              note,
              signedAt: entry.at,
              actorName,
              ...counts,
              acknowledgedOpenItems: input.acknowledgeOpenItems === true,
              reportSha256: report.sha256,
              reportGzip: report.gzip,
              items,
            });
      repo.insert(
        id,
        {
          workspaceId,
          asOf,
          signedAt: entry.at,
          actor: context.actor,
          actorName,
          note,
          ...counts,
          auditSeq: entry.seq,
          auditHash: entry.hash,
          reportGzip: report.gzip,
          reportSha256: report.sha256,
          needsReview: login !== undefined,
          teamChange,
          teamLogin: login ?? null,
        },
        items,
      );
      versions = [before, ledgerVersion(context)];
      return id;
    })
    .immediate();
  // A sign-off changes no bank line and no request: what was read of them still holds.
  if (versions) keepItems(context, ...versions);
  return { signOff: getSignOff(context, id) };
}

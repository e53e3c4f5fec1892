/**
 * One exchange with the team's database: what waits in the outbox is pushed (a batch at a time;
 * the server keeps each change once, so a push cut off anywhere is simply sent again), then the
 * team's log is pulled from where this desktop stopped, each page checked against the chain before
 * it is kept. A log that does not check out is refused: nothing of it is kept, and the person is
 * told where it parts.
 */
import type pg from 'pg';
import { AppError } from '../../../shared/ipc/errors';
import { beginBulkWrites, type Ledger } from '../ledger/db';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import { applyTeamStatements } from './apply-statements';
import { applyTeamChanges } from './apply/apply-changes';
import { checkChain } from './team-chain';
import { pullChanges, pushChanges } from './team-changes';
import { teamMembers } from './team-members';

const PUSH_BATCH = 5_000;
const PULL_PAGE = 5_000;

export interface ExchangeResult {
  pushed: number;
  pulled: number;
  /** The seq of the last change this desktop holds. */
  head: number;
}

export function notJoined(): AppError {
  return new AppError(
    'not_found',
    'This workspace is not part of a team. Join one with "floatdesk team join --database <url>" or in Settings → Team.',
  );
}

export async function exchange(
  db: Ledger,
  workspaceId: number,
  client: pg.Client,
  where: string,
  now: () => string,
): Promise<ExchangeResult> {
  const replica = new TeamReplicaRepository(db);
  if (replica.link(workspaceId) === undefined) throw notJoined();
  // A desktop back from a month offline pulls tens of thousands of changes: written as a bulk run
  // (a larger page cache for the log's indexes, one checkpoint after instead of one per 1,000 pages).
  const endBulk = beginBulkWrites(db);
  try {
    return await exchangeWith(db, workspaceId, client, where, now);
  } finally {
    endBulk();
  }
}

async function exchangeWith(
  db: Ledger,
  workspaceId: number,
  client: pg.Client,
  where: string,
  now: () => string,
): Promise<ExchangeResult> {
  const replica = new TeamReplicaRepository(db);
  let pushed = 0;
  for (;;) {
    const waiting = replica.waiting(workspaceId, PUSH_BATCH);
    if (waiting.length === 0) break;
    const seqs = await pushChanges(client, waiting, where);
    replica.markPushed(workspaceId, seqs);
    pushed += waiting.length;
  }
  let pulled = 0;
  for (;;) {
    const link = replica.link(workspaceId)!;
    const page = await pullChanges(client, link.pulledSeq, PULL_PAGE, where);
    if (page.length === 0) break;
    const checked = checkChain({ seq: link.pulledSeq, hash: link.pulledHash }, page);
    if (!checked.ok)
      throw new AppError(
        'ledger_corrupt',
        `The team's log at ${where} does not check out: change ${checked.seq} ${checked.problem}. Nothing more was taken from the team; tell your team's administrator.`,
        { seq: checked.seq },
      );
    replica.appendLog(workspaceId, page);
    pulled += page.length;
  }
  // Statements first: a colleague's match names lines of a statement.
  await applyTeamStatements(db, workspaceId, now);
  // Colleagues' changes, in the team's order, through this desktop's reconciliation.
  applyTeamChanges(db, workspaceId, now, { pushed: pushed > 0 });
  replica.exchanged(workspaceId, now(), await teamMembers(client, where));
  return { pushed, pulled, head: replica.link(workspaceId)!.pulledSeq };
}

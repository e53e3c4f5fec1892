/**
 * One exchange with the team's database: what waits in the outbox is pushed (a batch at a time;
 * the server keeps each change once, so a push cut off anywhere is simply sent again), then the
 * team's log is pulled from where this desktop stopped, each page checked against the chain before
 * it is kept. A log that does not check out is refused: nothing of it is kept, and the person is
 * told where it parts.
 */
import type pg from 'pg';
import { AppError } from '../../../shared/ipc/errors';
import { beginBulkWrites, unsyncedWrite, type Ledger } from '../ledger/db';
import {
  TeamReplicaRepository,
  type LoggedChange,
  type OutboxChange,
} from '../ledger/repositories/team-replica';
import { TeamPushedRepository, type OwnRun } from '../ledger/repositories/team-pushed';
import { applyTeamStatements } from './apply-statements';
import { applyTeamChanges } from './apply/apply-changes';
import { checkChain } from './team-chain';
import {
  pullChanges,
  pushBatch,
  pushChangesStamped,
  type PushBatch,
  type PushedChange,
  type TeamChange,
  type TeamHead,
} from './team-changes';
import { teamMembers } from './team-members';
import { teamSchemaStep } from './team-schema';

const PUSH_BATCH = 5_000;
/**
 * Changes pulled (and kept) per page. Each commit writes again every page of team_log's index on the
 * change id that it touched, and random ids touch nearly all of them: 100,000 changes kept 5,000 at a
 * time wrote about 130 MB of WAL here, 20,000 at a time about 90 MB. Two pages are in memory at once
 * (one kept, the next asked for), some 20 MB each.
 */
const PULL_PAGE = 20_000;

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

/**
 * Push the outbox a batch at a time. The next batch goes out as soon as the server has answered the
 * one before (so the team's order is still the order the changes were made in), and that answer is
 * kept here while the server works on the next: each change's seq in the outbox, and the changes
 * themselves for the team's log (OwnChanges). Returns how many were pushed.
 */
async function pushOutbox(
  db: Ledger,
  workspaceId: number,
  client: pg.Client,
  where: string,
): Promise<number> {
  const replica = new TeamReplicaRepository(db);
  const own = new OwnChanges(db, workspaceId);
  const pushedRepository = new TeamPushedRepository(db);
  // The batch after the one the server works on is read, and written out for the server, meanwhile:
  // once an answer comes, the next batch goes out at once, and the answer is kept after.
  const ahead = (after: readonly OutboxChange[]): PushBatch<OutboxChange> =>
    pushBatch(after.length === 0 ? [] : replica.waiting(workspaceId, PUSH_BATCH, after.at(-1)!.row), client);
  let pushed = 0;
  let batch: readonly OutboxChange[] = replica.waiting(workspaceId, PUSH_BATCH);
  let answered = batch.length > 0 ? pushChangesStamped(client, batch, where) : undefined;
  let next = ahead(batch);
  while (answered !== undefined) {
    const answer = await answered;
    answered = next.changes.length > 0 ? pushChangesStamped(client, next, where) : undefined;
    // Awaited in the next round; a failure to keep this answer must not leave it unheard.
    answered?.catch(() => undefined);
    const sent = new Map(batch.map((change) => [change.id, change]));
    const places = answer.flatMap((change) => {
      const made = sent.get(change.id);
      return made === undefined ? [] : [{ row: made.row, seq: change.seq }];
    });
    const following = own.take(sent, answer);
    keptUnsynced(db, () => pushedRepository.keep(workspaceId, places, following));
    pushed += batch.length;
    batch = next.changes;
    next = ahead(batch);
  }
  return pushed;
}

/**
 * This desktop's own pushed changes, for the team's log, from the answers to its pushes: taken while
 * they follow on from the change it pulled last, carry the stamp of one push (one login, one time)
 * and their chain checks out (as a pulled page's must), and kept with each answer, while the server
 * works on the next batch (time-ordered change ids land at the end of team_log's change-id index, so
 * a commit per batch costs little; kept a page at a time, the last page was written after the last
 * answer, with the server idle). Once one does not follow on (others pushed in between, or a team
 * database before schema 3), none after it does: the pull brings them, with the others', as before.
 */
class OwnChanges {
  /** Where the changes taken end: the log's head at first. */
  private head: TeamHead | undefined;

  constructor(
    private readonly db: Ledger,
    private readonly workspaceId: number,
  ) {}

  /** The answered changes that follow on, checked, as a run of outbox rows (none once one does not). */
  take(sent: ReadonlyMap<string, OutboxChange>, answer: readonly PushedChange[]): OwnRun | undefined {
    if (this.head === undefined) {
      const link = new TeamReplicaRepository(this.db).link(this.workspaceId)!;
      this.head = { seq: link.pulledSeq, hash: link.pulledHash };
    }
    const head = this.head;
    const following: (LoggedChange & { row: number })[] = [];
    for (const change of [...answer].sort((a, b) => a.seq - b.seq)) {
      if (change.seq <= head.seq) continue;
      const made = sent.get(change.id);
      if (
        change.seq !== head.seq + following.length + 1 ||
        made === undefined ||
        change.stamp === undefined ||
        (following.length > 0 &&
          (change.stamp.actor !== following[0]!.actor ||
            change.stamp.receivedAt !== following[0]!.receivedAt))
      )
        break;
      // Literals of one shape (spreads made them slow to build and to hash): 100,000 a push.
      const { row, id, kind, subject, payload, madeAt } = made;
      const { actor, receivedAt, prevHash, hash } = change.stamp;
      following.push({
        row,
        id,
        kind,
        subject,
        payload,
        madeAt,
        seq: change.seq,
        actor,
        receivedAt,
        prevHash,
        hash,
      });
    }
    const checked = checkChain(head, following);
    if (following.length === 0 || !checked.ok) return undefined;
    this.head = checked.head;
    const first = following[0]!;
    return {
      rows: following.map((change) => change.row),
      firstSeq: first.seq,
      actor: first.actor,
      receivedAt: first.receivedAt,
      hashes: head.hash + following.map((change) => change.hash).join(''),
    };
  }
}

/**
 * What an exchange keeps of the server's (its log, the places its pushes were given) can be had from
 * the server again: written without a disk sync of its own (one a page). The exchange's last write
 * (replica.exchanged) syncs, and in WAL mode that covers every page written before it; a power cut
 * before then loses only pages the next exchange takes again (a push answered again, the same seqs).
 */
function keptUnsynced(db: Ledger, write: () => void): void {
  unsyncedWrite(db, write);
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
  const pushed = await pushOutbox(db, workspaceId, client, where);
  let pulled = 0;
  const link = replica.link(workspaceId)!;
  let head: TeamHead = { seq: link.pulledSeq, hash: link.pulledHash };
  // After this desktop's own changes went out, what waited for them is tried again (the first time).
  let retryWaiting = pushed > 0;
  const applyKept = async (kept?: readonly TeamChange[]): Promise<void> => {
    // Statements first: a colleague's match names lines of a statement.
    await applyTeamStatements(db, workspaceId, now);
    // Colleagues' changes, in the team's order, through this desktop's reconciliation (the page
    // just kept as pulled, not read back from the log).
    applyTeamChanges(db, workspaceId, now, { pushed: retryWaiting, kept });
    retryWaiting = false;
  };
  let asked = pullChanges(client, head.seq, PULL_PAGE, where);
  for (;;) {
    const page = await asked;
    if (page.length === 0) break;
    // The next page is asked for before this one is checked and kept: the server reads it meanwhile.
    // Nothing of it is kept before the chain up to it has checked out.
    asked = pullChanges(client, page.at(-1)!.seq, PULL_PAGE, where);
    asked.catch(() => undefined);
    const checked = checkChain(head, page);
    if (!checked.ok)
      throw new AppError(
        'ledger_corrupt',
        `The team's log at ${where} does not check out: change ${checked.seq} ${checked.problem}. Nothing more was taken from the team; tell your team's administrator.`,
        { seq: checked.seq },
      );
    keptUnsynced(db, () => replica.appendLog(workspaceId, page));
    head = checked.head;
    pulled += page.length;
    // Applied while the server reads the next page, as an exchange that pulled up to here would.
    await applyKept(page);
  }
  if (pulled === 0) await applyKept();
  replica.exchanged(workspaceId, now(), {
    members: await teamMembers(client, where),
    teamSchema: await teamSchemaStep(client, where),
  });
  return { pushed, pulled, head: replica.link(workspaceId)!.pulledSeq };
}

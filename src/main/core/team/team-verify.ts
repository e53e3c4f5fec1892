/**
 * `floatdesk audit verify` for a workspace in a team: the team's log this desktop holds is checked
 * link by link, then compared with the server's, change by change, up to where this desktop has
 * pulled; the answer says where they part, or how far they agree and how much is still to take.
 */
import { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import { TeamReplicaRepository, type LoggedChange } from '../ledger/repositories/team-replica';
import { checkChain } from './team-chain';
import { GENESIS_HASH, pullChanges, teamHead } from './team-changes';
import { connectTeam, teamWhere } from './team-connection';

const PAGE = 1000;

export interface TeamLogVerdict {
  line: string;
  intact: boolean;
}

function* localPages(replica: TeamReplicaRepository, workspaceId: number): Generator<LoggedChange[]> {
  for (let after = 0; ;) {
    const page = replica.log(workspaceId, after, PAGE);
    if (page.length === 0) return;
    yield page;
    after = page.at(-1)!.seq;
  }
}

/** The local copy of the team's log, checked: undefined when the chain holds. */
function localBreak(replica: TeamReplicaRepository, workspaceId: number): string | undefined {
  let previous = { seq: 0, hash: GENESIS_HASH };
  for (const page of localPages(replica, workspaceId)) {
    const checked = checkChain(previous, page);
    if (!checked.ok)
      return `The team's log on this desktop is broken at change ${checked.seq}: it ${checked.problem}.`;
    previous = checked.head;
  }
  return undefined;
}

/** Undefined when the ledger's workspace is in no team. */
export async function verifyTeamLog(
  db: Ledger,
  password: string | undefined,
): Promise<TeamLogVerdict | undefined> {
  const replica = new TeamReplicaRepository(db);
  const [joined] = replica.links();
  if (joined === undefined) return undefined;
  const { workspaceId, link } = joined;
  const broken = localBreak(replica, workspaceId);
  if (broken !== undefined) return { line: broken, intact: false };
  const held = `The team's log on this desktop checks out (${link.pulledSeq} changes)`;
  if (typeof password !== 'string')
    return {
      line: `${held}; not compared with the server (set FLOATDESK_TEAM_PASSWORD to compare).`,
      intact: true,
    };
  const where = teamWhere(link.databaseUrl);
  let client;
  try {
    client = await connectTeam({ url: link.databaseUrl, password });
  } catch (error) {
    if (error instanceof AppError && error.code === 'offline')
      return {
        line: `${held}; the team database at ${where} could not be reached to compare.`,
        intact: true,
      };
    throw error;
  }
  try {
    for (const page of localPages(replica, workspaceId)) {
      const theirs = new Map(
        (await pullChanges(client, page[0]!.seq - 1, page.length, where)).map((change) => [
          change.seq,
          change.hash,
        ]),
      );
      const parted = page.find((change) => theirs.get(change.seq) !== change.hash);
      if (parted !== undefined)
        return {
          line: `The team's log on this desktop parts from the server's (${where}) at change ${parted.seq}: ${theirs.has(parted.seq) ? 'the server holds another change there' : 'the server no longer holds it'}.`,
          intact: false,
        };
    }
    const head = await teamHead(client, where);
    const ahead = head.seq - link.pulledSeq;
    return {
      line:
        ahead > 0
          ? `${held} and agrees with the server's (${where}); the server holds ${ahead} more not taken yet (floatdesk team sync).`
          : `${held} and agrees with the server's head (${where}, change ${head.seq}).`,
      intact: true,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The team's change log on the server: push a desktop's changes (each once, whatever happens to the
 * connection: a change the server holds already answers its seq again), pull the others' in the
 * server's order, and the log's head for the audit chain.
 */
import type pg from 'pg';
import { AppError } from '../../../shared/ipc/errors';
import { textArrayLiteral } from './team-array-literal';
import { teamError } from './team-errors';

export interface OutgoingChange {
  /** A UUID the desktop gives the change when it is made: the same change pushed twice is kept once. */
  id: string;
  kind: string;
  /** What the change is about (a bank line's id, a sign-off), so conflicts and reviews find it. */
  subject: string;
  /** Canonical JSON text: hashed as it is. */
  payload: string;
  /** When the person made it, UTC ISO 8601 with milliseconds. */
  madeAt: string;
}

export interface TeamChange extends OutgoingChange {
  seq: number;
  /** The login the server stamped: who really made it. */
  actor: string;
  receivedAt: string;
  prevHash: string;
  hash: string;
}

export interface TeamHead {
  seq: number;
  hash: string;
}

/** A pulled row as an array (no object per row from pg: the change is the one object made). */
type ChangeRow = [
  seq: string,
  changeId: string,
  kind: string,
  subject: string,
  payload: string,
  actor: string,
  madeAt: string,
  receivedAt: string,
  prevHash: string,
  hash: string,
];

const toChange = ([
  seq,
  id,
  kind,
  subject,
  payload,
  actor,
  madeAt,
  receivedAt,
  prevHash,
  hash,
]: ChangeRow): TeamChange => ({
  seq: Number(seq),
  id,
  kind,
  subject,
  payload,
  actor,
  madeAt,
  receivedAt,
  prevHash,
  hash,
});

/**
 * What the server answered for one pushed change: its seq, and (from team schema 3) what it stamped
 * on it and its place in the chain, so the desktop that pushed can keep it in the team's log without
 * pulling it back. `stamp` is undefined from a team database not brought up to schema 3 yet.
 */
export interface PushedChange {
  id: string;
  seq: number;
  stamp: Pick<TeamChange, 'actor' | 'receivedAt' | 'prevHash' | 'hash'> | undefined;
}

interface PushedRow {
  change_id: string;
  seq: string;
  actor?: string;
  received_at?: string;
  prev_hash?: string;
  hash?: string;
}

/** A batch of changes as the server takes it (written out ahead: see pushOutbox in team-exchange.ts). */
export interface PushBatch<T extends OutgoingChange = OutgoingChange> {
  changes: readonly T[];
  /**
   * Their ids, kinds, subjects, payloads and times, each column as a PostgreSQL array literal; null
   * when made for a connection that pushes as JSON (a team database before schema 4).
   */
  columns: readonly string[] | null;
}

export function pushBatch<T extends OutgoingChange>(changes: readonly T[], client?: pg.Client): PushBatch<T> {
  if (client !== undefined && JSON_ONLY.has(client)) return { changes, columns: null };
  const column = (field: (change: T) => string): string => textArrayLiteral(changes.map(field));
  return {
    changes,
    columns: [
      column((change) => change.id),
      column((change) => change.kind),
      column((change) => change.subject),
      column((change) => change.payload),
      column((change) => change.madeAt),
    ],
  };
}

/** push_change_columns' one row (team schema 4). */
interface ColumnsAnswer {
  first_seq: string | null;
  seqs: string[] | null;
  actor: string;
  received_at: string;
  prev_hash: string | null;
  hashes: string | null;
}

/** Connections to a team database before schema 4, which takes pushes as JSON only. */
const JSON_ONLY = new WeakSet<pg.Client>();
const UNDEFINED_FUNCTION = '42883';

/**
 * Push changes in one transaction; returns each change's seq and stamp, in the order given. A team
 * database before schema 4 is sent them as JSON (push_changes), as earlier versions did.
 */
export async function pushChangesStamped(
  client: pg.Client,
  changes: readonly OutgoingChange[] | PushBatch,
  where: string,
): Promise<PushedChange[]> {
  const batch = 'columns' in changes ? changes : pushBatch(changes, client);
  if (batch.changes.length === 0) return [];
  try {
    if (!JSON_ONLY.has(client)) {
      try {
        const answer = await client.query<ColumnsAnswer>(
          'SELECT * FROM floatdesk_team.push_change_columns($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])',
          [...(batch.columns ?? pushBatch(batch.changes).columns!)],
        );
        return fromColumns(batch.changes, answer.rows[0], where);
      } catch (error) {
        if ((error as { code?: unknown }).code !== UNDEFINED_FUNCTION) throw error;
        JSON_ONLY.add(client);
      }
    }
    return await pushAsJson(client, batch.changes);
  } catch (error) {
    throw teamError(error, where);
  }
}

/** The one row of push_change_columns as a seq (and, when all were new, a stamp) per change. */
function fromColumns(
  changes: readonly OutgoingChange[],
  answer: ColumnsAnswer | undefined,
  where: string,
): PushedChange[] {
  const malformed = (): AppError =>
    new AppError(
      'malformed_response',
      `The team database at ${where} answered a push without the places of its changes: tell your team's administrator.`,
    );
  if (answer === undefined) throw malformed();
  if (answer.first_seq === null) {
    // Some had been received before: seqs only (the pull brings what this desktop has not got).
    const seqs = answer.seqs ?? [];
    if (seqs.length !== changes.length) throw malformed();
    return changes.map((change, index) => ({ id: change.id, seq: Number(seqs[index]), stamp: undefined }));
  }
  const { actor, received_at: receivedAt, prev_hash: firstPrev, hashes } = answer;
  if (firstPrev === null || hashes === null || hashes.length !== changes.length * HASH_LENGTH)
    throw malformed();
  const first = Number(answer.first_seq);
  const hashAt = (index: number): string => hashes.slice(index * HASH_LENGTH, (index + 1) * HASH_LENGTH);
  return changes.map((change, index) => ({
    id: change.id,
    seq: first + index,
    stamp: { actor, receivedAt, prevHash: index === 0 ? firstPrev : hashAt(index - 1), hash: hashAt(index) },
  }));
}

const HASH_LENGTH = 64;

async function pushAsJson(client: pg.Client, changes: readonly OutgoingChange[]): Promise<PushedChange[]> {
  // Every column the server answers: a database still at schema 2 answers change_id and seq only.
  const sent = changes.map(({ id, kind, subject, payload, madeAt }) => ({
    id,
    kind,
    subject,
    payload,
    madeAt,
  }));
  const answer = await client.query<PushedRow>('SELECT * FROM floatdesk_team.push_changes($1::jsonb)', [
    JSON.stringify(sent),
  ]);
  return answer.rows.map((row) => ({
    id: row.change_id,
    seq: Number(row.seq),
    stamp:
      row.actor === undefined ||
      row.received_at === undefined ||
      row.prev_hash === undefined ||
      row.hash === undefined
        ? undefined
        : { actor: row.actor, receivedAt: row.received_at, prevHash: row.prev_hash, hash: row.hash },
  }));
}

/** Push changes in one transaction; returns each change's seq, in the order given. */
export async function pushChanges(
  client: pg.Client,
  changes: readonly OutgoingChange[],
  where: string,
): Promise<Map<string, number>> {
  const pushed = await pushChangesStamped(client, changes, where);
  return new Map(pushed.map((change) => [change.id, change.seq]));
}

/** Changes after `afterSeq`, in the server's order, at most `limit`. */
export async function pullChanges(
  client: pg.Client,
  afterSeq: number,
  limit: number,
  where: string,
): Promise<TeamChange[]> {
  try {
    const answer = await client.query<ChangeRow>({
      text: `SELECT seq, change_id, kind, subject, payload, actor, made_at, received_at, prev_hash, hash
               FROM floatdesk_team.changes WHERE seq > $1 ORDER BY seq LIMIT $2`,
      values: [afterSeq, limit],
      rowMode: 'array',
    });
    return answer.rows.map(toChange);
  } catch (error) {
    throw teamError(error, where);
  }
}

/** The last change's seq and hash; seq 0 and the zero hash for an empty log. */
export async function teamHead(client: pg.Client, where: string): Promise<TeamHead> {
  try {
    const answer = await client.query<{ seq: string; hash: string }>(
      'SELECT seq, hash FROM floatdesk_team.changes ORDER BY seq DESC LIMIT 1',
    );
    const row = answer.rows[0];
    return row === undefined ? { seq: 0, hash: GENESIS_HASH } : { seq: Number(row.seq), hash: row.hash };
  } catch (error) {
    throw teamError(error, where);
  }
}

export const GENESIS_HASH = '0'.repeat(64);

/** Calls `onChange` with the newest seq each time someone pushes (LISTEN/NOTIFY); on this connection. */
export async function listenForChanges(
  client: pg.Client,
  onChange: (seq: number) => void,
  where: string,
): Promise<void> {
  client.on('notification', (message) => {
    if (message.channel === 'floatdesk_team') onChange(Number(message.payload));
  });
  try {
    await client.query('LISTEN floatdesk_team');
  } catch (error) {
    throw teamError(error, where);
  }
}

/**
 * The team's change log on the server: push a desktop's changes (each once, whatever happens to the
 * connection: a change the server holds already answers its seq again), pull the others' in the
 * server's order, and the log's head for the audit chain.
 */
import type pg from 'pg';
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

/** A batch of changes as push_changes takes it (written out ahead: see pushOutbox in team-exchange.ts). */
export interface PushBatch<T extends OutgoingChange = OutgoingChange> {
  changes: readonly T[];
  /** The JSON array the server is sent. */
  text: string;
}

export function pushBatch<T extends OutgoingChange>(changes: readonly T[]): PushBatch<T> {
  // Every column the server answers: a database still at schema 2 answers change_id and seq only.
  const sent = changes.map(({ id, kind, subject, payload, madeAt }) => ({
    id,
    kind,
    subject,
    payload,
    madeAt,
  }));
  return { changes, text: JSON.stringify(sent) };
}

/** Push changes in one transaction; returns each change's seq and stamp, in the order given. */
export async function pushChangesStamped(
  client: pg.Client,
  changes: readonly OutgoingChange[] | PushBatch,
  where: string,
): Promise<PushedChange[]> {
  const batch = 'text' in changes ? changes : pushBatch(changes);
  if (batch.changes.length === 0) return [];
  try {
    const answer = await client.query<PushedRow>('SELECT * FROM floatdesk_team.push_changes($1::jsonb)', [
      batch.text,
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
  } catch (error) {
    throw teamError(error, where);
  }
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

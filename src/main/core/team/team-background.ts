/**
 * The team exchange running by itself while a joined workspace is open in an interactive shell: one
 * connection to the team's database LISTENs for colleagues' pushes, and an exchange runs when a
 * change is queued here (a cheap nudge after each call), when the server says someone pushed, on a
 * timer as a fallback, and on reconnecting after being offline (with a growing pause between tries).
 * Exchanges run one at a time; asks that come while one runs are folded into one more. Offline is a
 * normal state: the desktop keeps working and the state says why in plain words.
 */
import type pg from 'pg';
import { AppError } from '../../../shared/ipc/errors';
import type { Ledger } from '../ledger/db';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import { listenForChanges } from './team-changes';
import { connectTeam, teamWhere } from './team-connection';
import { teamError } from './team-errors';
import { exchange, notJoined, type ExchangeResult } from './team-exchange';

export interface TeamBackgroundOptions {
  db: Ledger;
  workspaceId: number;
  now: () => string;
  /** The kept team password, if any (never logged, never answered to the renderer). */
  password: () => string | undefined;
  /** Colleagues' changes arrived (pulled > 0) or online/offline changed. */
  onChanged: (change: { pulled: number; online: boolean }) => void;
  /** How often to exchange anyway while connected (a missed NOTIFY is caught up here). */
  fallbackMs?: number;
  /** The first pause before reconnecting; it doubles after each failed try up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface TeamLinkState {
  /** Running here at all (an interactive shell with a joined workspace and a kept password). */
  running: boolean;
  online: boolean;
  /** Why it is offline or what the last exchange met, in plain words; null when all is well. */
  reason: string | null;
}

export const NO_PASSWORD_KEPT =
  'No team password is kept on this desktop: enter it in Settings → Team to exchange changes with the team.';

export class TeamBackground {
  readonly #options: TeamBackgroundOptions;
  readonly #replica: TeamReplicaRepository;
  #stopped = true;
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  /** Exchanges run one after another on this chain. */
  #turn: Promise<unknown> = Promise.resolve();
  /** An exchange is asked for and not started yet: further asks fold into it. */
  #asked = false;
  #online = false;
  #reason: string | null = null;
  #failure: AppError | undefined;
  #retryMs: number;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #fallbackTimer: ReturnType<typeof setInterval> | undefined;
  #nudged = false;

  constructor(options: TeamBackgroundOptions) {
    this.#options = options;
    this.#replica = new TeamReplicaRepository(options.db);
    this.#retryMs = options.firstRetryMs ?? 500;
  }

  state(): TeamLinkState {
    return { running: !this.#stopped, online: this.#online, reason: this.#reason };
  }

  /** Start (or start again with a password entered since). Does nothing for a workspace in no team. */
  start(): void {
    this.#stopped = false;
    this.#retryMs = this.#options.firstRetryMs ?? 500;
    this.#fallbackTimer ??= setInterval(() => {
      if (this.#client !== undefined) this.#ask();
    }, this.#options.fallbackMs ?? 30_000);
    this.#fallbackTimer.unref?.();
    void this.#drop().then(() => this.#connect());
  }

  /** After any call: if changes wait to go out, exchange soon (asks in the same tick are folded). */
  nudge(): void {
    if (this.#stopped || this.#client === undefined || this.#nudged) return;
    this.#nudged = true;
    setImmediate(() => {
      this.#nudged = false;
      if (this.#stopped || !this.#options.db.open) return;
      if (this.#replica.waitingCount(this.#options.workspaceId) > 0) this.#ask();
    });
  }

  /** "Exchange now": connects first if needed; the failure, if any, is thrown as the person's sentence. */
  async exchangeNow(): Promise<ExchangeResult> {
    if (this.#replica.link(this.#options.workspaceId) === undefined) throw notJoined();
    if (this.#stopped) throw new AppError('offline', this.#reason ?? NO_PASSWORD_KEPT);
    if (this.#client === undefined) await this.#connect();
    if (this.#client === undefined)
      throw this.#failure ?? new AppError('offline', this.#reason ?? NO_PASSWORD_KEPT);
    return this.#exclusive(() => this.#exchangeOnce());
  }

  /** Stop: no timer, no socket, no exchange left running (waits for one in progress to end). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#fallbackTimer !== undefined) clearInterval(this.#fallbackTimer);
    this.#fallbackTimer = undefined;
    this.#clearRetry();
    await this.#connecting;
    await this.#turn.catch(() => undefined);
    await this.#drop();
    this.#online = false;
  }

  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(work, work);
    this.#turn = run.catch(() => undefined);
    return run;
  }

  #ask(): void {
    if (this.#asked) return;
    this.#asked = true;
    void this.#exclusive(async () => {
      this.#asked = false;
      if (this.#stopped || this.#client === undefined) return;
      await this.#exchangeOnce().catch(() => undefined);
    });
  }

  async #exchangeOnce(): Promise<ExchangeResult> {
    const client = this.#client;
    const link = this.#replica.link(this.#options.workspaceId);
    if (client === undefined || link === undefined) throw notJoined();
    const where = teamWhere(link.databaseUrl);
    try {
      const result = await exchange(
        this.#options.db,
        this.#options.workspaceId,
        client,
        where,
        this.#options.now,
      );
      const wasWell = this.#reason === null;
      this.#reason = null;
      if (result.pulled > 0 || !wasWell) this.#changed(result.pulled);
      return result;
    } catch (error) {
      const failure = teamError(error, where);
      if (failure.code === 'offline' || failure.code === 'auth_failed') this.#lose(client, failure);
      else {
        this.#reason = failure.message;
        this.#changed(0);
      }
      throw failure;
    }
  }

  #connect(): Promise<void> {
    this.#connecting ??= this.#connectOnce().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #connectOnce(): Promise<void> {
    this.#clearRetry();
    if (this.#stopped || this.#client !== undefined) return;
    const link = this.#replica.link(this.#options.workspaceId);
    if (link === undefined) return;
    const kept = this.#options.password();
    if (kept === undefined) {
      this.#settle(false, NO_PASSWORD_KEPT);
      return;
    }
    const where = teamWhere(link.databaseUrl);
    let client: pg.Client | undefined;
    try {
      client = await connectTeam({ url: link.databaseUrl, password: kept });
      const connected = client;
      connected.on('end', () => this.#lose(connected, teamError(new Error('Connection terminated'), where)));
      await listenForChanges(
        connected,
        (seq) => {
          const known = this.#replica.link(this.#options.workspaceId)?.pulledSeq ?? 0;
          if (!(seq <= known)) this.#ask();
        },
        where,
      );
      if (this.#stopped) {
        await connected.end().catch(() => undefined);
        return;
      }
      this.#client = connected;
      this.#failure = undefined;
      this.#retryMs = this.#options.firstRetryMs ?? 500;
      this.#settle(true, null);
      this.#ask();
    } catch (error) {
      await client?.end().catch(() => undefined);
      this.#lose(undefined, teamError(error, where));
    }
  }

  /** The connection is gone (or never came): offline with the reason, and try again later. */
  #lose(client: pg.Client | undefined, failure: AppError): void {
    if (client !== undefined && client !== this.#client) return;
    if (client !== undefined) {
      this.#client = undefined;
      void client.end().catch(() => undefined);
    }
    this.#failure = failure;
    this.#settle(false, failure.message);
    // A refused password stays refused: wait for the person to enter it again.
    if (this.#stopped || failure.code === 'auth_failed' || this.#retryTimer !== undefined) return;
    const pause = this.#retryMs;
    this.#retryMs = Math.min(pause * 2, this.#options.maxRetryMs ?? 15_000);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      void this.#connect();
    }, pause);
    this.#retryTimer.unref?.();
  }

  #settle(online: boolean, reason: string | null): void {
    const changed = online !== this.#online || reason !== this.#reason;
    this.#online = online;
    this.#reason = reason;
    if (changed) this.#changed(0);
  }

  #changed(pulled: number): void {
    if (this.#stopped) return;
    this.#options.onChanged({ pulled, online: this.#online });
  }

  #clearRetry(): void {
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }

  async #drop(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (client !== undefined) await client.end().catch(() => undefined);
  }
}

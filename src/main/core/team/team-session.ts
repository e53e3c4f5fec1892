/**
 * Team mode for one open workspace: the team password kept like the platform secret (a slot the
 * host keeps per workspace: encrypted by the OS secret store in the Electron shell, in memory for
 * the session elsewhere), and the exchange running by itself once an interactive shell asks for
 * background work. The CLI gives the password with each call and runs no background exchange.
 */
import type { TeamOverview, TeamStatus } from '../../../shared/ipc/contract-team';
import { AppError } from '../../../shared/ipc/errors';
import { TeamAppliedRepository } from '../ledger/repositories/team-applied';
import { TeamConflictsRepository } from '../ledger/repositories/team-conflicts';
import { TeamReplicaRepository } from '../ledger/repositories/team-replica';
import type { SecretSlot } from '../workspace/credential-slot';
import { NO_PASSWORD_KEPT, TeamBackground } from './team-background';
import { TEAM_SCHEMA_VERSION } from './server';
import { teamWhere } from './team-connection';
import { notJoined, type ExchangeResult } from './team-exchange';
import type { TeamRole } from './team-members';
import { joinTeam, syncTeam, teamStatus, type TeamPlace } from './team-service';

/** Reasons colleagues' changes wait that Settings → Team lists; the rest it counts. */
const WAITING_REASONS_SHOWN = 10;

const NOT_HERE =
  'This FloatDesk does not exchange changes by itself (only the app window does): use Exchange now.';

export class TeamSession {
  readonly #place: TeamPlace;
  readonly #password: SecretSlot<string>;
  readonly #background: TeamBackground;
  #interactive = false;

  constructor(
    place: TeamPlace,
    password: SecretSlot<string>,
    onChanged: (change: { pulled: number; online: boolean }) => void,
    timing: { fallbackMs?: number; firstRetryMs?: number; maxRetryMs?: number } = {},
  ) {
    this.#place = place;
    this.#password = password;
    this.#background = new TeamBackground({
      ...place,
      ...timing,
      password: () => password.current(),
      onChanged,
    });
  }

  /** An interactive shell: exchange by itself from now on (when joined, with a password kept). */
  startBackground(): void {
    this.#interactive = true;
    if (this.#joined()) this.#background.start();
  }

  /** A call just ended: changes it queued go out soon. */
  nudge(): void {
    this.#background.nudge();
  }

  async join(
    database: string,
    password: string,
  ): Promise<ExchangeResult & { login: string; role: TeamRole; database: string }> {
    const joined = await joinTeam(this.#place, database, password);
    // Kept only once the server took it: a mistyped password is never saved.
    await this.#password.enter(password);
    if (this.#interactive) this.#background.start();
    return joined;
  }

  async sync(password: string | undefined): Promise<ExchangeResult> {
    if (!this.#joined()) throw notJoined();
    // One exchange at a time: the running background does it (with the kept password).
    if (this.#background.state().running) return this.#background.exchangeNow();
    const given = password ?? this.#password.current();
    if (given === undefined) throw noPassword();
    return syncTeam(this.#place, given);
  }

  async status(password: string | undefined): Promise<TeamStatus> {
    const state = this.#background.state();
    if (password === undefined && state.running)
      return { ...(await teamStatus(this.#place, undefined)), online: state.online };
    // Without a password and without the background exchange (the CLI), the server is not asked.
    return teamStatus(this.#place, password);
  }

  overview(): TeamOverview {
    const replica = new TeamReplicaRepository(this.#place.db);
    const { workspaceId } = this.#place;
    const link = replica.link(workspaceId);
    const state = this.#background.state();
    const kept = this.#password.current() !== undefined;
    const applied = new TeamAppliedRepository(this.#place.db);
    const storage = this.#password.state();
    let reason: string | null = null;
    if (link !== undefined) reason = !kept ? NO_PASSWORD_KEPT : state.running ? state.reason : NOT_HERE;
    return {
      joined: link !== undefined,
      database: link === undefined ? null : teamWhere(link.databaseUrl),
      url: link?.databaseUrl ?? null,
      me: link === undefined ? null : { name: link.login, role: link.role },
      online: link !== undefined && state.running && state.online,
      reason,
      background: state.running,
      queued: link === undefined ? 0 : replica.waitingCount(workspaceId),
      lastPull: link?.lastExchange ?? null,
      members: (link?.members ?? []).map((member) => ({ name: member.login, role: member.role as TeamRole })),
      conflicts: link === undefined ? 0 : new TeamConflictsRepository(this.#place.db).openCount(workspaceId),
      pending: link === undefined ? 0 : applied.pendingCount(workspaceId),
      waiting: link === undefined ? [] : applied.pendingReasons(workspaceId, WAITING_REASONS_SHOWN),
      schema: { database: link?.teamSchema ?? null, desktop: TEAM_SCHEMA_VERSION },
      password: {
        kept,
        storage: storage.credentialsStorage,
        backend: storage.storageBackend,
        notice: storage.storageNotice,
      },
    };
  }

  /** The password kept for the session (core-internal: the month-end acts a reviewer sends at once). */
  keptPassword(): string | undefined {
    return this.#password.current();
  }

  /** Forget the kept password; the exchange stops until it is entered again (joining again keeps the log). */
  async forgetPassword(): Promise<TeamOverview> {
    await this.#background.stop();
    await this.#password.forget();
    return this.overview();
  }

  /** Undefined when nothing ran in the background, so a core closes at once as before. */
  close(): Promise<void> | undefined {
    return this.#background.state().running ? this.#background.stop() : undefined;
  }

  #joined(): boolean {
    return new TeamReplicaRepository(this.#place.db).joined(this.#place.workspaceId);
  }
}

function noPassword(): AppError {
  return new AppError('auth_failed', NO_PASSWORD_KEPT);
}

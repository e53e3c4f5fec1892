/**
 * The team of an integration test file: one private PostgreSQL server (postgres-server.ts) with a
 * login per person (password `<login>-pass`), team databases made as `team init` and `team grant`
 * make them (setUpTeam), and desktops: cores on workspaces seeded with the reconciliation requests,
 * joined to a team. What a test opens is closed and removed after it (what a `beforeAll` opens,
 * after the file); the server is removed after the file. The end-to-end tests have the same in
 * team-desktops.ts, made through the CLI and browser shells.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Core, CoreExtras } from '../../src/main/core/services';
import type { TeamRole } from '../../src/main/core/team/team-members';
import type { ChannelOutput } from '../../src/shared/ipc/contract';
import { loginPassword, setUpTeam, startPostgres, type PostgresServer } from './postgres';
import { dispatched, reconCore, seedReconWorkspace } from './recon-fixture';
import { makeTempDir } from './temp-dir';

export { loginPassword } from './postgres';

export interface TeamDesktop {
  core: Core;
  /** The workspace folder (its ledger is `ledger.sqlite` in it). */
  dir: string;
}

export interface TeamCores {
  /** The file's server (there from the file's first `beforeAll` on). */
  readonly server: PostgresServer;
  /** A team database set up with these roles, named as given or `team_<n>` (a new one each call). */
  team(roles: Record<string, TeamRole>, database?: string): Promise<string>;
  /** A workspace folder, with the reconciliation requests unless `seeded` is false. */
  workspace(seeded?: boolean): string;
  /** A core (reconCore) on a workspace folder. */
  open(dir: string, extras?: CoreExtras): Core;
  /** A core opened otherwise (a core host, say), to be closed like the others. */
  keep(core: Core): Core;
  /** Closes a core now rather than after the test. */
  close(core: Core): Promise<void>;
  /** `team:join` as a login, with its password. */
  join(core: Core, login: string, database: string): Promise<ChannelOutput<'team:join'>>;
  /** A core on a new seeded workspace, in no team. */
  desktop(): Promise<TeamDesktop>;
  /** A core on a new seeded workspace, joined to `database` as `login`. */
  desktop(login: string, database: string): Promise<TeamDesktop>;
}

/**
 * For the calling file: the server with `logins` made once, and `shared` (a team database for all
 * of the file's tests) set up with it.
 */
export function useTeamCores(options: {
  logins: readonly string[];
  shared?: { database: string; roles: Record<string, TeamRole> };
}): TeamCores {
  let server: PostgresServer | undefined;
  let teams = 0;
  interface Opened {
    temps: ReturnType<typeof makeTempDir>[];
    cores: Core[];
  }
  // What a test opens goes when it ends; what a beforeAll opens belongs to the file.
  const ofFile: Opened = { temps: [], cores: [] };
  let ofTest: Opened | undefined;
  const opened = (): Opened => ofTest ?? ofFile;
  const closeAll = async ({ temps, cores }: Opened): Promise<void> => {
    // Closing stops each background exchange and ends its connection: nothing is left to hang.
    await Promise.all(cores.splice(0).map((core) => core.close()));
    for (const temp of temps.splice(0)) temp.cleanup();
  };

  beforeAll(async () => {
    server = await startPostgres();
    for (const login of options.logins) await server.createLogin(login, loginPassword(login));
    if (options.shared) await setUpTeam(server, options.shared.database, options.shared.roles);
  }, 120_000);
  beforeEach(() => {
    ofTest = { temps: [], cores: [] };
  });
  afterEach(async () => {
    const ended = ofTest;
    ofTest = undefined;
    if (ended) await closeAll(ended);
  });
  afterAll(async () => {
    await closeAll(ofFile);
    server?.remove();
  });

  const started = (): PostgresServer => {
    if (!server) throw new Error('the team server starts in the file’s beforeAll');
    return server;
  };
  const helper: TeamCores = {
    get server() {
      return started();
    },
    async team(roles, database = `team_${++teams}`) {
      await setUpTeam(started(), database, roles);
      return database;
    },
    workspace(seeded = true) {
      const temp = makeTempDir();
      opened().temps.push(temp);
      if (seeded) seedReconWorkspace(temp.dir);
      return temp.dir;
    },
    open(dir, extras) {
      return helper.keep(reconCore(dir, undefined, 'browser', extras));
    },
    keep(core) {
      opened().cores.push(core);
      return core;
    },
    async close(core) {
      for (const { cores } of ofTest ? [ofTest, ofFile] : [ofFile])
        if (cores.includes(core)) cores.splice(cores.indexOf(core), 1);
      await core.close();
    },
    join(core, login, database) {
      return dispatched(core, 'team:join', {
        database: started().url(login, database),
        password: loginPassword(login),
      });
    },
    async desktop(login?: string, database?: string) {
      const dir = helper.workspace();
      const core = helper.open(dir);
      if (login !== undefined && database !== undefined) await helper.join(core, login, database);
      return { core, dir };
    },
  };
  return helper;
}

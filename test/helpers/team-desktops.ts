import { expect, type Page } from '@playwright/test';
import { CLI_PATH, runCli, startServing, type RunningShell } from './cli';
import { loginPassword, startPostgres, type PostgresServer } from './postgres-server';
import { makeTempDir } from './temp-dir';

export type TeamRole = 'preparer' | 'reviewer' | 'admin';

/**
 * A team for the end-to-end tests: one simulator (so every desktop syncs the same platform), one
 * real PostgreSQL server with a team database made and granted through the CLI as an admin would,
 * and browser shells on workspaces of their own. `stop()` ends all of it.
 */
export interface TestTeam {
  postgres: PostgresServer;
  /** The team database's URL for a login (its password is loginPassword(login)). */
  database(login: string): string;
  /** A browser shell on a new workspace synced from the team's simulator. */
  desktop(): Promise<RunningShell>;
  stop(): Promise<void>;
}

export async function startTeam(roles: Record<string, TeamRole>): Promise<TestTeam> {
  const simulator = await startServing(['--port', '0', '--seed', '11', '--transfers', '200'], {
    command: [CLI_PATH, 'simulator'],
    urlPattern: /Base URL:\s+(\S+)/,
  });
  const postgres = await startPostgres();
  const shells: RunningShell[] = [];
  const temps: ReturnType<typeof makeTempDir>[] = [];
  const stop = async (): Promise<void> => {
    for (const shell of shells.splice(0)) await shell.stop();
    await simulator.stop();
    postgres.remove();
    for (const temp of temps.splice(0)) temp.cleanup();
  };
  try {
    await postgres.createDatabase('books');
    const owner = postgres.url(postgres.admin.user, 'books');
    const admin = { FLOATDESK_TEAM_PASSWORD: postgres.admin.password };
    const init = runCli(['team', 'init', '--database', owner], admin);
    expect(init.status, init.stderr).toBe(0);
    for (const [login, role] of Object.entries(roles)) {
      await postgres.createLogin(login, loginPassword(login));
      const granted = runCli(['team', 'grant', login, role, '--database', owner], admin);
      expect(granted.status, granted.stderr).toBe(0);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    postgres,
    database: (login) => postgres.url(login, 'books'),
    async desktop() {
      const temp = makeTempDir('floatdesk-e2e-team-');
      temps.push(temp);
      const init = runCli(['workspace', 'init', temp.dir, '--base-url', simulator.url, '--name', 'Books']);
      expect(init.status, init.stderr).toBe(0);
      const shell = await startServing(['--workspace', temp.dir, '--port', '0'], {
        env: { FLOATDESK_API_KEY: 'demo-key', FLOATDESK_API_SECRET: 'demo-secret', FLOATDESK_HOME: temp.dir },
      });
      shells.push(shell);
      return shell;
    },
    stop,
  };
}

/** One contract call from the page's context, which must succeed. */
export async function rpc<T>(page: Page, shell: RunningShell, channel: string, input: unknown): Promise<T> {
  const response = await page.request.post(`${shell.origin}/rpc/${channel}`, {
    headers: { Authorization: `Bearer ${shell.token}` },
    data: input,
  });
  const body = (await response.json()) as { ok: boolean; value: T; error?: unknown };
  expect(body.ok, `${channel}: ${JSON.stringify(body.error)}`).toBe(true);
  return body.value;
}

/** Opens the shell and waits for its first platform sync to finish. */
export async function openSynced(page: Page, shell: RunningShell): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId('sync-indicator')).toContainText(/Synced/, { timeout: 180_000 });
  await expect(page.getByTestId('sync-now')).toBeVisible({ timeout: 180_000 });
}

/** A one-payment CSV bank statement in a layout FloatDesk reads without a profile. */
export function paymentCsv(day: string, amount: string, reference: string, id: string): string {
  return `Date,Amount,Currency,Reference,Description,Transaction ID\r\n${day},-${amount},GBP,${reference},E2E TEAM PAYMENT,${id}\r\n`;
}

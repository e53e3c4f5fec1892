import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/shared/ipc/errors';
import { createCore, type Core } from '../../src/main/core/services';
import { startSimulator, type RunningSimulator } from '../../src/simulator/server';
import { makeTempDir } from '../helpers/temp-dir';

// A real core on a platform workspace backed by the simulator over HTTP: a sync that fails (the
// platform goes away) is in the workspace's log and in the diagnostics report, with the versions
// and the sync runs — and neither the log nor the report carries the API key, the secret, the
// browser token or the company's proforma details.
let temp: ReturnType<typeof makeTempDir>;
let simulator: RunningSimulator | undefined;
let core: Core | undefined;
let apiKey: string;
let apiSecret: string;
const TOKEN = 'browser-shell-token-0123456789abcdef';
const COMPANY = {
  company_name: 'Acme Gifts Ltd',
  address_line_1: '1 High Street',
  city: 'Leeds',
  post_code: 'LS1 1AA',
};
const FINANCE_EMAIL = 'finance@acme-gifts.example';

beforeEach(async () => {
  temp = makeTempDir('floatdesk-diagnostics-');
  simulator = await startSimulator({ seed: 3, brands: 5, transfers: 5, port: 0 });
  ({ apiKey, apiSecret } = simulator);
  core = createCore({
    workspaceDir: temp.dir,
    workspaceName: 'Books',
    workspaceKind: 'platform',
    workspaceBaseUrl: simulator.baseUrl,
    shell: 'browser',
    appVersion: '9.9.9-test',
    credentials: { apiKey, apiSecret },
    changePollMs: 0,
    redactValues: [TOKEN],
  });
});

afterEach(async () => {
  await core?.close();
  await simulator?.close();
  temp.cleanup();
});

async function call<T>(channel: string, input: unknown = {}): Promise<Envelope<T>> {
  if (!core) throw new Error('no core');
  return (await core.dispatch(channel, input)) as Envelope<T>;
}

const logText = (): string => readFileSync(join(temp.dir, 'logs', 'floatdesk.log'), 'utf8');
const logEntries = (): Array<Record<string, unknown>> =>
  logText()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

function expectNothingSecret(text: string): void {
  for (const value of [apiKey, apiSecret, TOKEN, ...Object.values(COMPANY), FINANCE_EMAIL])
    expect(text, `holds ${value}`).not.toContain(value);
}

describe('the workspace log and the diagnostics report', () => {
  it('a failed sync is logged and reported with the versions and the runs, without any secret', async () => {
    // Company details and a finance e-mail are set, so there is personal data to leave out.
    expect((await call('settings:update', { company: COMPANY, financeEmail: FINANCE_EMAIL })).ok).toBe(true);
    const first = await call<{ outcome: string }>('sync:run', { datasets: ['floats'] });
    expect(first.ok && first.value.outcome).toBe('succeeded');

    await simulator?.close();
    simulator = undefined;
    const failed = await call<{ outcome: string; datasets: Array<{ errorCode?: string }> }>('sync:run', {
      datasets: ['floats'],
    });
    expect(failed.ok && failed.value.outcome).toBe('failed');
    expect(failed.ok && failed.value.datasets[0]?.errorCode).toBe('offline');

    // A transfer request with a proforma block fails too (offline): its details stay out of the log.
    const submitted = await call('transfers:submit', {
      float: 'Main',
      currency: 'GBP',
      amount: '100.00',
      financeEmail: FINANCE_EMAIL,
      proformaInvoice: COMPANY,
    });
    expect(submitted.ok).toBe(false);

    const entries = logEntries();
    const events = entries.map((entry) => entry.event);
    expect(events[0]).toBe('workspace.open');
    expect(events).toContain('settings.changed');
    expect(entries.filter((entry) => entry.event === 'sync.start')).toHaveLength(2);
    const datasetFailure = entries.find((entry) => entry.event === 'sync.dataset.failed');
    expect(datasetFailure).toMatchObject({ level: 'warn', dataset: 'floats', code: 'offline' });
    const end = entries.filter((entry) => entry.event === 'sync.end');
    expect(end.map((entry) => [entry.level, entry.outcome])).toEqual([
      ['info', 'succeeded'],
      ['warn', 'failed'],
    ]);
    const submitFailure = entries.find((entry) => entry.channel === 'transfers:submit');
    expect(submitFailure).toMatchObject({ channel: 'transfers:submit' });
    expect(submitFailure).not.toHaveProperty('input');
    expectNothingSecret(logText());
    if (process.platform !== 'win32')
      expect(statSync(join(temp.dir, 'logs', 'floatdesk.log')).mode & 0o777).toBe(0o600);

    const diagnostics = await call<{ text: string; logPath: string | null; generatedAt: string }>(
      'app:diagnostics',
    );
    if (!diagnostics.ok) throw new Error(JSON.stringify(diagnostics.error));
    const { text, logPath } = diagnostics.value;
    expect(logPath).toBe(join(temp.dir, 'logs', 'floatdesk.log'));
    expect(text).toContain('FloatDesk: 9.9.9-test');
    expect(text).toContain('Shell: browser');
    expect(text).toContain(`Node.js: ${process.versions.node}`);
    expect(text).toMatch(/SQLite: 3\.\d+/);
    expect(text).toMatch(/Ledger schema version: \d+ of \d+/);
    expect(text).toContain('Kind: platform');
    expect(text).toContain('API credentials: available (environment)');
    expect(text).toContain('company: (set, not shown)');
    expect(text).toContain('financeEmail: (set, not shown)');
    expect(text).toMatch(/#1 \S+ manual: succeeded/);
    expect(text).toMatch(/#2 \S+ manual: failed/);
    expect(text).toMatch(/floats: failed — offline: /);
    expect(text).toContain('sync.dataset.failed');
    expectNothingSecret(text);
  });

  it('failed calls are logged by channel and code, never with their input', async () => {
    const newKey = 'NEW-API-KEY-9f8e7d6c5b4a';
    const newSecret = 'NEW-API-SECRET-1a2b3c4d5e6f';
    const refused = await call('connection:set', {
      baseUrl: 'ftp://not-allowed',
      apiKey: newKey,
      apiSecret: newSecret,
    });
    expect(refused.ok).toBe(false);
    const failure = logEntries().find((entry) => entry.channel === 'connection:set');
    expect(failure).toMatchObject({ channel: 'connection:set', code: 'invalid_input' });
    expect(logText()).not.toContain(newKey);
    expect(logText()).not.toContain(newSecret);
  });

  it('credentials entered in Settings are redacted from then on', async () => {
    const newKey = 'ENTERED-KEY-0a1b2c3d4e5f';
    const newSecret = 'ENTERED-SECRET-6a7b8c9d0e1f';
    expect((await call('connection:set', { apiKey: newKey, apiSecret: newSecret })).ok).toBe(true);
    // The simulator refuses the new key: the failure is logged, the key and secret are not.
    await call('sync:run', { datasets: ['floats'] });
    const diagnostics = await call<{ text: string }>('app:diagnostics');
    expect(diagnostics.ok).toBe(true);
    for (const text of [logText(), diagnostics.ok ? diagnostics.value.text : '']) {
      expect(text).not.toContain(newKey);
      expect(text).not.toContain(newSecret);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(apiSecret);
    }
    expect(logEntries().some((entry) => entry.code === 'auth_failed')).toBe(true);
  });

  it('a logged line that really quotes the key, secret, token and proforma values is redacted in the log and the report', async () => {
    const newKey = 'TYPED-KEY-7c6b5a4f3e2d';
    const newSecret = 'TYPED-SECRET-2d3e4f5a6b7c';
    expect((await call('connection:set', { apiKey: newKey, apiSecret: newSecret })).ok).toBe(true);
    expect((await call('settings:update', { company: COMPANY, financeEmail: FINANCE_EMAIL })).ok).toBe(true);
    // A brand looked up by what was pasted: the refusal's message quotes it, and it is logged
    // (handler.refused, with the message) — so the redactor is what keeps the values out.
    const quoted = [
      `${newKey} ${newSecret}`,
      `${apiKey} ${apiSecret}`,
      TOKEN,
      `${COMPANY.company_name} / ${COMPANY.address_line_1} / ${COMPANY.city} / ${COMPANY.post_code}`,
      `mail ${FINANCE_EMAIL}`,
    ];
    for (const slug of quoted) {
      const refused = await call('catalogue:brand', { slug });
      expect(refused).toMatchObject({ ok: false, error: { code: 'not_found' } });
      if (!refused.ok) expect(refused.error.message).toContain(slug); // the message really holds it
    }
    const refusals = logEntries().filter((entry) => entry.channel === 'catalogue:brand');
    expect(refusals).toHaveLength(quoted.length);
    for (const entry of refusals) expect(String(entry.message)).toMatch(/\[redacted(-email)?\]/);
    const log = logText();
    expectNothingSecret(log);
    for (const value of [newKey, newSecret]) expect(log).not.toContain(value);
    expect(log).toContain('[redacted]');

    // The report quotes recent warnings from the log file and redacts them again as it reads them:
    // a warning that holds the values in clear (an older FloatDesk's log, say) is cleaned too.
    const clear = {
      time: new Date().toISOString(),
      level: 'warn',
      event: 'older.warning',
      message: quoted.join(' | '),
    };
    appendFileSync(join(temp.dir, 'logs', 'floatdesk.log'), `${JSON.stringify(clear)}\n`);
    const diagnostics = await call<{ text: string }>('app:diagnostics');
    if (!diagnostics.ok) throw new Error(JSON.stringify(diagnostics.error));
    expect(diagnostics.value.text).toContain('older.warning');
    expect(diagnostics.value.text).toContain('[redacted]');
    expectNothingSecret(diagnostics.value.text);
    for (const value of [newKey, newSecret]) expect(diagnostics.value.text).not.toContain(value);
  });

  it('the workspace close is logged', async () => {
    await core?.close();
    core = undefined;
    expect(logEntries().at(-1)).toMatchObject({ event: 'workspace.close', level: 'info' });
  });
});

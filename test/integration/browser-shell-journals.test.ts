/**
 * Journals from the browser shell: the page cannot choose where files go, so journals:export
 * without a destination writes them to the workspace's exports folder and offers each once at
 * GET /export/<downloadId>, byte for byte what the audit log's SHA-256 names.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, startServing, type RunningShell } from '../helpers/cli';
import { RECON_STATEMENT, seedReconWorkspace, statementBase64 } from '../helpers/recon-fixture';
import { makeTempDir } from '../helpers/temp-dir';

const MAPPING = [
  'float,currency,float_account,bank_account,cost_account,variance_account,refunds_account,tax_code',
  'main,GBP,1210,1200,5000,5990,1300,No VAT',
].join('\n');

let temp: ReturnType<typeof makeTempDir>;
let shell: RunningShell;

beforeAll(async () => {
  assertBuilt();
  temp = makeTempDir();
  seedReconWorkspace(temp.dir);
  shell = await startServing(['--workspace', temp.dir, '--port', '0']);
});
afterAll(async () => {
  await shell?.stop();
  temp?.cleanup();
});

const auth = (): Record<string, string> => ({ Authorization: `Bearer ${shell.token}` });

async function rpc<T>(channel: string, body: unknown): Promise<T> {
  const response = await fetch(`${shell.origin}/rpc/${channel}`, {
    method: 'POST',
    headers: { ...auth(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!envelope.ok) throw new Error(envelope.error?.message);
  return envelope.value as T;
}

interface Exported {
  signOffId: number | null;
  files: { path: string; fileName: string; downloadId: string | null; sha256: string }[];
}

describe('journals in the browser shell', () => {
  it('are written to the exports folder and downloaded once, under their own name', async () => {
    await rpc('recon:import', { fileName: RECON_STATEMENT, contentBase64: statementBase64() });
    await rpc('recon:run', { asOf: '2026-10-31' });
    const result = await rpc<Exported>('journals:export', {
      asOf: '2026-10-31',
      format: 'xero',
      accounts: MAPPING,
    });
    expect(result.signOffId).toBeNull();
    expect(result.files).toHaveLength(1);
    const [file] = result.files;
    expect(file!.fileName).toBe('floatdesk-journals-2026-10-31-xero.csv');
    expect(file!.downloadId).not.toBeNull();
    expect(existsSync(file!.path)).toBe(true);

    const download = await fetch(`${shell.origin}/export/${file!.downloadId}`, { headers: auth() });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('floatdesk-journals-2026-10-31-xero.csv');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file!.sha256);
    expect(bytes.toString('utf8')).toMatch(/DRAFT/);
    // Handed out once, then gone.
    const again = await fetch(`${shell.origin}/export/${file!.downloadId}`, { headers: auth() });
    expect(again.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(file!.path)).toBe(false);
  });
});

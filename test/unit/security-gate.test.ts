// End-to-end tests of scripts/security-gate.mjs on throwaway fixtures outside the repository.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');
const gate = join(repoRoot, 'scripts/security-gate.mjs');
let dir: string;

const STRICT_CSP =
  "default-src 'none'; script-src 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; style-src 'self'; " +
  "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";
const page = (head: string, body = '') =>
  `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n${head}\n<title>t</title>\n</head>\n<body><div id="root"></div>${body}</body>\n</html>\n`;
const cspMeta = (policy: string) => `<meta http-equiv="Content-Security-Policy" content="${policy}">`;

const window = (webSecurity: boolean) => `import { BrowserWindow, session } from 'electron';

export function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: ${webSecurity},
      disableBlinkFeatures: 'Auxclick',
    },
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  return win;
}
`;

function write(rel: string, text: string): string {
  const file = join(dir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}
const baseline = (name: string, accepted: object[]) => write(`${name}.json`, JSON.stringify({ accepted }));
const p = (rel: string) => join(dir, rel);

/** Every file under `root`, relative, sorted. */
const listTree = (root: string) => (readdirSync(root, { recursive: true }) as string[]).sort();

interface Run {
  code: number | null;
  out: string;
}
function runGate(args: string[], nodeArgs: string[] = []): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...nodeArgs, gate, ...args], { cwd: repoRoot });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, out }));
  });
}
const gateOn = (input: string, html: string, baselineFile: string, nodeArgs: string[] = []) =>
  runGate(['--input', p(input), '--html', p(html), '--baseline', baselineFile], nodeArgs);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'floatdesk-security-gate-'));
  write('clean/main/shell/window.ts', window(true));
  write('clean/renderer/index.html', page(cspMeta(STRICT_CSP)));
  write('planted/main/shell/window.ts', window(false));
  write('planted/renderer/index.html', page(cspMeta(STRICT_CSP)));
  write('unparsable/main/shell/window.ts', window(true));
  write('unparsable/main/shell/broken.ts', 'export const x = (: ;\n');
  write('unparsable/renderer/index.html', page(cspMeta(STRICT_CSP)));
  write('html/weak.html', page(cspMeta("script-src 'unsafe-inline' *")));
  write(
    'html/eval.html',
    page(cspMeta(STRICT_CSP.replace("script-src 'sha256", "script-src 'unsafe-eval' 'sha256"))),
  );
  write('html/none.html', page('<meta name="referrer" content="no-referrer">'));
  write('html/in-body.html', page('', cspMeta(STRICT_CSP)));
  write('html/commented.html', page(`<!-- ${cspMeta(STRICT_CSP)} -->`));
  write(
    'no-net.cjs',
    "const net = require('node:net');\n" +
      "net.Socket.prototype.connect = function () { process.stderr.write('NETWORK ATTEMPT\\n'); throw new Error('offline'); };\n",
  );
  baseline('empty', []);
  baseline('accepted', [
    {
      check: 'WEB_SECURITY_JS_CHECK',
      file: 'main/shell/window.ts',
      justification: 'fixture: accepted on purpose for this test',
    },
  ]);
  baseline('other-file', [
    {
      check: 'WEB_SECURITY_JS_CHECK',
      file: 'main/shell/other.ts',
      justification: 'fixture: accepted for another file only',
    },
  ]);
  baseline('lazy', [{ check: 'WEB_SECURITY_JS_CHECK', file: 'main/shell/window.ts', justification: 'ok' }]);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// Each case spawns one gate run (~0.7 s); they are independent, so run them side by side.
describe.concurrent('security gate', { timeout: 30_000 }, () => {
  it('passes a clean fixture with a strict CSP, offline, writing no files', async () => {
    const before = listTree(dir);
    const run = await gateOn('clean', 'clean/renderer/index.html', p('empty.json'), [
      '--require',
      p('no-net.cjs'),
    ]);
    expect(run.out).not.toContain('NETWORK ATTEMPT');
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/^security gate: OK .*0 new findings.*no high\/medium findings/);
    expect(run.out.trim().split('\n')).toHaveLength(1);
    expect(listTree(dir)).toEqual(before);
  });

  it('fails on a finding that is not in the baseline, naming check, file and line', async () => {
    const run = await gateOn('planted', 'planted/renderer/index.html', p('empty.json'));
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain('FAILED');
    expect(run.out).toMatch(/WEB_SECURITY_JS_CHECK {2}main\/shell\/window\.ts:9:\d+ {2}\S/);
  });

  it('passes when that finding is accepted in the baseline (check id + file, not line)', async () => {
    const run = await gateOn('planted', 'planted/renderer/index.html', p('accepted.json'));
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('1 accepted by the baseline');
  });

  it('does not accept the same check for a different file', async () => {
    const run = await gateOn('planted', 'planted/renderer/index.html', p('other-file.json'));
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain('WEB_SECURITY_JS_CHECK');
  });

  it('notes a baseline entry that no longer matches anything, without failing', async () => {
    const run = await gateOn('clean', 'clean/renderer/index.html', p('accepted.json'));
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('baseline entry WEB_SECURITY_JS_CHECK main/shell/window.ts matches no finding');
  });

  it('refuses a baseline entry without a real justification', async () => {
    const run = await gateOn('planted', 'planted/renderer/index.html', p('lazy.json'));
    expect(run.code, run.out).toBe(2);
    expect(run.out).toContain('justification');
  });

  it('fails when a file cannot be parsed (it would go unchecked)', async () => {
    const run = await gateOn('unparsable', 'unparsable/renderer/index.html', p('empty.json'));
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(/could not be parsed[\s\S]*main\/shell\/broken\.ts/);
  });

  it.each([
    ['weak.html', /HIGH {2}script-src 'unsafe-inline'[\s\S]*HIGH {2}script-src \*/],
    ['eval.html', /script-src 'unsafe-eval'/],
    ['none.html', /no <meta http-equiv="Content-Security-Policy"> tag/],
    ['in-body.html', /outside <head>/],
    ['commented.html', /no <meta http-equiv="Content-Security-Policy"> tag/],
    ['missing.html', /not found/],
  ])('fails the CSP check for html/%s', async (name, message) => {
    const run = await gateOn('clean', `html/${name}`, p('empty.json'));
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(/^CSP: /m);
    expect(run.out).toMatch(message);
    expect(run.out).not.toContain('electronegativity:');
  });
});

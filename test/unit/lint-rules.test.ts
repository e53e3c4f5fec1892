// Proves the process-boundary and Electron-security lint rules in eslint.config.js, by linting
// snippets under virtual file paths (the files need not exist; the config matches on the path).
import { resolve } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(repoRoot, filePath) });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(`parse error in snippet for ${filePath}: ${fatal[0]?.message}`);
  return result.messages;
}

/** Asserts the snippet has at least one error from `ruleId` whose message contains `text`. */
async function expectError(filePath: string, code: string, ruleId: string, text: string): Promise<void> {
  const messages = await lint(filePath, code);
  const hits = messages.filter((m) => m.severity === 2 && m.ruleId === ruleId && m.message.includes(text));
  expect(
    hits,
    `expected ${ruleId} "${text}" in ${filePath}; got ${JSON.stringify(messages, null, 1)}`,
  ).not.toHaveLength(0);
}

async function expectClean(filePath: string, code: string): Promise<void> {
  const messages = await lint(filePath, code);
  expect(messages.map((m) => `${m.line}: ${m.ruleId}: ${m.message}`)).toEqual([]);
}

const SYNTAX = 'no-restricted-syntax';
const IMPORTS = '@typescript-eslint/no-restricted-imports';
const win = (prefs: string) => `import { BrowserWindow } from 'electron';
export const w = new BrowserWindow({ webPreferences: { ${prefs} } });
`;

describe('Electron security options', () => {
  const file = 'src/main/shell/window.ts';

  it.each([
    ['nodeIntegration: true', 'nodeIntegration: true'],
    ["'nodeIntegration': true", 'nodeIntegration: true'],
    ['"nodeIntegrationInWorker": true', 'nodeIntegrationInWorker: true'],
    ['nodeIntegrationInSubFrames: true', 'nodeIntegrationInSubFrames: true'],
    ['sandbox: false', 'sandbox: false'],
    ["'sandbox': false", 'sandbox: false'],
    ['contextIsolation: false', 'contextIsolation: false'],
    ['webSecurity: false', 'webSecurity: false'],
    ['allowRunningInsecureContent: true', 'allowRunningInsecureContent: true'],
    ['experimentalFeatures: true', 'experimentalFeatures: true'],
    ['webviewTag: true', 'webviewTag: true'],
    ["enableBlinkFeatures: 'CSSColorSchemeUARendering'", 'enableBlinkFeatures'],
    ["'enableBlinkFeatures': ''", 'enableBlinkFeatures'],
  ])('%s is an error', async (prefs, text) => {
    await expectError(file, win(prefs), SYNTAX, text);
  });

  it('applies in every area, not only the shell (e.g. the CLI and the renderer)', async () => {
    await expectError('src/cli/x.ts', 'export const o = { sandbox: false };\n', SYNTAX, 'sandbox: false');
    await expectError(
      'src/renderer/src/x.ts',
      "export const o = { 'webSecurity': false };\n",
      SYNTAX,
      'webSecurity',
    );
  });

  it('secure options pass', async () => {
    await expectClean(
      file,
      win(
        "preload: 'p.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true",
      ),
    );
  });

  it('does not flag destructuring or unrelated keys', async () => {
    await expectClean(
      'src/main/core/config.ts',
      'export function f(o: { sandbox: boolean }): boolean {\n  const { sandbox } = o;\n  return sandbox;\n}\n',
    );
  });
});

describe('shell.openExternal', () => {
  const call =
    "import { shell } from 'electron';\nexport const open = (u: string) => shell.openExternal(u);\n";

  it('is an error outside src/main/shell/external-links.ts', async () => {
    await expectError('src/main/shell/window.ts', call, SYNTAX, 'external-links.ts');
    await expectError(
      'src/main/shell/menu.ts',
      "import { shell } from 'electron';\nconst { openExternal } = shell;\nexport const o = (u: string) => openExternal(u);\n",
      SYNTAX,
      'openExternal',
    );
  });

  it('is allowed in src/main/shell/external-links.ts, which still gets the security options', async () => {
    await expectClean('src/main/shell/external-links.ts', call);
    await expectError('src/main/shell/external-links.ts', win('sandbox: false'), SYNTAX, 'sandbox: false');
  });
});

describe('core worker never imports Electron', () => {
  const file = 'src/main/core/x.ts';

  it('static import', async () => {
    await expectError(
      file,
      "import { app } from 'electron';\nexport const a = app;\n",
      IMPORTS,
      'core never imports Electron',
    );
    await expectError(file, "export { app } from 'electron/main';\n", IMPORTS, 'core never imports Electron');
    await expectError(
      file,
      "import type { App } from 'electron';\nexport type A = App;\n",
      IMPORTS,
      'Electron',
    );
  });

  it('dynamic import(), require() and import = require()', async () => {
    await expectError(
      file,
      "export const e = await import('electron');\n",
      SYNTAX,
      'core never imports Electron',
    );
    await expectError(
      file,
      'export const e = await import(`electron`);\n',
      SYNTAX,
      'core never imports Electron',
    );
    await expectError(
      file,
      "// @ts-nocheck\nconst e = require('electron');\nexport default e;\n",
      SYNTAX,
      'core never imports Electron',
    );
    await expectError(
      file,
      "import e = require('electron');\nexport default e;\n",
      SYNTAX,
      'core never imports Electron',
    );
  });

  it('the shell is off limits too', async () => {
    await expectError(
      file,
      "import { x } from '../shell/window';\nexport default x;\n",
      IMPORTS,
      'src/main/core',
    );
  });

  it('clean core file passes (node:*, zod, shared, relative)', async () => {
    await expectClean(
      'src/main/core/services.ts',
      [
        "import { readFile } from 'node:fs/promises';",
        "import { z } from 'zod';",
        "import { CHANNELS } from '../../shared/ipc/channels';",
        "import type { Money } from '@shared/domain/money';",
        "import { openLedger } from './ledger/db';",
        'export async function load(p: string): Promise<{ n: number; m?: Money }> {',
        '  const raw = z.string().parse(await readFile(p, "utf8"));',
        '  console.error("loaded", raw.length, CHANNELS.length, openLedger);',
        '  const sim = await import("../../simulator/server");',
        '  return { n: Object.keys(sim).length };',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('console.log is an error in the core, allowed in the CLI', async () => {
    await expectError(file, 'console.log("x");\n', 'no-console', 'console');
    await expectClean('src/cli/floatdesk.ts', 'console.log("x");\n');
  });
});

describe('shared stays pure', () => {
  const file = 'src/shared/domain/x.ts';

  it.each([
    ["import { readFileSync } from 'node:fs';\nexport default readFileSync;\n"],
    ["import fs from 'fs';\nexport default fs;\n"],
    ["import { useState } from 'react';\nexport default useState;\n"],
    ["import { create } from 'zustand';\nexport default create;\n"],
    ["import { ipcRenderer } from 'electron';\nexport default ipcRenderer;\n"],
    ["import { x } from '../../main/core/services';\nexport default x;\n"],
  ])('%s is an error', async (code) => {
    await expectError(file, code, IMPORTS, 'src/shared');
  });

  it('dynamic import of a builtin is an error too', async () => {
    await expectError(file, "export const fs = await import('node:fs');\n", SYNTAX, 'src/shared');
  });

  it('clean shared file passes (zod, decimal.js, currency-codes, shared, @shared)', async () => {
    await expectClean(
      file,
      [
        "import Decimal from 'decimal.js';",
        "import { data } from 'currency-codes';",
        "import { z } from 'zod';",
        "import { CHANNELS } from '../ipc/channels';",
        "import type { Money } from '@shared/domain/money';",
        "import { isKnownCurrency } from './currency';",
        'export const S = z.string();',
        'export function f(m: Money): string {',
        '  return new Decimal(m.amount).plus(data.length + CHANNELS.length).toString() + String(isKnownCurrency);',
        '}',
        '',
      ].join('\n'),
    );
  });
});

describe('renderer', () => {
  const file = 'src/renderer/src/features/balances/x.tsx';

  it.each([
    ["import { services } from '../../../../main/core/services';\nexport default services;\n", 'src/main'],
    ["import { services } from '../../main/core/services';\nexport default services;\n", 'src/main'],
    ["import { join } from 'node:path';\nexport default join;\n", 'Node.js builtin'],
    ["import { join } from 'path';\nexport default join;\n", 'Node.js builtin'],
    ["import { ipcRenderer } from 'electron';\nexport default ipcRenderer;\n", 'Electron'],
    ["import { serve } from '../../../../simulator/server';\nexport default serve;\n", 'src/simulator'],
    ["import { main } from '../../../../cli/floatdesk';\nexport default main;\n", 'src/cli'],
    ["import { bridge } from '../../../../preload/index';\nexport default bridge;\n", 'import type'],
    ["import type { X } from '../../../../preload/other';\nexport type Y = X;\n", 'src/preload'],
  ])('%s is an error', async (code, text) => {
    await expectError(file, code, IMPORTS, text);
  });

  it('dynamic import of main is an error', async () => {
    await expectError(
      file,
      "export const m = import('../../../../main/core/services');\n",
      SYNTAX,
      'src/main',
    );
  });

  it('clean component passes (react, zustand, zod, @shared, relative, type-only preload)', async () => {
    await expectClean(
      file,
      [
        "import { useEffect, useState } from 'react';",
        "import { create } from 'zustand';",
        "import { z } from 'zod';",
        "import { addMoney } from '@shared/domain/money';",
        "import { CHANNELS } from '../../../../shared/ipc/channels';",
        "import type { FloatdeskBridge } from '../../../../preload/index.d.ts';",
        "import { formatMoney } from '../../lib/format-money';",
        'const useStore = create<{ n: number }>(() => ({ n: 0 }));',
        'export function Balances({ bridge }: { bridge: FloatdeskBridge }) {',
        '  const n = useStore((s) => s.n);',
        '  const [text, setText] = useState("");',
        '  useEffect(() => {',
        '    void bridge.invoke(CHANNELS[0], {}).then((r) => setText(z.string().parse(String(r.ok))));',
        '  }, [bridge]);',
        '  return <p>{text + n + String(addMoney) + String(formatMoney)}</p>;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('react-hooks rules are on', async () => {
    await expectError(
      file,
      "import { useState } from 'react';\nexport function C({ on }: { on: boolean }) {\n  if (on) {\n    const [s] = useState(0);\n    return <p>{s}</p>;\n  }\n  return null;\n}\n",
      'react-hooks/rules-of-hooks',
      'useState',
    );
  });
});

describe('preload', () => {
  const file = 'src/preload/index.ts';

  it('importing the contract (or anything but electron and channels) is an error', async () => {
    await expectError(
      file,
      "import { contract } from '../shared/ipc/contract';\nexport default contract;\n",
      IMPORTS,
      'preload',
    );
    await expectError(
      file,
      "import { readFileSync } from 'node:fs';\nexport default readFileSync;\n",
      IMPORTS,
      'preload',
    );
    await expectError(file, "import { z } from 'zod';\nexport default z;\n", IMPORTS, 'preload');
    await expectError(file, "const fs = require('fs');\nexport default fs;\n", SYNTAX, 'preload');
  });

  it('electron + shared/ipc/channels (and type-only imports) pass', async () => {
    await expectClean(
      file,
      [
        "import { contextBridge, ipcRenderer } from 'electron';",
        "import { isChannel } from '../shared/ipc/channels';",
        "import type { Envelope } from '../shared/ipc/errors';",
        'contextBridge.exposeInMainWorld("floatdesk", {',
        '  invoke: (channel: string, input: unknown): Promise<Envelope<unknown>> => {',
        '    if (!isChannel(channel)) return Promise.reject(new Error("unknown channel"));',
        '    return ipcRenderer.invoke(channel, input);',
        '  },',
        '});',
        '',
      ].join('\n'),
    );
    await expectClean(file, "import { CHANNELS } from '@shared/ipc/channels';\nexport default CHANNELS;\n");
  });
});

describe('simulator', () => {
  const file = 'src/simulator/x.ts';

  it('importing src/main or src/cli is an error', async () => {
    await expectError(file, "import { x } from '../main/core/x';\nexport default x;\n", IMPORTS, 'simulator');
    await expectError(
      file,
      "import { x } from '../../main/core/platform/wire';\nexport default x;\n",
      IMPORTS,
      'simulator',
    );
    await expectError(
      file,
      "import { x } from '../cli/floatdesk';\nexport default x;\n",
      IMPORTS,
      'simulator',
    );
    await expectError(file, "export const x = await import('../main/core/x');\n", SYNTAX, 'simulator');
  });

  it('clean simulator file passes (node:*, shared, relative)', async () => {
    await expectClean(
      'src/simulator/routes/floats.ts',
      [
        "import { createServer } from 'node:http';",
        "import { seeded } from '../data';",
        'export const s = createServer(() => undefined);',
        'console.log("listening", seeded);',
        '',
      ].join('\n'),
    );
  });
});

describe('shell and CLI', () => {
  it('clean shell window passes', async () => {
    await expectClean(
      'src/main/shell/window.ts',
      [
        "import { BrowserWindow } from 'electron';",
        "import { join } from 'node:path';",
        "import { openVettedExternal } from './external-links';",
        'export function createWindow(): BrowserWindow {',
        '  const w = new BrowserWindow({',
        '    webPreferences: { preload: join(__dirname, "p.cjs"), contextIsolation: true, sandbox: true, nodeIntegration: false },',
        '  });',
        '  w.webContents.setWindowOpenHandler(({ url }) => {',
        '    void openVettedExternal(url);',
        '    return { action: "deny" };',
        '  });',
        '  return w;',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('CLI may use core, shared and simulator but not Electron or the shell', async () => {
    await expectClean(
      'src/cli/floatdesk.ts',
      [
        "import { argv } from 'node:process';",
        "import { buildServices } from '../main/core/services';",
        "import { startSimulator } from '../simulator/server';",
        "import { CHANNELS } from '@shared/ipc/channels';",
        'console.log(argv, buildServices, startSimulator, CHANNELS);',
        '',
      ].join('\n'),
    );
    await expectError(
      'src/cli/x.ts',
      "import { app } from 'electron';\nexport default app;\n",
      IMPORTS,
      'CLI',
    );
    await expectError(
      'src/cli/x.ts',
      "import { w } from '../main/shell/window';\nexport default w;\n",
      IMPORTS,
      'CLI',
    );
  });
});

describe('eslint-plugin-security and code-execution rules', () => {
  const code = (body: string) =>
    `import { exec } from 'node:child_process';\nimport * as cp from 'node:child_process';\nexport function run(userString: string, x: string): unknown {\n  void exec; void cp;\n  ${body}\n  return undefined;\n}\n`;

  it.each([
    ['src/main/core/x.ts', 'exec(userString);', 'security/detect-child-process', 'non Literal'],
    ['src/cli/x.ts', 'cp.exec(`git ${userString}`);', 'security/detect-child-process', 'non Literal'],
    ['src/main/shell/x.ts', 'eval(x);', 'security/detect-eval-with-expression', 'eval'],
    ['src/shared/x.ts', 'eval(x);', 'no-eval', 'eval'],
    ['src/renderer/src/x.ts', 'return new Function(x);', 'no-new-func', 'Function'],
    ['src/main/core/x.ts', 'return new RegExp(x);', 'security/detect-non-literal-regexp', 'RegExp'],
    ['scripts/x.mjs', 'return new RegExp(x);', 'security/detect-non-literal-regexp', 'RegExp'],
    ['bench/x.ts', 'exec(userString);', 'security/detect-child-process', 'non Literal'],
    ['src/main/core/x.ts', "return '\u202e';", 'security/detect-bidi-characters', ''],
  ])('%s: `%s` is an error (%s)', async (file, body, ruleId, text) => {
    await expectError(file, code(body), ruleId, text);
  });

  it('accepts a child process started with a literal command and arguments', async () => {
    await expectClean(
      'scripts/x.mjs',
      "import { spawnSync } from 'node:child_process';\nexport const r = spawnSync('npm', ['audit', '--json']);\n",
    );
  });
});

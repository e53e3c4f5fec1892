// ESLint flat config. Process boundaries and the Electron security baseline are lint errors.
//
// Two flat-config facts shape this file (see /work/shared/toolchain-notes.md):
// - A later block that sets the same rule for the same file REPLACES the earlier options. So every
//   block below that sets `no-restricted-syntax` or `@typescript-eslint/no-restricted-imports`
//   sets the complete list for its files (security selectors included); the areas do not overlap.
// - `no-restricted-imports` only sees static imports/exports; `import('x')` and `require('x')` are
//   caught by `no-restricted-syntax` selectors generated from the same regexes.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginSecurity from 'eslint-plugin-security';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// Electron security baseline (DESIGN.md "Security baseline"): errors everywhere under src/.
// `{ key: value }` object literals only; identifier keys (key.name) and quoted keys (key.value).
const insecureOptions = [
  ['nodeIntegration', 'true', 'gives page scripts full Node.js access (any XSS becomes code execution)'],
  ['nodeIntegrationInWorker', 'true', 'gives web workers full Node.js access'],
  ['nodeIntegrationInSubFrames', 'true', 'gives iframes/child frames Node.js access'],
  ['contextIsolation', 'false', 'lets page scripts reach the preload world and the bridge internals'],
  ['sandbox', 'false', 'runs the renderer (and preload) outside the Chromium sandbox'],
  ['webSecurity', 'false', 'disables the same-origin policy'],
  ['allowRunningInsecureContent', 'true', 'lets https pages load http scripts/styles'],
  ['experimentalFeatures', 'true', 'enables unfinished Chromium features in the renderer'],
  ['webviewTag', 'true', 'enables <webview>, which can load remote content with its own preferences'],
];
const securitySelectors = [
  ...insecureOptions.flatMap(([key, value, why]) =>
    ['name', 'value'].map((keyField) => ({
      selector: `ObjectExpression > Property[key.${keyField}='${key}'][value.type='Literal'][value.value=${value}]`,
      message: `Electron security baseline: \`${key}: ${value}\` is forbidden — it ${why}. Keep the secure default (DESIGN.md "Security baseline").`,
    })),
  ),
  ...['name', 'value'].map((keyField) => ({
    selector: `ObjectExpression > Property[key.${keyField}='enableBlinkFeatures']`,
    message:
      'Electron security baseline: `enableBlinkFeatures` is forbidden (any value) — it turns on Blink features that are off for security reasons.',
  })),
];
const openExternalMessage =
  'Electron security baseline: call shell.openExternal only in src/main/shell/external-links.ts, the one function that vets https: URLs — opening unvetted URLs can launch arbitrary protocol handlers.';
const openExternalSelectors = [
  "CallExpression[callee.property.name='openExternal']",
  "CallExpression[callee.property.value='openExternal']",
  "CallExpression[callee.name='openExternal']",
].map((selector) => ({ selector, message: openExternalMessage }));

// ---------------------------------------------------------------------------------------------
// Import boundaries. Each rule is a regex on the module specifier as written.
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/[/.]/g, '\\$&'));
/** Specifier that climbs out with ../ (or names src/... or an @alias) into one of `dirs`. */
const into = (dirs) => `^(?:(?:\\.\\./)+|(?:.*/)?src/|@)(?:${dirs})(?:/|$)`;

const R = {
  electron: '^electron(?:/|$)',
  node: `^(?:node:.*|(?:${nodeBuiltins.join('|')})(?:/.*)?)$`,
  electronRemote: {
    regex: '^@electron/remote(?:/|$)',
    message: 'imports @electron/remote, which hands the renderer main-process objects (security baseline)',
  },
};
// After `into('preload')`: the rest of the specifier is (not) the preload's type declarations.
const preloadIndex = '(?=(?:index(?:\\.d)?(?:\\.ts)?)?$)';
const notPreloadIndex = '(?!(?:index(?:\\.d)?(?:\\.ts)?)?$)';
const rule = (regex, message, extra = {}) => ({ regex, message, ...extra });
const areaRules = {
  base: [R.electronRemote],
  shell: [
    R.electronRemote,
    rule(
      into('renderer|cli'),
      'crosses a process boundary: the Electron shell must not import the renderer or the CLI',
    ),
  ],
  core: [
    R.electronRemote,
    rule(
      R.electron,
      'imports Electron from the core worker: the core never imports Electron, so the same core runs under Electron, the browser shell and the CLI',
    ),
    rule(
      `${into('renderer|preload|cli')}|^(?:\\.\\./)+(?:main/)?shell(?:/|$)`,
      'crosses a process boundary: the core (src/main/core) must not import the shell, preload, renderer or CLI',
    ),
  ],
  shared: [
    rule(
      '^(?!\\.{1,2}/|@shared/|zod(?:/|$)|decimal\\.js(?:/|$)|currency-codes(?:/|$))',
      'breaks src/shared purity: shared code runs in every process, so it may import only src/shared files, zod, decimal.js and currency-codes (no node:*, electron, React or DOM libraries)',
    ),
    rule(
      into('main|preload|renderer|cli|simulator'),
      'breaks src/shared purity: shared code must not import any process-specific code',
    ),
  ],
  preload: [
    rule(
      '^(?!electron$)(?!(?:\\.\\./)+shared/ipc/channels(?:\\.ts)?$)(?!@shared/ipc/channels(?:\\.ts)?$)',
      'breaks the preload boundary: the sandboxed preload may import only "electron" and src/shared/ipc/channels.ts (type-only imports are fine)',
      { allowTypeImports: true },
    ),
  ],
  renderer: [
    R.electronRemote,
    rule(
      R.electron,
      'imports Electron from the renderer: the page talks to main only through window.floatdesk',
    ),
    rule(R.node, 'imports a Node.js builtin from the renderer: the page has no Node; ask the core over IPC'),
    rule(
      `${into('main|cli|simulator')}|${into('preload')}${notPreloadIndex}`,
      'crosses a process boundary: the renderer must not import src/main, src/preload, src/cli or src/simulator',
    ),
    rule(
      `${into('preload')}${preloadIndex}`,
      'crosses a process boundary: the renderer may import src/preload/index.d.ts only with `import type`',
      { allowTypeImports: true },
    ),
  ],
  simulator: [
    R.electronRemote,
    rule(R.electron, 'imports Electron from the simulator, which is a plain Node HTTP server'),
    rule(
      into('main|cli|renderer|preload'),
      'crosses a boundary: the simulator is an independent implementation of the platform and must not import src/main, src/cli or the UI (shared parsing would hide contract mistakes)',
    ),
  ],
  cli: [
    R.electronRemote,
    rule(R.electron, 'imports Electron from the CLI, which runs under plain Node'),
    rule(
      `${into('renderer|preload')}|${into('main/shell')}|${into('main/index')}`,
      'crosses a process boundary: the CLI may use src/main/core, src/shared and src/simulator, not the Electron shell, preload or renderer',
    ),
  ],
};

/** esquery regex literal: it cannot contain a raw "/", so escape it. */
const esq = (regex) => `/${regex.replaceAll('/', '\\x2F')}/`;
/** `import('x')`, `require('x')`, `module.require('x')` and `import x = require('x')` for one regex. */
function dynamicImportSelectors({ regex, message }) {
  const re = esq(regex);
  return [
    `ImportExpression[source.value=${re}]`,
    `ImportExpression > TemplateLiteral.source[quasis.0.value.cooked=${re}]`,
    `CallExpression[callee.name='require'][arguments.0.value=${re}]`,
    `CallExpression[callee.property.name='require'][arguments.0.value=${re}]`,
    `TSExternalModuleReference[expression.value=${re}]`,
  ].map((selector) => ({ selector, message: `Boundary: this ${message}.` }));
}

function areaBlock(name, files, ignores = [], { openExternal = false } = {}) {
  const rules = areaRules[name];
  return {
    name: `floatdesk/boundaries/${name}${openExternal ? '-external-links' : ''}`,
    files,
    ignores,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: rules.map(({ message, ...r }) => ({
            ...r,
            caseSensitive: true,
            message: `Boundary: this ${message}.`,
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...securitySelectors,
        ...(openExternal ? [] : openExternalSelectors),
        ...rules.flatMap(dynamicImportSelectors),
      ],
    },
  };
}

const SRC = 'src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const under = (dir) => `${dir}/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}`;
const EXTERNAL_LINKS = 'src/main/shell/external-links.ts';

export default defineConfig(
  globalIgnores([
    'out/',
    'dist/',
    'node_modules/',
    'reports/',
    'test-results/',
    'playwright-report/',
    '.tmp/',
    'coverage/',
    'release/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'floatdesk/general',
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      eqeqeq: ['error', 'smart'],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      'no-throw-literal': 'error',
    },
  },
  {
    name: 'floatdesk/browser-globals',
    files: [under('src/renderer'), under('src/preload')],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'floatdesk/shared-globals',
    files: [under('src/shared')],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          'require',
          '__dirname',
          '__filename',
          'global',
          'window',
          'document',
          'navigator',
          'localStorage',
        ].map((name) => ({
          name,
          message: `src/shared is pure TypeScript shared by every process: \`${name}\` exists only in Node or only in the browser.`,
        })),
      ],
    },
  },

  // Process boundaries + security selectors. One block per area; the areas do not overlap.
  areaBlock('base', [SRC]),
  areaBlock('shell', [under('src/main')], [under('src/main/core'), EXTERNAL_LINKS]),
  areaBlock('shell', [EXTERNAL_LINKS], [], { openExternal: true }),
  areaBlock('core', [under('src/main/core')]),
  areaBlock('shared', [under('src/shared')]),
  areaBlock('preload', [under('src/preload')]),
  areaBlock('renderer', [under('src/renderer')]),
  areaBlock('simulator', [under('src/simulator')]),
  areaBlock('cli', [under('src/cli')]),

  // console: the core, shared code and the UI log through their own channels; console.error/warn stay
  // available for last-resort reporting. The CLI and scripts print to the terminal by design.
  {
    name: 'floatdesk/console',
    files: [under('src/main/core'), under('src/shared'), under('src/renderer')],
    rules: { 'no-console': ['error', { allow: ['error', 'warn'] }] },
  },

  // eslint-plugin-security: every recommended rule as an error in the code that ships or runs
  // (src, scripts, bench). Tests are left out: they build hostile inputs on purpose.
  {
    name: 'floatdesk/security-plugin',
    files: [SRC, under('scripts'), under('bench')],
    plugins: pluginSecurity.configs.recommended.plugins,
    rules: {
      ...Object.fromEntries(Object.keys(pluginSecurity.configs.recommended.rules).map((r) => [r, 'error'])),
      // Noise here: flags every obj[key] (typed records, arrays, Maps-by-object); TypeScript checks the keys.
      'security/detect-object-injection': 'off',
      // Noise here: every path FloatDesk touches is computed (workspace dir, export target chosen by the user).
      'security/detect-non-literal-fs-filename': 'off',
      // Noise here: safe-regex's star-height heuristic flags every quantified group holding a quantifier,
      // e.g. /^-?\d+(\.\d+)?$/ — 51 findings, none super-linear (each repetition needs a delimiter).
      'security/detect-unsafe-regex': 'off',
    },
  },
  {
    // detect-possible-timing-attacks matches names (hash, token), not secrets: here it would flag hash-table
    // probing and the page checking that it has a token. Secrets are compared in main/core/cli with
    // timingSafeEqual, where the rule stays on.
    name: 'floatdesk/security-plugin-timing-noise',
    files: [under('src/main/core/recon/match'), under('src/renderer')],
    rules: { 'security/detect-possible-timing-attacks': 'off' },
  },

  // React hooks (all findings are errors: we lint with --max-warnings 0 anyway).
  {
    name: 'floatdesk/react-hooks',
    files: [under('src/renderer')],
    plugins: reactHooks.configs.flat['recommended-latest'].plugins,
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.flat['recommended-latest'].rules).map((r) => [r, 'error']),
    ),
  },
);

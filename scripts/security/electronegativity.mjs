// Runs @doyensec/electronegativity through its JS API, offline and without writing files.
//
// The package's `main` (dist/runner.js) exports `async run(options)`, which resolves to
// `{ globalChecks, atomicChecks, errors, issues }` when called without its CLI flag. Two of its
// modules go online through `got`: dist/locales/i18n.js fetches translations from S3 on every run,
// and the AvailableSecurityFixesGlobalCheck downloads Electron's release list into the OS temp
// directory. We exclude that check, pre-seed Node's module cache with an offline i18n loader
// (bundled en-US strings), and replace `got` with a stub that refuses, so nothing can reach the net.
// We pass no `output` option, so the runner writes no report file.
import Module, { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const OFFLINE_EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
// Syntax newer than the runner's default Babel plugin list (TS `accessor`, `using`).
const EXTRA_PARSER_PLUGINS = ['decoratorAutoAccessors', 'explicitResourceManagement'];

function seedModule(filename, exports) {
  const mod = new Module(filename);
  mod.filename = filename;
  mod.loaded = true;
  mod.exports = exports;
  createRequire(import.meta.url).cache[filename] = mod; // require.cache is shared by all require()s
}

/** Loads the runner with networking disabled. Returns `{ run, version }`. */
export function loadElectronegativity(fromDir) {
  const requireFrom = createRequire(join(fromDir, 'package.json'));
  const pkgPath = requireFrom.resolve('@doyensec/electronegativity/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const pkgRequire = createRequire(pkgPath);
  const i18nPath = join(dirname(pkgPath), 'dist', 'locales', 'i18n.js');
  if (!existsSync(i18nPath)) {
    throw new Error(
      `@doyensec/electronegativity ${pkg.version}: ${i18nPath} not found — the package layout changed; ` +
        'update scripts/security/electronegativity.mjs so the gate stays offline',
    );
  }
  const refuse = () => Promise.reject(new Error('network access disabled by scripts/security-gate.mjs'));
  for (const user of [i18nPath, pkgPath]) seedModule(createRequire(user).resolve('got'), refuse);

  const i18n = createRequire(i18nPath)('i18n');
  seedModule(i18nPath, async function offlineI18n() {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(i18nPath),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: globalThis, // the checks call a global `__()` for their descriptions
    });
    i18n.setLocale('en-US');
  });

  return { run: pkgRequire(join(dirname(pkgPath), pkg.main)), version: pkg.version };
}

/** The Electron version the checks should assume (their defaults differ by version). */
export function installedElectronVersion(fromDir) {
  // Reading electron/package.json does not trigger electron's binary download (requiring electron does).
  const pkgPath = createRequire(join(fromDir, 'package.json')).resolve('electron/package.json');
  return JSON.parse(readFileSync(pkgPath, 'utf8')).version;
}

const toPosix = (p) => p.split(sep).join('/');

/**
 * Scans `inputDir`. Returns `{ findings, unparsed, checks }`, where a finding is
 * `{ check, file, line, column, severity, confidence, manualReview, description, url }` with `file`
 * relative to `inputDir` ('/' separators; 'N/A' for project-wide findings) and `unparsed` lists files
 * the scanner could not parse (so did not check).
 */
export async function scan({ run }, inputDir, electronVersion) {
  const result = await run({
    input: inputDir,
    electronVersionOverride: electronVersion,
    excludeFromScan: OFFLINE_EXCLUDED_CHECKS,
    parserPlugins: EXTRA_PARSER_PLUGINS,
  });
  const rel = (file) => (file === 'N/A' ? 'N/A' : toPosix(relative(inputDir, file)));
  const findings = result.issues.map((issue) => ({
    check: issue.id,
    file: rel(issue.file),
    line: issue.location?.line ?? 0,
    column: issue.location?.column ?? 0,
    severity: issue.severity?.name ?? String(issue.severity),
    confidence: issue.confidence?.name ?? String(issue.confidence),
    manualReview: Boolean(issue.manualReview),
    description: issue.description,
    url: issue.shortenedURL,
  }));
  const unparsed = result.errors
    .filter((e) => !e.tolerable)
    .map((e) => ({ file: rel(e.file), message: e.message }));
  return { findings, unparsed, checks: result.globalChecks + result.atomicChecks };
}

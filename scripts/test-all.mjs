// `npm test`: every layer in order, then one closing line "N passed, N failed" summing them all.
// Static checks (typecheck, lint, security gate, build) count as one test each; vitest and
// Playwright report their own counts through their JSON reporters.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
/** The exit status of the last command run. */
let spawnStatus = null;
let failed = 0;
const summary = [];

function run(label, command, args) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  spawnStatus = result.status;
  return { ok: result.status === 0, seconds };
}

function check(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  ok ? passed++ : failed++;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${seconds}s)`);
  return ok;
}

/**
 * The dependency audit needs the registry's audit service. Where that service refuses or cannot be
 * reached (exit 2) the audit did not run: said loudly in the summary, counted neither way.
 */
function audit() {
  const label = 'dependency audit';
  const result = run(label, process.execPath, ['scripts/audit-gate.mjs']);
  const status = spawnStatus;
  if (status === 2) {
    summary.push(
      `SKIP ${label}: NOT RUN, the registry's audit service could not be reached (${result.seconds}s)`,
    );
    return;
  }
  result.ok ? passed++ : failed++;
  summary.push(`${result.ok ? 'ok  ' : 'FAIL'} ${label} (${result.seconds}s)`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A runner that exits non-zero without reporting a failed test still counts as one failure. */
function counted(label, ok, seconds, pass, fail) {
  passed += pass;
  failed += fail + (!ok && fail === 0 ? 1 : 0);
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${pass} passed, ${fail} failed (${seconds}s)`);
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

check('typecheck', npm, ['run', '--silent', 'typecheck']);
check('lint', npm, ['run', '--silent', 'lint']);
check('security gate', npm, ['run', '--silent', 'security']);
audit();
const built = check('build', npm, ['run', '--silent', 'build']);

const vitestReport = join(reports, 'vitest.json');
const vitest = run('unit + integration (vitest)', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const v = readJson(vitestReport);
counted('unit + integration', vitest.ok, vitest.seconds, v?.numPassedTests ?? 0, v?.numFailedTests ?? 0);

if (built) {
  const playwrightReport = join(reports, 'playwright.json');
  const e2e = run('e2e (playwright, chromium)', npx, ['playwright', 'test']);
  const p = existsSync(playwrightReport) ? readJson(playwrightReport) : undefined;
  const stats = p?.stats ?? {};
  counted('e2e', e2e.ok, e2e.seconds, (stats.expected ?? 0) + (stats.flaky ?? 0), stats.unexpected ?? 0);
} else {
  failed++;
  summary.push('FAIL e2e: skipped because the build failed');
}

console.log('\n' + summary.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

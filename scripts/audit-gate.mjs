#!/usr/bin/env node
// The dependency gate of `npm test`: `npm audit --omit=dev` must show no high or critical advisory
// that is not reviewed in security/audit-reviewed.json. Exit 0: passed (one summary line). Exit 1:
// an unreviewed high/critical advisory, or an unreadable review file or an entry without a real
// reason. Exit 2: the audit could not be run or read (no registry, an error answer): a gate never
// passes without evidence, and `npm test` reports it as NOT RUN.
//
//   node scripts/audit-gate.mjs                 runs npm audit --omit=dev --json
//   node scripts/audit-gate.mjs --report <file> evaluates a saved `npm audit --json` output
//   node scripts/audit-gate.mjs --reviewed <file> another review file (tests)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const GATED_SEVERITIES = ['high', 'critical'];
const MIN_REASON_LENGTH = 20;

/**
 * Every advisory in an npm (7+) audit report: the objects in each vulnerability's `via` (strings
 * there only name another vulnerable package, whose own entry carries the advisory). Deduplicated.
 */
export function advisoriesOf(report) {
  const found = new Map();
  for (const [pkg, entry] of Object.entries(report.vulnerabilities ?? {})) {
    for (const via of entry?.via ?? []) {
      if (via === null || typeof via !== 'object') continue;
      const advisory = {
        id: via.source ?? null,
        url: typeof via.url === 'string' ? via.url : null,
        name: typeof via.name === 'string' ? via.name : pkg,
        title: typeof via.title === 'string' ? via.title : '(no title)',
        severity: typeof via.severity === 'string' ? via.severity : (entry.severity ?? 'unknown'),
        range: typeof via.range === 'string' ? via.range : '',
      };
      const key = advisory.url ?? `${advisory.id ?? ''}|${advisory.name}|${advisory.title}`;
      if (!found.has(key)) found.set(key, advisory);
    }
  }
  return [...found.values()];
}

/** Problems with the review file itself: each entry must name what it covers and say why. */
export function reviewProblems(reviewFile) {
  const problems = [];
  if (reviewFile === null || typeof reviewFile !== 'object' || !Array.isArray(reviewFile.reviewed)) {
    return ['the review file must be {"reviewed": [...]}'];
  }
  reviewFile.reviewed.forEach((review, index) => {
    const label = `review entry ${index + 1}`;
    if (review === null || typeof review !== 'object') return problems.push(`${label} is not an object`);
    if (review.id === undefined && review.url === undefined && review.name === undefined)
      problems.push(`${label} names no advisory (give "id", "url" or "name")`);
    if (!GATED_SEVERITIES.includes(review.severity))
      problems.push(`${label} must give the severity it was reviewed at ("high" or "critical")`);
    if (typeof review.decision !== 'string' || review.decision.trim() === '')
      problems.push(`${label} has no decision`);
    if (typeof review.reason !== 'string' || review.reason.trim().length < MIN_REASON_LENGTH)
      problems.push(`${label} has no real reason (at least ${MIN_REASON_LENGTH} characters)`);
  });
  return problems;
}

/** The review that covers `advisory`: same id, url or package, reviewed at the same severity. */
export function reviewFor(advisory, reviewed) {
  return reviewed.find(
    (review) =>
      review.severity === advisory.severity &&
      ((review.id !== undefined && String(review.id) === String(advisory.id)) ||
        (review.url !== undefined && review.url === advisory.url) ||
        (review.name !== undefined &&
          review.id === undefined &&
          review.url === undefined &&
          review.name === advisory.name)),
  );
}

/** Why `report` is not an audit result (an error answer, not JSON of the right shape), or null. */
export function reportError(report) {
  if (report === null || typeof report !== 'object') return 'npm audit printed no JSON report';
  if (report.error !== undefined || report.statusCode !== undefined || report.message !== undefined) {
    const detail =
      report.message ?? report.error?.summary ?? report.error?.detail ?? `HTTP ${report.statusCode}`;
    return `the audit service answered with an error: ${String(detail).split('\n')[0]}`;
  }
  if (typeof report.vulnerabilities !== 'object' || report.vulnerabilities === null)
    return 'the report has no "vulnerabilities" map (npm 7+ format expected)';
  return null;
}

/**
 * Pure verdict on an `npm audit --json` report and the review file.
 * Returns {exitCode: 0 | 1 | 2, lines: string[]} — the lines are what the gate prints.
 */
export function evaluateAudit(report, reviewFile) {
  const error = reportError(report);
  if (error !== null) {
    return {
      exitCode: 2,
      lines: [
        `audit gate: could not check the dependencies — ${error}. The gate does not pass without an audit; run it where the npm registry's audit endpoint is reachable.`,
      ],
    };
  }
  const problems = reviewProblems(reviewFile);
  if (problems.length > 0) {
    return {
      exitCode: 1,
      lines: problems.map((problem) => `audit gate: security/audit-reviewed.json: ${problem}`),
    };
  }
  const advisories = advisoriesOf(report);
  const gated = advisories.filter((advisory) => GATED_SEVERITIES.includes(advisory.severity));
  const unreviewed = gated.filter((advisory) => reviewFor(advisory, reviewFile.reviewed) === undefined);
  const counts = report.metadata?.vulnerabilities ?? {};
  const tally = ['critical', 'high', 'moderate', 'low']
    .map(
      (severity) =>
        `${counts[severity] ?? advisories.filter((a) => a.severity === severity).length} ${severity}`,
    )
    .join(', ');
  if (unreviewed.length > 0) {
    return {
      exitCode: 1,
      lines: [
        ...unreviewed.map(
          (a) =>
            `audit gate: ${a.severity.toUpperCase()} ${a.name}${a.range ? ` ${a.range}` : ''}: ${a.title}${a.url ? ` (${a.url})` : ''} — not reviewed. Update the dependency, or record the decision and its reason in security/audit-reviewed.json.`,
        ),
        `audit gate: FAILED — ${unreviewed.length} unreviewed high/critical ${unreviewed.length === 1 ? 'advisory' : 'advisories'} (${tally}).`,
      ],
    };
  }
  return {
    exitCode: 0,
    lines: [
      `audit gate: passed — production dependencies: ${tally}; ${gated.length} high/critical, all reviewed.`,
    ],
  };
}

function option(args, name) {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Runs `npm audit --omit=dev --json`; its exit status is 1 when anything is found, so read the JSON. */
function runNpmAudit() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { error: { summary: `npm audit could not run (${result.error.message})` } };
  try {
    return JSON.parse(result.stdout);
  } catch {
    const said = (result.stderr || result.stdout || '').trim().split('\n').pop() ?? '';
    return { error: { summary: `npm audit printed no JSON (exit ${result.status}): ${said}` } };
  }
}

function main(args) {
  const reviewedPath = option(args, '--reviewed') ?? join(repoRoot, 'security', 'audit-reviewed.json');
  const reportPath = option(args, '--report');
  let reviewFile;
  try {
    reviewFile = readJson(reviewedPath);
  } catch (error) {
    // Our own review record must always be readable: a broken one fails the gate.
    console.error(`audit gate: cannot read ${reviewedPath}: ${error.message}`);
    return 1;
  }
  let report;
  try {
    report = reportPath === undefined ? runNpmAudit() : readJson(reportPath);
  } catch (error) {
    report = { error: { summary: `cannot read ${reportPath}: ${error.message}` } };
  }
  const verdict = evaluateAudit(report, reviewFile);
  for (const line of verdict.lines) (verdict.exitCode === 0 ? console.log : console.error)(line);
  return verdict.exitCode;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}

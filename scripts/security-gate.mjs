#!/usr/bin/env node
// Security gate: electronegativity findings against a reviewed baseline, plus the renderer's CSP.
//
//   node scripts/security-gate.mjs [--input <dir>] [--baseline <file>] [--html <file>] [--electron-version <x.y.z>]
//
// Defaults (relative to the repository root): --input src,
// --baseline security/electronegativity-baseline.json, --html src/renderer/index.html,
// --electron-version = the installed electron package. Explicit paths are relative to the cwd.
// Exit 0: pass (one summary line). Exit 1: new findings / weak or missing CSP (each one listed).
// Exit 2: the gate could not run (bad arguments, unreadable baseline, scanner crash).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { evaluateCsp, extractMetaCsp, loadCspTools } from './security/csp.mjs';
import { installedElectronVersion, loadElectronegativity, scan } from './security/electronegativity.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MIN_JUSTIFICATION = 20;

class UsageError extends Error {}

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      input: { type: 'string' },
      baseline: { type: 'string' },
      html: { type: 'string' },
      'electron-version': { type: 'string' },
    },
    strict: true,
  });
  const path = (value, fallback) => (value ? resolve(value) : resolve(repoRoot, fallback));
  return {
    input: path(values.input, 'src'),
    baseline: path(values.baseline, 'security/electronegativity-baseline.json'),
    html: path(values.html, 'src/renderer/index.html'),
    electronVersion: values['electron-version'],
  };
}

/** `{ accepted: [{ check, file, justification }] }`; `file` is relative to the scanned directory. */
function loadBaseline(file) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read baseline ${file}: ${error.message}`);
  }
  if (!data || !Array.isArray(data.accepted))
    throw new UsageError(`baseline ${file}: expected {"accepted": [...]}`);
  data.accepted.forEach((entry, i) => {
    const bad = (why) => new UsageError(`baseline ${file}: accepted[${i}] ${why}`);
    for (const key of ['check', 'file', 'justification']) {
      if (typeof entry?.[key] !== 'string' || entry[key].trim() === '')
        throw bad(`needs a non-empty "${key}"`);
    }
    if (entry.justification.trim().length < MIN_JUSTIFICATION) {
      throw bad(
        `(${entry.check} ${entry.file}): write a real justification (why it is safe), not "${entry.justification}"`,
      );
    }
  });
  return data.accepted;
}

const key = (check, file) => `${check}\u0000${file}`;
const show = (p) => relative(process.cwd(), p) || '.';

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  if (!existsSync(opts.input)) throw new UsageError(`input directory ${opts.input} does not exist`);
  const accepted = loadBaseline(opts.baseline);
  const electronVersion = opts.electronVersion ?? installedElectronVersion(repoRoot);
  const failures = [];

  // 1. electronegativity against the baseline (check id + file; line numbers are ignored on purpose).
  const scanner = loadElectronegativity(repoRoot);
  const { findings, unparsed, checks } = await scan(scanner, opts.input, electronVersion);
  const acceptedKeys = new Set(accepted.map((a) => key(a.check, a.file)));
  const fresh = findings.filter((f) => !acceptedKeys.has(key(f.check, f.file)));
  const matched = new Set(findings.map((f) => key(f.check, f.file)));
  const stale = accepted.filter((a) => !matched.has(key(a.check, a.file)));
  if (fresh.length > 0) {
    failures.push(
      `electronegativity: ${fresh.length} finding(s) not in the reviewed baseline ${show(opts.baseline)}:`,
      ...fresh.map(
        (f) =>
          `  ${f.check}  ${f.file}:${f.line}:${f.column}  ${f.description} ` +
          `[${f.severity}/${f.confidence}${f.manualReview ? ', manual review' : ''}] ${f.url ?? ''}`.trimEnd(),
      ),
      '  Fix the code; or, after review, accept it by adding {"check", "file", "justification"} to the baseline',
      `  ("file" relative to ${show(opts.input)}).`,
    );
  }
  if (unparsed.length > 0) {
    failures.push(
      `electronegativity: ${unparsed.length} file(s) could not be parsed, so they were NOT checked:`,
      ...unparsed.map((u) => `  ${u.file}: ${u.message}`),
    );
  }

  // 2. The renderer's CSP meta tag.
  let cspSummary;
  if (!existsSync(opts.html)) {
    failures.push(
      `CSP: ${show(opts.html)} not found, so the renderer's Content-Security-Policy cannot be checked.`,
    );
  } else {
    const tools = loadCspTools(repoRoot);
    const { policies, problems } = extractMetaCsp(tools, readFileSync(opts.html, 'utf8'));
    if (policies.length === 0 || problems.length > 0) {
      failures.push(
        `CSP: ${show(opts.html)}: ${problems.join('; ')} — the renderer needs a strict CSP in <head>.`,
      );
    }
    let advisory = 0;
    for (const policy of policies) {
      const result = evaluateCsp(tools, policy);
      advisory += result.advisory.length;
      if (result.failing.length > 0) {
        failures.push(
          `CSP: ${show(opts.html)}: ${result.failing.length} high/medium finding(s) in "${policy}":`,
          ...result.failing.map(
            (f) => `  ${f.severity}  ${f.directive}${f.value ? ` ${f.value}` : ''}: ${f.description}`,
          ),
        );
      }
    }
    cspSummary = `CSP in ${show(opts.html)}: no high/medium findings (${advisory} advisory)`;
  }

  if (failures.length > 0) {
    console.error(`security gate: FAILED\n${failures.join('\n')}`);
    return 1;
  }
  for (const a of stale) {
    console.log(
      `security gate: note: baseline entry ${a.check} ${a.file} matches no finding any more; remove it.`,
    );
  }
  console.log(
    `security gate: OK — electronegativity ${scanner.version} (${checks} checks, Electron ${electronVersion}) on ` +
      `${show(opts.input)}: 0 new findings, ${findings.length} accepted by the baseline; ${cspSummary}.`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    const usage = error instanceof UsageError || error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    console.error(`security gate: could not run: ${usage ? error.message : (error?.stack ?? error)}`);
    process.exitCode = 2;
  },
);

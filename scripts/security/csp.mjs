// Evaluates the renderer's Content-Security-Policy <meta> tag with the CSP evaluator that
// electronegativity ships (@doyensec/csp-evaluator, a port of Google's CSP Evaluator).
//
// API: `new CspParser(raw).csp` -> `new CspEvaluator(csp, Version.CSP3).evaluate()` -> findings
// `{ type, description, severity, directive, value }`, severity a number from `severities`
// (HIGH 10, SYNTAX 20, MEDIUM 30, HIGH_MAYBE 40, STRICT_CSP 45, MEDIUM_MAYBE 50, INFO 60).
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Severities that fail the gate. 'unsafe-eval' fails too although the evaluator grades it only
 * MEDIUM_MAYBE: Electron itself warns about it, and nothing in this app needs eval.
 * SYNTAX findings are reported but do not fail: this 2020 evaluator calls Trusted Types
 * directives ("require-trusted-types-for", "trusted-types") and 'wasm-unsafe-eval' unknown.
 */
const FAILING = new Set(['HIGH', 'MEDIUM']);

export function loadCspTools(fromDir) {
  const requireFrom = createRequire(join(fromDir, 'package.json'));
  const enRequire = createRequire(requireFrom.resolve('@doyensec/electronegativity/package.json'));
  // Both come with electronegativity: the evaluator it uses, and the HTML parser it uses.
  return { csp: enRequire('@doyensec/csp-evaluator'), cheerio: enRequire('cheerio') };
}

/**
 * The CSP <meta> tags in `html`. Returns `{ policies, problems }`: `policies` are the `content`
 * strings of meta tags inside <head>; `problems` says why there is no usable policy.
 */
export function extractMetaCsp({ cheerio }, html) {
  const $ = cheerio.load(html);
  const metas = $('meta[http-equiv]').filter(
    (_i, el) => ($(el).attr('http-equiv') ?? '').trim().toLowerCase() === 'content-security-policy',
  );
  const policies = [];
  const problems = [];
  metas.each((_i, el) => {
    if ($(el).closest('head').length === 0) {
      problems.push('a Content-Security-Policy <meta> tag outside <head> is ignored by the browser');
    } else {
      policies.push($(el).attr('content') ?? '');
    }
  });
  if (metas.length === 0) problems.push('no <meta http-equiv="Content-Security-Policy"> tag found');
  return { policies, problems };
}

/** Returns `{ failing, advisory }`, each `[{ severity, directive, value, description }]`. */
export function evaluateCsp({ csp }, policy) {
  const severityName = Object.fromEntries(Object.entries(csp.severities).map(([name, n]) => [n, name]));
  const findings = new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3)
    .evaluate()
    .map((f) => ({
      severity: severityName[f.severity] ?? String(f.severity),
      directive: f.directive,
      value: f.value,
      description: f.description,
    }));
  const fails = (f) => FAILING.has(f.severity) || f.value === "'unsafe-eval'";
  return { failing: findings.filter(fails), advisory: findings.filter((f) => !fails(f)) };
}

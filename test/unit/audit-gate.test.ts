// scripts/audit-gate.mjs: the pure verdict on `npm audit --omit=dev --json` output (npm 11 format)
// and the review file, plus the script's exit codes on saved reports.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { advisoriesOf, evaluateAudit, reviewProblems } from '../../scripts/audit-gate.mjs';

const GHSA_HIGH = 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc';
const GHSA_CRIT = 'https://github.com/advisories/GHSA-dddd-eeee-ffff';

const metadata = (counts: Partial<Record<string, number>>) => ({
  vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
  dependencies: { prod: 120, dev: 0, optional: 3, peer: 0, peerOptional: 0, total: 122 },
});

const CLEAN = { auditReportVersion: 2, vulnerabilities: {}, metadata: metadata({}) };

/** npm 11: `undici` has the advisory itself; `some-sdk` is vulnerable only through it (a string in via). */
const HIGH_VIA_DEPENDENCY = {
  auditReportVersion: 2,
  vulnerabilities: {
    undici: {
      name: 'undici',
      severity: 'high',
      isDirect: true,
      via: [
        {
          source: 1104001,
          name: 'undici',
          dependency: 'undici',
          title: 'Proxy-Authorization header kept across cross-origin redirects',
          url: GHSA_HIGH,
          severity: 'high',
          cwe: ['CWE-200'],
          cvss: { score: 7.5, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N' },
          range: '<7.31.0',
        },
      ],
      effects: ['some-sdk'],
      range: '<7.31.0',
      nodes: ['node_modules/undici'],
      fixAvailable: true,
    },
    'some-sdk': {
      name: 'some-sdk',
      severity: 'high',
      isDirect: false,
      via: ['undici'],
      effects: [],
      range: '*',
      nodes: ['node_modules/some-sdk'],
      fixAvailable: true,
    },
    'left-pad': {
      name: 'left-pad',
      severity: 'moderate',
      isDirect: false,
      via: [
        {
          source: 1104002,
          name: 'left-pad',
          dependency: 'left-pad',
          title: 'Regular expression denial of service',
          url: 'https://github.com/advisories/GHSA-mmmm-oooo-dddd',
          severity: 'moderate',
          range: '<1.3.1',
        },
      ],
      effects: [],
      range: '<1.3.1',
      nodes: ['node_modules/left-pad'],
      fixAvailable: false,
    },
  },
  metadata: metadata({ moderate: 1, high: 2, total: 3 }),
};

const CRITICAL = {
  auditReportVersion: 2,
  vulnerabilities: {
    'xml-thing': {
      name: 'xml-thing',
      severity: 'critical',
      isDirect: true,
      via: [
        {
          source: 1104003,
          name: 'xml-thing',
          dependency: 'xml-thing',
          title: 'Prototype pollution in parser',
          url: GHSA_CRIT,
          severity: 'critical',
          range: '<=2.0.0',
        },
      ],
      effects: [],
      range: '<=2.0.0',
      nodes: ['node_modules/xml-thing'],
      fixAvailable: false,
    },
  },
  metadata: metadata({ critical: 1, total: 1 }),
};

/** What npm 11 prints with --json when the audit endpoint refuses (seen on this machine's registry). */
const ENDPOINT_ERROR = {
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
};

const REASON = 'Only reachable through the simulator in tests; production never proxies.';
const reviewed = (...entries: object[]) => ({ reviewed: entries });

describe('evaluateAudit', () => {
  it('passes a clean report with one summary line', () => {
    const verdict = evaluateAudit(CLEAN, reviewed());
    expect(verdict.exitCode).toBe(0);
    expect(verdict.lines).toEqual([
      'audit gate: passed — production dependencies: 0 critical, 0 high, 0 moderate, 0 low; 0 high/critical, all reviewed.',
    ]);
  });

  it('passes moderate and low advisories', () => {
    const onlyModerate = {
      ...HIGH_VIA_DEPENDENCY,
      vulnerabilities: { 'left-pad': HIGH_VIA_DEPENDENCY.vulnerabilities['left-pad'] },
    };
    expect(evaluateAudit(onlyModerate, reviewed()).exitCode).toBe(0);
  });

  it('fails on an unreviewed high advisory, naming it once (not again for the package that depends on it)', () => {
    const verdict = evaluateAudit(HIGH_VIA_DEPENDENCY, reviewed());
    expect(verdict.exitCode).toBe(1);
    const named = verdict.lines.filter((line) => line.includes('not reviewed'));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain('HIGH undici <7.31.0');
    expect(named[0]).toContain(GHSA_HIGH);
    expect(verdict.lines.at(-1)).toMatch(/FAILED — 1 unreviewed high\/critical advisory/);
  });

  it('fails on an unreviewed critical advisory', () => {
    expect(evaluateAudit(CRITICAL, reviewed()).exitCode).toBe(1);
  });

  it.each([
    ['url', { url: GHSA_HIGH }],
    ['advisory id', { id: 1104001 }],
    ['advisory id as text', { id: '1104001' }],
    ['package name', { name: 'undici' }],
  ])('passes when the advisory is reviewed by %s at its severity', (_label, key) => {
    const verdict = evaluateAudit(
      HIGH_VIA_DEPENDENCY,
      reviewed({ ...key, severity: 'high', decision: 'accept until 7.31', reason: REASON }),
    );
    expect(verdict).toEqual({
      exitCode: 0,
      lines: [
        'audit gate: passed — production dependencies: 0 critical, 2 high, 1 moderate, 0 low; 1 high/critical, all reviewed.',
      ],
    });
  });

  it('asks for a new review when an advisory was reviewed at a lower severity than it has now', () => {
    const verdict = evaluateAudit(
      CRITICAL,
      reviewed({ url: GHSA_CRIT, severity: 'high', decision: 'accept', reason: REASON }),
    );
    expect(verdict.exitCode).toBe(1);
  });

  it('does not let a review of another advisory of the same package cover this one', () => {
    const verdict = evaluateAudit(
      HIGH_VIA_DEPENDENCY,
      reviewed({
        name: 'undici',
        url: 'https://github.com/advisories/GHSA-other',
        severity: 'high',
        decision: 'accept',
        reason: REASON,
      }),
    );
    expect(verdict.exitCode).toBe(1);
  });

  it('fails on a review without a real reason, decision or severity', () => {
    for (const entry of [
      { url: GHSA_HIGH, severity: 'high', decision: 'accept', reason: 'ok' },
      { url: GHSA_HIGH, severity: 'high', reason: REASON },
      { url: GHSA_HIGH, decision: 'accept', reason: REASON },
      { severity: 'high', decision: 'accept', reason: REASON },
    ]) {
      const verdict = evaluateAudit(CLEAN, reviewed(entry));
      expect(verdict.exitCode, JSON.stringify(entry)).toBe(1);
      expect(verdict.lines[0]).toMatch(/audit-reviewed\.json: review entry 1/);
    }
    expect(reviewProblems({ reviewed: 'nope' })).toEqual(['the review file must be {"reviewed": [...]}']);
  });

  it.each([
    ['the audit endpoint refused (405)', ENDPOINT_ERROR, /405 Method Not Allowed/],
    [
      'npm could not reach the registry',
      { error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND registry.npmjs.org' } },
      /ENOTFOUND/,
    ],
    ['no JSON at all', null, /no JSON report/],
    ['an old (npm 6) report', { advisories: {}, metadata: {} }, /no "vulnerabilities" map/],
  ])('exits 2 when %s: a gate never passes without an audit', (_label, report, reason) => {
    const verdict = evaluateAudit(report, reviewed());
    expect(verdict.exitCode).toBe(2);
    expect(verdict.lines).toHaveLength(1);
    expect(verdict.lines[0]).toMatch(reason);
    expect(verdict.lines[0]).toMatch(/could not check the dependencies/);
  });

  it('lists each advisory once with its package, severity and address', () => {
    expect(advisoriesOf(HIGH_VIA_DEPENDENCY).map((a) => [a.name, a.severity, a.url])).toEqual([
      ['undici', 'high', GHSA_HIGH],
      ['left-pad', 'moderate', 'https://github.com/advisories/GHSA-mmmm-oooo-dddd'],
    ]);
  });
});

describe('scripts/audit-gate.mjs on saved reports', () => {
  const gate = resolve(import.meta.dirname, '../../scripts/audit-gate.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'floatdesk-audit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function run(report: unknown, review: unknown = reviewed()) {
    writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
    writeFileSync(join(dir, 'reviewed.json'), JSON.stringify(review));
    return spawnSync(
      process.execPath,
      [gate, '--report', join(dir, 'report.json'), '--reviewed', join(dir, 'reviewed.json')],
      { encoding: 'utf8' },
    );
  }

  it('exits 0, 1 and 2 as the verdict says', () => {
    const pass = run(CLEAN);
    expect([pass.status, pass.stdout.trim()]).toEqual([0, expect.stringMatching(/^audit gate: passed/)]);
    const fail = run(CRITICAL);
    expect(fail.status).toBe(1);
    expect(fail.stderr).toContain('CRITICAL xml-thing');
    const unknown = run(ENDPOINT_ERROR);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/could not check the dependencies/);
  });

  it('passes the repository review file on a clean report; a missing report exits 2', () => {
    const result = spawnSync(process.execPath, [gate, '--report', join(dir, 'clean.json')], {
      encoding: 'utf8',
      input: '',
    });
    // No report file: exit 2, never a pass.
    expect(result.status).toBe(2);
    writeFileSync(join(dir, 'clean.json'), JSON.stringify(CLEAN));
    const clean = spawnSync(process.execPath, [gate, '--report', join(dir, 'clean.json')], {
      encoding: 'utf8',
    });
    expect(clean.status, clean.stderr).toBe(0);
  });
});

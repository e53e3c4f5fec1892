import { describe, expect, it } from 'vitest';
import { buildDiagnostics, safeAddress } from '../../src/main/core/log/diagnostics';
import type { LogEntry, Logger, LogLevel } from '../../src/main/core/log/logger';
import { callLogger, summarise } from '../../src/main/core/log/observe';
import { Redactor } from '../../src/main/core/log/redact';

/** A logger that keeps what it is given (redacted the way the file logger does it). */
function memoryLogger(): Logger & { lines: LogEntry[] } {
  const redactor = new Redactor();
  const lines: LogEntry[] = [];
  const at =
    (level: LogLevel) =>
    (event: string, fields: Record<string, unknown> = {}): void => {
      lines.push({ time: 't', level, event, ...(redactor.value(fields) as object) });
    };
  return {
    lines,
    level: 'debug',
    redactor,
    path: '/w/logs/floatdesk.log',
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    recentProblems: () => lines.filter((line) => line.level === 'warn' || line.level === 'error'),
    close: () => {},
  };
}

describe('logging calls', () => {
  it('a failure names the channel and the code; a platform failure keeps its details', () => {
    const logger = memoryLogger();
    const observe = callLogger(logger);
    observe(
      'transfers:list',
      { ok: false, error: { code: 'invalid_input', message: 'Invalid filter.' } },
      3.4,
    );
    observe(
      'connection:test',
      { ok: false, error: { code: 'auth_failed', message: 'Refused.', details: { status: 401 } } },
      10,
    );
    observe(
      'floats:list',
      { ok: false, error: { code: 'internal', message: 'Oops.', details: { cause: 'x' } } },
      1,
    );
    expect(logger.lines).toEqual([
      {
        time: 't',
        level: 'info',
        event: 'handler.refused',
        channel: 'transfers:list',
        code: 'invalid_input',
        message: 'Invalid filter.',
        ms: 3,
      },
      {
        time: 't',
        level: 'warn',
        event: 'platform.error',
        channel: 'connection:test',
        code: 'auth_failed',
        message: 'Refused.',
        ms: 10,
        details: { status: 401 },
      },
      {
        time: 't',
        level: 'error',
        event: 'handler.failed',
        channel: 'floats:list',
        code: 'internal',
        message: 'Oops.',
        ms: 1,
        details: { cause: 'x' },
      },
    ]);
  });

  it('notable successes are logged with counts only; others at debug', () => {
    const logger = memoryLogger();
    const observe = callLogger(logger);
    observe(
      'recon:import',
      {
        ok: true,
        value: {
          format: 'csv',
          stored: true,
          linesRead: 10,
          linesAdded: 9,
          linesAlreadyKnown: 1,
          errors: [],
          refusal: null,
        },
      },
      5,
    );
    observe(
      'recon:signoff',
      { ok: true, value: { signOff: { id: 3, asOf: '2026-10-31', note: 'private words', lockedLines: 4 } } },
      2,
    );
    observe('floats:list', { ok: true, value: { floats: [] } }, 1);
    expect(logger.lines.map((line) => line.event)).toEqual(['import.done', 'signoff.done', 'call.done']);
    expect(logger.lines[0]).toMatchObject({ format: 'csv', linesRead: 10, linesAdded: 9, errorsCount: 0 });
    expect(JSON.stringify(logger.lines[1])).not.toContain('private words');
    expect(logger.lines[2]).toMatchObject({ level: 'debug', channel: 'floats:list' });
  });

  it('a summary keeps numbers, booleans and a few known strings, never other text', () => {
    expect(
      summarise({ outcome: 'registered', paymentReference: 'RF18', message: 'text', n: 1, b: false }),
    ).toEqual({
      outcome: 'registered',
      n: 1,
      b: false,
    });
  });
});

describe('the diagnostics report', () => {
  const settings = {
    syncIntervalMinutes: 5,
    locale: 'en-GB',
    dateStyle: 'iso' as const,
    theme: 'system' as const,
    company: { company_name: 'Acme Gifts Ltd' },
    financeEmail: null,
    signerName: null,
  };

  it('says what it could not read instead of failing, and leaves out secrets and personal details', () => {
    const logger = memoryLogger();
    logger.redactor.addSecret('the-api-key-123456');
    logger.warn('sync.failed', { message: 'refused the-api-key-123456' });
    const report = buildDiagnostics({
      clock: () => new Date('2026-11-22T10:00:00Z'),
      logger,
      status: () => ({
        appVersion: '1.2.3',
        shell: 'electron',
        workspaceDir: '/w',
        ledgerPath: '/w/ledger.sqlite',
        schemaVersion: 13,
        latestSchemaVersion: 13,
      }),
      workspace: () => ({
        kind: 'platform',
        baseUrl: 'https://user:pw@api.example/api/v2?key=the-api-key-123456',
      }),
      credentials: () => ({ available: true, source: 'session' }),
      settings: () => settings,
      sqliteVersion: () => {
        throw new Error('ledger closed');
      },
      syncRuns: () => {
        throw new Error('no runs table');
      },
      problems: () => [],
    });
    expect(report.generatedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(report.logPath).toBe('/w/logs/floatdesk.log');
    expect(report.text).toContain('FloatDesk: 1.2.3');
    expect(report.text).toContain('SQLite: unknown');
    expect(report.text).toContain('Platform address: https://api.example/api/v2');
    expect(report.text).toContain('(could not be read: no runs table)');
    expect(report.text).toContain('company: (set, not shown)');
    expect(report.text).toContain('financeEmail: (not set)');
    expect(report.text).toContain('sync.failed');
    for (const hidden of ['the-api-key-123456', 'Acme Gifts', 'user:pw', 'pw@'])
      expect(report.text).not.toContain(hidden);
  });

  it('gives only scheme, host and path of an address', () => {
    expect(safeAddress('https://a:b@host.example:8443/api/v2?x=1#y')).toBe(
      'https://host.example:8443/api/v2',
    );
    expect(safeAddress('not a url')).toBe('(not a valid address)');
  });
});

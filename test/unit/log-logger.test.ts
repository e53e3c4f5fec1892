import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileLogger, nullLogger, resolveLogLevel, type LogEntry } from '../../src/main/core/log/logger';
import { readRecentEntries } from '../../src/main/core/log/recent';
import { Redactor } from '../../src/main/core/log/redact';
import { makeTempDir } from '../helpers/temp-dir';

let temp: ReturnType<typeof makeTempDir>;
const clock = () => new Date('2026-11-22T10:00:00.000Z');
const logPath = (n = 0) => join(temp.dir, 'logs', n === 0 ? 'floatdesk.log' : `floatdesk.log.${n}`);
const entries = (n = 0): LogEntry[] =>
  readFileSync(logPath(n), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogEntry);

beforeEach(() => {
  temp = makeTempDir('floatdesk-log-');
});
afterEach(() => temp.cleanup());

describe('the file logger', () => {
  it('writes one JSON line per entry: ISO time, level, event, then the fields', () => {
    const logger = createFileLogger({ workspaceDir: temp.dir, clock });
    logger.info('sync.start', { trigger: 'manual', datasets: ['floats'] });
    expect(entries()).toEqual([
      {
        time: '2026-11-22T10:00:00.000Z',
        level: 'info',
        event: 'sync.start',
        trigger: 'manual',
        datasets: ['floats'],
      },
    ]);
    expect(logger.path).toBe(logPath());
  });

  it('keeps a field named like the envelope under another name instead of overwriting it', () => {
    const logger = createFileLogger({ workspaceDir: temp.dir, clock });
    logger.warn('x', { level: 'mine', time: 't', event: 'e' });
    expect(entries()[0]).toMatchObject({
      level: 'warn',
      event: 'x',
      field_level: 'mine',
      field_time: 't',
      field_event: 'e',
    });
  });

  it('writes only entries at or above its level (default info)', () => {
    const info = createFileLogger({ workspaceDir: temp.dir, clock });
    info.debug('not written');
    info.info('i');
    info.warn('w');
    info.error('e');
    expect(entries().map((entry) => entry.event)).toEqual(['i', 'w', 'e']);

    const other = makeTempDir('floatdesk-log-level-');
    try {
      const warn = createFileLogger({ workspaceDir: other.dir, clock, level: 'warn' });
      warn.info('no');
      warn.warn('yes');
      const debug = createFileLogger({ workspaceDir: other.dir, clock, level: 'debug' });
      debug.debug('detail');
      const lines = readFileSync(join(other.dir, 'logs', 'floatdesk.log'), 'utf8')
        .trim()
        .split('\n');
      expect(lines.map((line) => (JSON.parse(line) as LogEntry).event)).toEqual(['yes', 'detail']);
    } finally {
      other.cleanup();
    }
  });

  it('takes its level from configuration, else FLOATDESK_LOG_LEVEL, else info', () => {
    expect(resolveLogLevel('debug', 'error')).toBe('debug');
    expect(resolveLogLevel(undefined, ' WARN ')).toBe('warn');
    expect(resolveLogLevel(undefined, undefined)).toBe('info');
    expect(resolveLogLevel('verbose', undefined)).toBe('info');
  });

  it('creates the log readable and writable by its owner only', () => {
    if (process.platform === 'win32') return;
    createFileLogger({ workspaceDir: temp.dir, clock }).info('x');
    expect(statSync(logPath()).mode & 0o777).toBe(0o600);
  });

  it('rotates by size and keeps the configured number of older files', () => {
    const logger = createFileLogger({ workspaceDir: temp.dir, clock, maxBytes: 400, maxFiles: 3 });
    for (let i = 0; i < 60; i++) logger.info('entry', { i, padding: 'x'.repeat(40) });
    for (const n of [0, 1, 2, 3]) {
      expect(existsSync(logPath(n))).toBe(true);
      expect(statSync(logPath(n)).size).toBeLessThanOrEqual(400);
    }
    expect(existsSync(logPath(4))).toBe(false);
    // Newest in the current file, then .1, .2, .3 going back; nothing lost between them.
    const all = [3, 2, 1, 0].flatMap((n) => entries(n).map((entry) => entry.i as number));
    expect(all.at(-1)).toBe(59);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(all).toEqual(Array.from({ length: all.length }, (_, k) => (all[0] ?? 0) + k));
    if (process.platform !== 'win32') expect(statSync(logPath(1)).mode & 0o777).toBe(0o600);
  });

  it('never throws when the folder cannot be written, says so once, and recovers', () => {
    // Root can write anywhere: a file where the logs folder should be stops everyone.
    writeFileSync(join(temp.dir, 'logs'), 'not a folder');
    const problems: Array<string | null> = [];
    const logger = createFileLogger({
      workspaceDir: temp.dir,
      clock,
      onWriteProblem: (p) => problems.push(p),
    });
    expect(() => {
      logger.error('first', { a: 1 });
      logger.warn('second');
      logger.info('third');
    }).not.toThrow();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/./);
    // The problems of this session are still at hand for diagnostics.
    expect(logger.recentProblems().map((entry) => entry.event)).toEqual(['first', 'second']);

    // The folder becomes writable: the next entry is written and the logger says it works again.
    rmSync(join(temp.dir, 'logs'));
    mkdirSync(join(temp.dir, 'logs'));
    logger.info('fourth');
    expect(entries().map((entry) => entry.event)).toEqual(['fourth']);
    expect(problems).toEqual([problems[0], null]);
  });

  it('never throws when the workspace folder itself is missing or a file', () => {
    const file = join(temp.dir, 'plain-file');
    writeFileSync(file, '');
    const logger = createFileLogger({ workspaceDir: file, clock, onWriteProblem: () => {} });
    expect(() => logger.error('x', { nested: { deep: [1, 2, 3] } })).not.toThrow();
  });

  it('never throws on a clock that fails or fields that cannot be read', () => {
    const logger = createFileLogger({
      workspaceDir: temp.dir,
      clock: () => {
        throw new Error('no clock');
      },
    });
    const hostile = {
      get boom(): string {
        throw new Error('getter');
      },
    };
    expect(() => logger.info('x', { hostile })).not.toThrow();
    expect(() => logger.info('y', { big: 10n })).not.toThrow();
    expect(entries().map((entry) => [entry.event, entry.hostile ?? entry.big])).toEqual([
      ['x', '[unreadable]'],
      ['y', '10'],
    ]);
  });

  it('writes nothing after close', () => {
    const logger = createFileLogger({ workspaceDir: temp.dir, clock });
    logger.info('before');
    logger.close();
    logger.info('after');
    expect(entries().map((entry) => entry.event)).toEqual(['before']);
  });

  it('the null logger accepts everything and writes nothing', () => {
    const logger = nullLogger();
    expect(() => logger.error('x', { a: 1 })).not.toThrow();
    expect(logger.path).toBeNull();
    expect(logger.recentProblems()).toEqual([]);
  });
});

describe('reading the last problems back', () => {
  it('returns the last warn/error entries across rotated files, oldest first, redacted again', () => {
    const logger = createFileLogger({ workspaceDir: temp.dir, clock, maxBytes: 300, maxFiles: 5 });
    for (let i = 0; i < 30; i++) {
      if (i % 3 === 0) logger.warn('problem', { i, note: 'late-secret-123456' });
      else logger.info('fine', { i });
    }
    const redactor = new Redactor();
    redactor.addSecret('late-secret-123456');
    const recent = readRecentEntries(temp.dir, { levels: ['warn', 'error'], limit: 4 }, redactor);
    expect(recent.map((entry) => entry.i)).toEqual([18, 21, 24, 27]);
    expect(JSON.stringify(recent)).not.toContain('late-secret-123456');
  });

  it('skips lines that do not parse and reads a missing log as empty', () => {
    mkdirSync(join(temp.dir, 'logs'));
    writeFileSync(
      logPath(),
      'garbage\n{"time":"t","level":"error","event":"real"}\n{"level":"error"}\n[1]\n{"time":"t","level":"info","event":"no"}\n',
    );
    expect(readRecentEntries(temp.dir, { levels: ['error'], limit: 5 }, new Redactor())).toEqual([
      { time: 't', level: 'error', event: 'real' },
    ]);
    const empty = makeTempDir('floatdesk-log-empty-');
    try {
      expect(readRecentEntries(empty.dir, { levels: ['error'], limit: 5 }, new Redactor())).toEqual([]);
    } finally {
      empty.cleanup();
    }
  });
});

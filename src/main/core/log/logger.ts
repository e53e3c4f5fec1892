import type { Clock } from '../clock';
import { LogFile, logsDirOf } from './log-file';
import { Redactor, REDACTED } from './redact';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

const RANK: Readonly<Record<LogLevel, number>> = { error: 0, warn: 1, info: 2, debug: 3 };

export type LogFields = Record<string, unknown>;

/** One line of the log, as written (already redacted). */
export interface LogEntry {
  time: string;
  level: LogLevel;
  event: string;
  [field: string]: unknown;
}

export interface Logger {
  readonly level: LogLevel;
  readonly redactor: Redactor;
  error(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  debug(event: string, fields?: LogFields): void;
  /** The last warn and error entries of this session (newest last), for when the file cannot be read. */
  recentProblems(): LogEntry[];
  /** Where the current log file is (null for a logger that writes nowhere). */
  readonly path: string | null;
  close(): void;
}

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** A level from configuration or FLOATDESK_LOG_LEVEL; anything else is the default. */
export function resolveLogLevel(
  configured?: string,
  env: string | undefined = process.env.FLOATDESK_LOG_LEVEL,
): LogLevel {
  const wanted = (configured ?? env)?.trim().toLowerCase();
  return isLogLevel(wanted) ? wanted : DEFAULT_LOG_LEVEL;
}

export interface FileLoggerOptions {
  workspaceDir: string;
  clock: Clock;
  level?: LogLevel;
  redactor?: Redactor;
  /** Default 5 MiB. */
  maxBytes?: number;
  /** Rotated files kept; default 5. */
  maxFiles?: number;
  /** Told once when writing first fails, and once when it works again (default: stderr). */
  onWriteProblem?: (problem: string | null) => void;
}

const RECENT_PROBLEMS = 20;
const RESERVED = new Set(['time', 'level', 'event']);

/**
 * JSON lines in `<workspaceDir>/logs/floatdesk.log`, rotated by size. Every entry is redacted
 * before it is written, and logging never throws: a full disk or a read-only folder must not break
 * a sync, so a failed write is dropped (said once on stderr) and the next one tries again.
 */
export function createFileLogger(options: FileLoggerOptions): Logger {
  const level = options.level ?? DEFAULT_LOG_LEVEL;
  const redactor = options.redactor ?? new Redactor();
  const file = new LogFile({
    dir: logsDirOf(options.workspaceDir),
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    maxFiles: options.maxFiles ?? 5,
  });
  const onWriteProblem =
    options.onWriteProblem ??
    ((problem: string | null) => {
      if (problem !== null) console.error(`FloatDesk: the log cannot be written (${problem}).`);
    });
  const problems: LogEntry[] = [];
  let failing = false;
  let closed = false;

  const write = (entryLevel: LogLevel, event: string, fields: LogFields | undefined): void => {
    if (closed || RANK[entryLevel] > RANK[level]) return;
    try {
      const entry = buildEntry(redactor, options.clock, entryLevel, event, fields);
      if (entryLevel === 'error' || entryLevel === 'warn') {
        problems.push(entry);
        if (problems.length > RECENT_PROBLEMS) problems.shift();
      }
      let line = `${JSON.stringify(entry)}\n`;
      // Belt and braces: whatever slipped through (a secret spelled by JSON syntax) is not written.
      if (redactor.containsSecret(line)) {
        line = `${JSON.stringify({ time: entry.time, level: entry.level, event: REDACTED, dropped: 'held a secret' })}\n`;
      }
      file.append(line);
      if (failing) {
        failing = false;
        onWriteProblem(null);
      }
    } catch (error) {
      file.reset();
      if (!failing) {
        failing = true;
        try {
          onWriteProblem(redactor.text(error instanceof Error ? error.message : String(error)));
        } catch {
          // Even reporting the problem must not reach the caller.
        }
      }
    }
  };

  return {
    level,
    redactor,
    path: file.path,
    error: (event, fields) => write('error', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    info: (event, fields) => write('info', event, fields),
    debug: (event, fields) => write('debug', event, fields),
    recentProblems: () => [...problems],
    close() {
      closed = true;
    },
  };
}

function buildEntry(
  redactor: Redactor,
  clock: Clock,
  level: LogLevel,
  event: string,
  fields: LogFields | undefined,
): LogEntry {
  let time: string;
  try {
    time = clock().toISOString();
  } catch {
    time = new Date().toISOString();
  }
  const entry: LogEntry = { time, level, event: redactor.text(event) };
  const redacted = fields === undefined ? {} : (redactor.value(fields) as Record<string, unknown>);
  for (const [key, value] of Object.entries(redacted)) {
    entry[RESERVED.has(key) ? `field_${key}` : key] = value;
  }
  return entry;
}

/** A logger that writes nothing (tests, and registries built without a core). */
export function nullLogger(redactor: Redactor = new Redactor()): Logger {
  const ignore = (): void => {};
  return {
    level: DEFAULT_LOG_LEVEL,
    redactor,
    path: null,
    error: ignore,
    warn: ignore,
    info: ignore,
    debug: ignore,
    recentProblems: () => [],
    close: ignore,
  };
}

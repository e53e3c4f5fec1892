import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_FILE_NAME, logsDirOf } from './log-file';
import { isLogLevel, type LogEntry, type LogLevel } from './logger';
import type { Redactor } from './redact';

/** How much of the end of each file is read: plenty for the last few dozen entries. */
const TAIL_BYTES = 512 * 1024;

export interface RecentQuery {
  levels: readonly LogLevel[];
  limit: number;
  /** Rotated files looked at besides the current one. */
  maxFiles?: number;
}

/**
 * The last entries of the wanted levels in a workspace's log (current file first, then the rotated
 * ones), oldest first. Lines that do not parse are skipped; every entry is redacted again (a secret
 * registered after it was written still comes out). Never throws: an unreadable log reads as empty.
 */
export function readRecentEntries(workspaceDir: string, query: RecentQuery, redactor: Redactor): LogEntry[] {
  const wanted = new Set<string>(query.levels);
  const found: LogEntry[] = [];
  const base = join(logsDirOf(workspaceDir), LOG_FILE_NAME);
  for (let n = 0; n <= (query.maxFiles ?? 5) && found.length < query.limit; n++) {
    const lines = tailLines(n === 0 ? base : `${base}.${n}`);
    for (let i = lines.length - 1; i >= 0 && found.length < query.limit; i--) {
      const entry = parseEntry(lines[i] ?? '');
      if (entry && wanted.has(entry.level)) found.push(redactor.value(entry) as LogEntry);
    }
  }
  return found.reverse();
}

function tailLines(path: string): string[] {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    // A read that starts mid-file starts mid-line: the first piece is not a whole entry.
    if (length < size) lines.shift();
    return lines.filter((line) => line.trim() !== '');
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function parseEntry(line: string): LogEntry | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null) return undefined;
    const entry = value as Partial<LogEntry>;
    if (typeof entry.time !== 'string' || typeof entry.event !== 'string' || !isLogLevel(entry.level))
      return undefined;
    return entry as LogEntry;
  } catch {
    return undefined;
  }
}

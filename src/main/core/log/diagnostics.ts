import { arch, release, type as osType } from 'node:os';
import type { AppStatus } from '../../../shared/ipc/contract';
import type { Diagnostics } from '../../../shared/ipc/contract-diagnostics';
import type { Settings } from '../../../shared/ipc/contract-settings';
import type { Clock } from '../clock';
import type { RecentSyncRun } from '../ledger/repositories/diagnostics';
import type { LogEntry, Logger } from './logger';
import { isSensitiveKey } from './redact';

export const DIAGNOSTIC_SYNC_RUNS = 10;
export const DIAGNOSTIC_PROBLEMS = 20;

/** Everything the report is made of, read when it is asked for. */
export interface DiagnosticsSources {
  clock: Clock;
  logger: Logger;
  status: () => AppStatus;
  workspace: () => { kind: string; baseUrl: string | null };
  credentials: () => { available: boolean; source: string };
  settings: () => Settings;
  sqliteVersion: () => string;
  syncRuns: (limit: number) => RecentSyncRun[];
  /** The last warn/error entries of the log file (oldest first). */
  problems: (limit: number) => LogEntry[];
}

/**
 * The plain-text report behind "Copy diagnostics": versions, the workspace, settings (personal
 * details only said to be set), the last sync runs and the last problems from the log. Each part
 * that fails says so instead of failing the report, and the whole text goes through the redactor.
 */
export function buildDiagnostics(sources: DiagnosticsSources): Diagnostics {
  const redactor = sources.logger.redactor;
  const generatedAt = sources.clock().toISOString();
  const lines: string[] = ['FloatDesk diagnostics', `Generated: ${generatedAt}`, ''];
  const section = (title: string, build: () => string[]): void => {
    lines.push(`== ${title} ==`);
    try {
      lines.push(...build());
    } catch (error) {
      lines.push(`(could not be read: ${error instanceof Error ? error.message : String(error)})`);
    }
    lines.push('');
  };

  const status = safe(sources.status);
  section('Versions', () => versionLines(status, sources.sqliteVersion));
  section('Workspace', () => {
    const workspace = sources.workspace();
    const credentials = sources.credentials();
    return [
      `Kind: ${workspace.kind}`,
      `Folder: ${status?.workspaceDir ?? 'unknown'}`,
      `Ledger schema version: ${status ? `${status.schemaVersion} of ${status.latestSchemaVersion}` : 'unknown'}`,
      `Platform address: ${workspace.baseUrl === null ? '(built-in simulator)' : safeAddress(workspace.baseUrl)}`,
      `API credentials: ${credentials.available ? `available (${credentials.source})` : 'none'}`,
      `Log file: ${sources.logger.path ?? '(none)'}`,
      `Log level: ${sources.logger.level}`,
    ];
  });
  section('Settings', () => settingsLines(sources.settings()));
  section(`Last ${DIAGNOSTIC_SYNC_RUNS} sync runs`, () =>
    syncRunLines(sources.syncRuns(DIAGNOSTIC_SYNC_RUNS)),
  );
  section(`Last ${DIAGNOSTIC_PROBLEMS} warnings and errors`, () => {
    const problems = sources.problems(DIAGNOSTIC_PROBLEMS);
    const entries = problems.length > 0 ? problems : sources.logger.recentProblems();
    return entries.length === 0 ? ['(none)'] : entries.map(entryLine);
  });

  return {
    text: redactor.text(lines.join('\n'), Number.POSITIVE_INFINITY),
    generatedAt,
    logPath: sources.logger.path,
  };
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function versionLines(status: AppStatus | undefined, sqliteVersion: () => string): string[] {
  const versions = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return [
    `FloatDesk: ${status?.appVersion ?? 'unknown'}`,
    `Shell: ${status?.shell ?? 'unknown'}`,
    `Node.js: ${versions.node}`,
    `Electron: ${versions.electron ?? '(not running in Electron)'}`,
    ...(versions.chrome ? [`Chromium: ${versions.chrome}`] : []),
    `V8: ${versions.v8}`,
    `SQLite: ${safe(sqliteVersion) ?? 'unknown'}`,
    `OS: ${osType()} ${release()} (${process.platform}, ${arch()})`,
  ];
}

/** Scheme, host, port and path only: never user, password, query or fragment. */
export function safeAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a valid address)';
  }
}

function settingsLines(settings: Settings): string[] {
  return Object.entries(settings).map(([key, value]) => {
    if (isSensitiveKey(key)) return `${key}: ${isSet(value) ? '(set, not shown)' : '(not set)'}`;
    return `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
  });
}

function isSet(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (typeof value === 'object') return Object.values(value).some(isSet);
  return true;
}

function syncRunLines(runs: RecentSyncRun[]): string[] {
  if (runs.length === 0) return ['(none)'];
  return runs.flatMap((run) => [
    `#${run.id} ${run.startedAt} ${run.trigger}: ${run.outcome}${run.finishedAt ? ` (ended ${run.finishedAt})` : ''}`,
    ...run.datasets.map(
      (dataset) =>
        `    ${dataset.dataset}: ${dataset.outcome}` +
        (dataset.errorCode || dataset.errorMessage
          ? ` — ${dataset.errorCode ?? 'error'}: ${dataset.errorMessage ?? ''}`.trimEnd()
          : ''),
    ),
  ]);
}

function entryLine(entry: LogEntry): string {
  const { time, level, event, ...fields } = entry;
  const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  return `${time} ${level.toUpperCase()} ${event}${rest}`;
}

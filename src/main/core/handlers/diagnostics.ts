import type { AppStatus } from '../../../shared/ipc/contract';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { DiagnosticsRepository } from '../ledger/repositories/diagnostics';
import { WorkspacesRepository } from '../ledger/repositories/workspaces';
import { buildDiagnostics } from '../log/diagnostics';
import type { Logger } from '../log/logger';
import { readRecentEntries } from '../log/recent';
import type { HandlerRegistry } from '../registry';
import type { SettingsService } from '../settings/service';
import type { ConnectionService } from '../workspace/connection-service';

export interface DiagnosticsDeps {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
  log: Logger;
  status: () => AppStatus;
  settings: SettingsService;
  connection: ConnectionService;
}

/** app:diagnostics — the plain-text report behind "Copy diagnostics" (no secrets, no personal data). */
export function registerDiagnosticsHandlers(registry: HandlerRegistry, deps: DiagnosticsDeps): void {
  const ledger = new DiagnosticsRepository(deps.db);
  const workspaces = new WorkspacesRepository(deps.db);
  registry.register('app:diagnostics', () =>
    buildDiagnostics({
      clock: deps.clock,
      logger: deps.log,
      status: deps.status,
      workspace: () => {
        const workspace = workspaces.first();
        return { kind: workspace?.kind ?? 'unknown', baseUrl: workspace?.baseUrl ?? null };
      },
      credentials: () => {
        const info = deps.connection.info();
        return { available: info.hasCredentials, source: info.credentialsSource };
      },
      settings: () => deps.settings.get(),
      sqliteVersion: () => ledger.sqliteVersion(),
      syncRuns: (limit) => ledger.recentSyncRuns(deps.workspaceId, limit),
      problems: (limit) =>
        readRecentEntries(
          deps.status().workspaceDir,
          { levels: ['warn', 'error'], limit },
          deps.log.redactor,
        ),
    }),
  );
}

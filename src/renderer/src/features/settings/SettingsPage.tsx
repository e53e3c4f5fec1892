import type { AppStatus } from '@shared/ipc/contract';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { CopyDiagnostics } from '../diagnostics/CopyDiagnostics';
import { useAppStatus } from '../../stores/app-status';
import { shellLabel } from '../shell/shell-label';
import { AccountingSection } from './AccountingSection';
import { ConnectionSection } from './ConnectionSection';
import { DataFreshness } from './DataFreshness';
import { PlatformBankSection } from './PlatformBankSection';
import { ReconciliationSettings } from './ReconciliationSettings';
import { TeamSection } from './TeamSection';
import { WorkspaceSection } from './WorkspaceSection';
import { WorkspaceSettings } from './WorkspaceSettings';
import './settings.css';
import { SettingsSection } from './SettingsSection';

function StatusFacts({ status }: { status: AppStatus }) {
  return (
    <dl className="facts" data-testid="app-status-facts">
      <dt>App version</dt>
      <dd>{status.appVersion}</dd>
      <dt>Running as</dt>
      <dd>{shellLabel(status.shell)}</dd>
      <dt>Workspace folder</dt>
      <dd>
        <code className="path">{status.workspaceDir}</code>
      </dd>
      <dt>Ledger file</dt>
      <dd>
        <code className="path">{status.ledgerPath}</code>
      </dd>
      <dt>Ledger schema version</dt>
      <dd>
        {status.schemaVersion} of {status.latestSchemaVersion}
      </dd>
    </dl>
  );
}

/** The workspace, its connection and settings, then facts about this installation and its data. */
export function SettingsPage() {
  const view = useAppStatus((state) => state.view);
  const load = useAppStatus((state) => state.load);
  return (
    <div className="page" data-testid="settings-page">
      <PageHeading title="Settings">
        The open workspace and its connection, how often it syncs, the details that prefill transfer requests,
        and how FloatDesk looks. Settings belong to the workspace.
      </PageHeading>
      <WorkspaceSection />
      <ConnectionSection />
      <WorkspaceSettings />
      <PlatformBankSection />
      <ReconciliationSettings />
      <AccountingSection />
      <TeamSection />
      <SettingsSection id="installation" title="This installation">
        {view.status === 'ready' ? <StatusFacts status={view.value} /> : null}
        {view.status === 'idle' || view.status === 'loading' ? (
          <LoadingState label="Loading workspace details…" />
        ) : null}
        {view.status === 'error' ? (
          <ErrorState
            title="Workspace details could not be loaded"
            error={view.error}
            onRetry={() => void load()}
          />
        ) : null}
        <CopyDiagnostics />
      </SettingsSection>
      <DataFreshness />
    </div>
  );
}

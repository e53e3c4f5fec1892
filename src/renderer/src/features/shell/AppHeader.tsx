import { useAppStatus } from '../../stores/app-status';
import { StreamStatus } from './StreamStatus';
import { SyncIndicator } from './SyncIndicator';

function fileName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

function WorkspaceInfo() {
  const view = useAppStatus((state) => state.view);
  switch (view.status) {
    case 'idle':
    case 'loading':
      return <p className="workspace-info muted">Opening workspace…</p>;
    case 'error':
      return <p className="workspace-info warning">Workspace details unavailable ({view.error.code})</p>;
    case 'ready':
      return (
        <dl className="workspace-info" data-testid="workspace-info">
          <div>
            <dt>Workspace</dt>
            <dd title={view.value.workspaceDir}>{view.value.workspaceDir}</dd>
          </div>
          <div>
            <dt>Ledger</dt>
            <dd title={view.value.ledgerPath}>{fileName(view.value.ledgerPath)}</dd>
          </div>
        </dl>
      );
  }
}

export function AppHeader() {
  return (
    <header className="app-header">
      <p className="product-name">FloatDesk</p>
      <WorkspaceInfo />
      <div className="header-end">
        <StreamStatus />
        <SyncIndicator />
      </div>
    </header>
  );
}

import { useEffect } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useWorkspaces } from '../../stores/workspaces';
import { NewWorkspaceForm } from './NewWorkspaceForm';
import { kindLabel, WorkspaceList } from './WorkspaceList';
import { SettingsSection } from './SettingsSection';

/** Which workspace is open, the others this installation knows, opening one, and creating one. */
export function WorkspaceSection() {
  const workspaces = useWorkspaces((state) => state.workspaces);
  const loadError = useWorkspaces((state) => state.loadError);
  const switching = useWorkspaces((state) => state.switching);
  const switchError = useWorkspaces((state) => state.switchError);
  const load = useWorkspaces((state) => state.load);
  const switchTo = useWorkspaces((state) => state.switchTo);
  useEffect(() => void load(), [load]);

  const current = workspaces?.find((workspace) => workspace.current);
  const demo = workspaces?.find((workspace) => workspace.kind === 'demo');
  return (
    <SettingsSection id="workspace" title="Workspace" testId="settings-workspace">
      <p className="settings-note">
        A workspace is a folder with its own ledger and settings. Opening another one reloads the window.
      </p>
      {workspaces === null && loadError === null ? <LoadingState label="Loading workspaces…" /> : null}
      {loadError ? (
        <ErrorState title="Workspaces could not be listed" error={loadError} onRetry={() => void load()} />
      ) : null}
      {current ? (
        <dl className="facts" data-testid="current-workspace">
          <dt>Open now</dt>
          <dd>{current.name}</dd>
          <dt>Kind</dt>
          <dd>{kindLabel(current.kind)}</dd>
        </dl>
      ) : null}
      {demo && !demo.current ? (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={switching !== null}
            onClick={() => void switchTo(demo.dir)}
          >
            {switching === demo.dir ? 'Opening the demo…' : 'Open the demo'}
          </button>
        </div>
      ) : null}
      {workspaces ? (
        <WorkspaceList workspaces={workspaces} switching={switching} onOpen={(dir) => void switchTo(dir)} />
      ) : null}
      {switchError ? <ErrorState title="That workspace could not be opened" error={switchError} /> : null}
      <NewWorkspaceForm />
    </SettingsSection>
  );
}

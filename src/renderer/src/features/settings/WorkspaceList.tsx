import type { WorkspaceEntry } from '@shared/ipc/contract-settings';
import { unseenColumn, ScrollTable, TableHead } from '../../components/TableHead';

export function kindLabel(kind: WorkspaceEntry['kind']): string {
  return kind === 'demo' ? 'Demo (built-in simulator)' : 'Platform';
}

interface WorkspaceListProps {
  workspaces: WorkspaceEntry[];
  switching: string | null;
  onOpen: (dir: string) => void;
}

/** Every workspace of this installation, each with a button that opens it. */
export function WorkspaceList({ workspaces, switching, onOpen }: WorkspaceListProps) {
  return (
    <ScrollTable
      className="data-table workspace-table"
      aria-label="Workspaces"
      head={<TableHead columns={['Name', 'Kind', 'Platform address', 'Folder', unseenColumn('Action')]} />}
    >
      {workspaces.map((workspace) => (
        <tr key={workspace.dir} data-testid="workspace-row" data-current={workspace.current || undefined}>
          <th scope="row">{workspace.name}</th>
          <td>{kindLabel(workspace.kind)}</td>
          <td>{workspace.baseUrl ?? <span className="muted">—</span>}</td>
          <td>
            <code className="path">{workspace.dir}</code>
          </td>
          <td className="workspace-action">
            {workspace.current ? (
              <span className="current-badge">Open now</span>
            ) : (
              <button
                type="button"
                className="button button-quiet"
                onClick={() => onOpen(workspace.dir)}
                disabled={switching !== null}
                aria-label={`Open ${workspace.name}`}
              >
                {switching === workspace.dir ? 'Opening…' : 'Open'}
              </button>
            )}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

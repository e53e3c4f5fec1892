import type { WorkspaceEntry } from '../../../shared/ipc/contract-settings';
import type { HandlerRegistry } from '../registry';

export interface WorkspaceOperations {
  list(): WorkspaceEntry[];
  create(request: { name: string; baseUrl: string }): Promise<WorkspaceEntry>;
  switchTo(dir: string): Promise<WorkspaceEntry>;
}

/** The host's channels (host.ts): they outlive the core of any one workspace. */
export function registerWorkspaceHandlers(registry: HandlerRegistry, operations: WorkspaceOperations): void {
  registry.register('workspaces:list', () => ({ workspaces: operations.list() }));
  registry.register('workspaces:create', (request) => operations.create(request));
  registry.register('workspaces:switch', ({ dir }) => operations.switchTo(dir));
}

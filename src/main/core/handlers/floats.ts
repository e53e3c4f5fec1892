import type { FloatsRepository } from '../ledger/repositories/floats';
import type { HandlerRegistry } from '../registry';

export function registerFloatHandlers(
  registry: HandlerRegistry,
  floats: FloatsRepository,
  workspaceId: number,
): void {
  registry.register('floats:list', ({ currency }) => ({ floats: floats.listLatest(workspaceId, currency) }));
}

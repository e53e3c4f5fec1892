import type { AppStatus } from '../../../shared/ipc/contract';
import type { HandlerRegistry } from '../registry';

export function registerAppHandlers(registry: HandlerRegistry, status: () => AppStatus): void {
  registry.register('app:status', () => status());
}

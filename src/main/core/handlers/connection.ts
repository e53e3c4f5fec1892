import type { HandlerRegistry } from '../registry';
import type { ConnectionService } from '../workspace/connection-service';

/** The open workspace's platform connection; the API key and secret are write-only. */
export function registerConnectionHandlers(registry: HandlerRegistry, connection: ConnectionService): void {
  registry.register('connection:get', () => connection.info());
  registry.register('connection:set', (change) => connection.set(change));
  registry.register('connection:test', () => connection.test());
}

import type { ExportRunner } from '../export/run';
import type { HandlerRegistry } from '../registry';

export function registerExportHandlers(registry: HandlerRegistry, exports: ExportRunner): void {
  registry.register('export:start', (input) => exports.start(input));
  registry.register('export:cancel', ({ exportId }) => ({ cancelled: exports.cancel(exportId) }));
}

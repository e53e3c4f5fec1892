import type { HandlerRegistry } from '../registry';

export function registerScratchHandlers(registry: HandlerRegistry): void {
  registry.register('scratch:echo', (input) => ({ text: input.text.toUpperCase() }));
}

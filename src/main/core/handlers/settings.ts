import type { HandlerRegistry } from '../registry';
import type { SettingsService } from '../settings/service';

export function registerSettingsHandlers(registry: HandlerRegistry, settings: SettingsService): void {
  registry.register('settings:get', () => settings.get());
  registry.register('settings:update', (patch) => settings.update(patch));
}

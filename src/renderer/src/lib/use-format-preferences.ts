import { useSyncExternalStore } from 'react';
import { formatPreferences, subscribeFormatPreferences, type FormatPreferences } from './format-preferences';

/**
 * Re-render when the number and date format changes. App calls it, so every page follows a new
 * locale at once; a memoised component that formats money or dates should call it too.
 */
export function useFormatPreferences(): FormatPreferences {
  return useSyncExternalStore(subscribeFormatPreferences, formatPreferences, formatPreferences);
}

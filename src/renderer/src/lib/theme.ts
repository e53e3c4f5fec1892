/**
 * Light or dark: 'system' follows the operating system (prefers-color-scheme, tokens.css); 'light'
 * and 'dark' set data-theme on <html>, which overrides it. The choice is also kept in localStorage
 * so the next start paints in it before the settings have loaded.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

const STORAGE_KEY = 'floatdesk.theme';

function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function applyTheme(theme: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage disabled: the theme still applies now; the next start waits for the settings.
  }
}

/** At start, before anything renders: the theme chosen last time. */
export function applyRememberedTheme(): void {
  let remembered: unknown;
  try {
    remembered = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return;
  }
  if (isThemeChoice(remembered)) applyTheme(remembered);
}

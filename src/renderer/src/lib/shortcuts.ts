import type { RouteId } from './router';

/**
 * Keyboard shortcuts for the main actions. Pure: which action a key press means, given the prefix
 * key pressed just before (`g` then a letter goes to a page, as in many web apps). Keys typed into
 * a field never count, so typing an amount or a reference can never trigger anything.
 */
export type ShortcutAction =
  | { kind: 'go'; page: RouteId }
  | { kind: 'new-transfer' }
  | { kind: 'sync' }
  | { kind: 'search' }
  | { kind: 'help' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The key was pressed in a text field, select or editable element. */
  inField: boolean;
}

const GO_KEYS: Readonly<Record<string, RouteId>> = {
  b: 'balances',
  t: 'transfers',
  r: 'reconciliation',
  c: 'brands',
  s: 'settings',
};

export const SHORTCUT_LIST: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: 'g then b', action: 'Go to Balances' },
  { keys: 'g then t', action: 'Go to Transfers' },
  { keys: 'g then r', action: 'Go to Reconciliation' },
  { keys: 'g then c', action: 'Go to the brand catalogue' },
  { keys: 'g then s', action: 'Go to Settings' },
  { keys: 'n', action: 'New transfer request' },
  { keys: 'Shift + S', action: 'Sync now' },
  { keys: '/', action: 'Search or filter this page' },
  { keys: '?', action: 'Show these shortcuts' },
  { keys: 'Esc', action: 'Close a panel or dialog' },
];

/** The action of a key press, and whether it starts a `g` prefix. */
export function interpretKey(
  press: KeyPress,
  afterG: boolean,
): { action: ShortcutAction | null; startsPrefix: boolean } {
  const none = { action: null, startsPrefix: false };
  if (press.inField || press.ctrlKey || press.metaKey || press.altKey) return none;
  if (afterG) {
    const page = GO_KEYS[press.key];
    return page === undefined ? none : { action: { kind: 'go', page }, startsPrefix: false };
  }
  switch (press.key) {
    case 'g':
      return { action: null, startsPrefix: true };
    case 'n':
      return { action: { kind: 'new-transfer' }, startsPrefix: false };
    case 'S':
      return { action: { kind: 'sync' }, startsPrefix: false };
    case '/':
      return { action: { kind: 'search' }, startsPrefix: false };
    case '?':
      return { action: { kind: 'help' }, startsPrefix: false };
    default:
      return none;
  }
}

import { useEffect, useRef, useState } from 'react';
import { hrefFor } from '../../lib/router';
import { interpretKey, SHORTCUT_LIST, type ShortcutAction } from '../../lib/shortcuts';
import { useSync } from '../../stores/sync';
import { TableHead } from '../../components/TableHead';

/** How long after `g` the second key of a "go to" shortcut may come. */
const PREFIX_MS = 1500;

function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

function run(action: ShortcutAction, openHelp: () => void): void {
  switch (action.kind) {
    case 'go':
      window.location.hash = hrefFor(action.page);
      return;
    case 'new-transfer':
      window.location.hash = hrefFor('transfers', { sub: 'new' });
      return;
    case 'sync':
      void useSync.getState().syncNow();
      return;
    case 'search':
      // Each page marks its main search or filter field with data-shortcut="search".
      document.querySelector<HTMLElement>('[data-shortcut="search"]')?.focus();
      return;
    case 'help':
      openHelp();
  }
}

/** Listens for the shortcuts (lib/shortcuts.ts) and shows their list on `?`. */
export function KeyboardShortcuts() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [afterG, setAfterG] = useState<number | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || dialog.current?.open) return;
      const prefixed = afterG !== null && Date.now() - afterG < PREFIX_MS;
      const { action, startsPrefix } = interpretKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          inField: inField(event.target),
        },
        prefixed,
      );
      setAfterG(startsPrefix ? Date.now() : null);
      if (action === null) return;
      event.preventDefault();
      run(action, () => dialog.current?.showModal());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [afterG]);

  return (
    <dialog
      ref={dialog}
      className="app-dialog shortcuts-dialog"
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts"
    >
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcuts-table">
        <TableHead columns={['Keys', 'Action']} />
        <tbody>
          {SHORTCUT_LIST.map((shortcut) => (
            <tr key={shortcut.keys}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="button">
          Close
        </button>
      </form>
    </dialog>
  );
}

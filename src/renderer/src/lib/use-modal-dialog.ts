import { useEffect, type RefObject } from 'react';

type FocusTarget = HTMLElement | null | undefined;

/**
 * A modal <dialog> for as long as the component is mounted: shown modally (focus stays inside,
 * Escape closes it), focus moved to `opened`'s target, and on unmount closed with focus given to
 * `closed`'s target. Both are the first render's functions; they read refs and the DOM when called.
 */
export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  focus: { opened: (element: HTMLDialogElement) => FocusTarget; closed: () => FocusTarget },
): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    focus.opened(element)?.focus();
    return () => {
      if (element.open) element.close();
      focus.closed()?.focus();
    };
    // Opened once; the focus targets are read when it opens and closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

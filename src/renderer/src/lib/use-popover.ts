import { useEffect, useState, type RefObject } from 'react';

/**
 * Popovers and menus (not modal dialogs: see use-modal-dialog.ts) close the way people expect:
 * Escape anywhere on the page closes the open one and hands focus back to what opened it; a click
 * or tap outside it closes it and leaves focus where the click put it.
 */

interface Dismiss {
  close: () => void;
  /** Where focus goes back after Escape (the button or summary that opened it). */
  opener: () => HTMLElement | null | undefined;
}

/** Listen while `element` is open; returns the function that stops listening. */
export function dismissOnEscapeOrOutside(element: HTMLElement, { close, opener }: Dismiss): () => void {
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    // The open popover is the topmost thing: Escape closes it, not also the page under it.
    event.preventDefault();
    event.stopPropagation();
    close();
    opener()?.focus();
  };
  const onPointerDown = (event: PointerEvent): void => {
    if (event.target instanceof Node && !element.contains(event.target)) close();
  };
  document.addEventListener('keydown', onKeyDown, true);
  document.addEventListener('pointerdown', onPointerDown);
  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    document.removeEventListener('pointerdown', onPointerDown);
  };
}

/** A <details> used as a popover (its summary opens it): closes on Escape and an outside click. */
export function useDetailsPopover(details: RefObject<HTMLDetailsElement | null>): void {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const onToggle = (): void => setOpen(element.open);
    element.addEventListener('toggle', onToggle);
    return () => element.removeEventListener('toggle', onToggle);
  }, [details]);
  useEffect(() => {
    const element = details.current;
    if (!open || !element) return;
    return dismissOnEscapeOrOutside(element, {
      close: () => {
        element.open = false;
      },
      opener: () => element.querySelector<HTMLElement>(':scope > summary'),
    });
  }, [open, details]);
}

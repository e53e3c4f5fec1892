import { useEffect, useRef, useState } from 'react';

/** Typing reaches the view at most once per TYPING_MS; the first key after a pause goes at once. */
export const TYPING_MS = 120;

/**
 * A text filter's field: what is typed shows at once and reaches the view (the URL) at most every
 * TYPING_MS, the latest text winning. When the view changes otherwise (back button, Clear filters)
 * the field follows it.
 */
export function useTextFilter(
  value: string,
  commit: (text: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const lastCommit = useRef(Number.NEGATIVE_INFINITY);

  // The view changed: our own commit (it then holds the trimmed text), or from elsewhere.
  if (value !== seen) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const wait = Math.max(0, lastCommit.current + TYPING_MS - Date.now());
    const timer = setTimeout(() => {
      lastCommit.current = Date.now();
      commit(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, value, commit]);

  return [text, setText];
}

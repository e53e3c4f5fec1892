import { useSyncExternalStore } from 'react';
import { parseHash, type ParsedRoute } from './router';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

function currentHash(): string {
  return window.location.hash;
}

/** The page the URL hash points at; re-renders on every hash change (links, back/forward). */
export function useRoute(): ParsedRoute {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return parseHash(hash);
}

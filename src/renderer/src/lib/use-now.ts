import { useSyncExternalStore } from 'react';

/** One shared clock for relative times; ticks every 30 seconds while anything shows one. */
const TICK_MS = 30_000;
let now = Date.now();
const subscribers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onTick: () => void): () => void {
  subscribers.add(onTick);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of subscribers) notify();
    }, TICK_MS);
  }
  return () => {
    subscribers.delete(onTick);
    if (subscribers.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function snapshot(): number {
  // With no clock running the stored time may be old: refresh it, but keep it stable for a second
  // so consecutive reads during one render agree (React requires a stable snapshot).
  if (timer === undefined && Date.now() - now > 1000) now = Date.now();
  return now;
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

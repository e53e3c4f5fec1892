/**
 * Run `worker` over `items` with at most `limit` at a time. Stops taking new items once `signal`
 * aborts or a worker throws; waits for the running ones, then rethrows the first error (or the
 * signal's reason).
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (failure === undefined && !signal?.aborted && next < items.length) {
      const item = items[next++] as T;
      try {
        await worker(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure !== undefined) throw failure.error;
  signal?.throwIfAborted();
}

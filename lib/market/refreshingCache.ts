// A cache of values that are costly to compute and read often (the pairs list's figures): an answer a little older
// than fresh is sent at once while one recomputation runs behind it, so no request waits for the computation.
export type RefreshingCache<T> = { get: (key: string, compute: () => Promise<T>) => Promise<T>; clear: () => void };

type Entry<T> = { at: number; value: T } | undefined;

/**
 * A value younger than `freshMs` is sent as it is; one younger than `maxStaleMs` is sent too and recomputed in the
 * background (one recomputation per key at a time); an older one, or none, is waited for. A failed recomputation keeps
 * the last value until it is `maxStaleMs` old.
 */
export function refreshingCache<T>(freshMs: number, maxStaleMs: number, clock: () => number = Date.now): RefreshingCache<T> {
  const values = new Map<string, Entry<T>>();
  const running = new Map<string, Promise<T>>();
  const refresh = (key: string, compute: () => Promise<T>): Promise<T> => {
    const pending = running.get(key);
    if (pending) return pending;
    const started = clock();
    const next = compute().then(
      (value) => {
        values.set(key, { at: started, value });
        return value;
      },
    ).finally(() => running.delete(key));
    running.set(key, next);
    return next;
  };
  return {
    get(key, compute) {
      const entry = values.get(key);
      const age = entry ? clock() - entry.at : Number.POSITIVE_INFINITY;
      if (entry && age < freshMs) return Promise.resolve(entry.value);
      if (entry && age < maxStaleMs) {
        // The caller has its answer; a failure here is seen by the next caller that has to wait.
        refresh(key, compute).catch(() => undefined);
        return Promise.resolve(entry.value);
      }
      return refresh(key, compute);
    },
    clear: () => values.clear(),
  };
}

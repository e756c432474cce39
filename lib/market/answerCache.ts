// A short-lived in-process cache of market answers: many clients polling one chart share one computation.
export type AnswerCache<T> = { get: (key: string, compute: () => Promise<T>) => Promise<T>; clear: () => void };

/**
 * Answers live `ttlMs` (the same staleness the CDN's s-maxage allows); concurrent misses share one promise and a
 * failure is not kept. Oldest entries go first once `maxEntries` is reached.
 */
export function answerCache<T>(ttlMs: number, maxEntries: number, clock: () => number = Date.now): AnswerCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, compute) {
      const now = clock();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (hit) entries.delete(key);
      const value = compute();
      entries.set(key, { at: now, value });
      value.catch(() => { if (entries.get(key)?.value === value) entries.delete(key); });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear: () => entries.clear(),
  };
}

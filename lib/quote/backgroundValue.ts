// A value read from the store and kept in memory: the first use waits for one read, later uses answer at once and
// refresh it in the background once it is older than `refreshMs`, so a quote never waits on the store twice.

export type BackgroundValue<T> = { get(): Promise<T> };

export function backgroundValue<T>(options: {
  read: () => Promise<T>;
  /** Used when the first read fails; a later failure keeps the last value. */
  fallback: T;
  refreshMs: number;
  now?: () => number;
}): BackgroundValue<T> {
  const now = options.now ?? Date.now;
  let value: { v: T } | undefined;
  let readAt = 0;
  let reading: Promise<void> | undefined;

  const refresh = (): Promise<void> => {
    reading ??= options
      .read()
      .then((v) => {
        value = { v };
      })
      .catch(() => {
        value ??= { v: options.fallback };
      })
      .finally(() => {
        readAt = now();
        reading = undefined;
      });
    return reading;
  };

  return {
    async get() {
      if (value === undefined) await refresh();
      else if (now() - readAt > options.refreshMs) void refresh();
      return value?.v ?? options.fallback;
    },
  };
}

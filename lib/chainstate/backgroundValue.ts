// A value read from the store and kept in memory for the quote path. A caller never gets a value older than
// `maxAgeMs`: past that, `get()` waits for a fresh read (so a decision taken after a quiet spell uses a current
// value, never the one from before it). In between, a value older than `refreshMs` is answered at once and read
// again in the background, so under steady traffic no request waits on the store.

export type BackgroundValue<T> = {
  /** The value, at most `maxAgeMs` old. */
  get(): Promise<T>;
  /** The value read now (joining a read under way): for a refusal, which must not rest on a value even seconds old. */
  fresh(): Promise<T>;
};

export function backgroundValue<T>(options: {
  read: () => Promise<T>;
  /** Past this age a value is refreshed in the background while it is still answered. */
  refreshMs: number;
  /** Past this age a value is not answered: `get()` waits for a read, and rejects with its error if it fails. */
  maxAgeMs: number;
  now?: () => number;
}): BackgroundValue<T> {
  if (!(options.refreshMs < options.maxAgeMs)) throw new Error('backgroundValue: refreshMs must be below maxAgeMs');
  const now = options.now ?? Date.now;
  let value: { v: T; readAt: number } | undefined;
  let reading: Promise<T> | undefined;
  let triedAt = -Infinity;

  const refresh = (): Promise<T> => {
    if (reading) return reading;
    // The age counts from when the read started: what it returns was true no earlier than that.
    const startedAt = now();
    triedAt = startedAt;
    reading = options
      .read()
      .then((v) => {
        value = { v, readAt: startedAt };
        return v;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  return {
    async get() {
      const age = value === undefined ? Infinity : now() - value.readAt;
      if (value === undefined || age > options.maxAgeMs) return refresh();
      // A failed background read leaves the value as it was (and is tried again refreshMs later); a call past
      // maxAgeMs surfaces the failure.
      if (age > options.refreshMs && now() - triedAt > options.refreshMs) refresh().catch(() => undefined);
      return value.v;
    },
    fresh: refresh,
  };
}

// A background job's wait between rounds: ends after `ms` or as soon as the job is told to stop.

/** Resolves after `ms` or at once when `signal` aborts; the abort listener goes with the wait, so a long-running loop holds none. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

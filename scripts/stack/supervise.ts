// Keeps one child running: restarts it when it dies, with a short back-off, and gives up on a crash loop.
import type { Child } from '../devnet/spawnChild';

export type SuperviseOptions = {
  name: string;
  start: () => Child;
  /** Told about each restart and about giving up. */
  onEvent?: (line: string) => void;
  /** Called once when the child keeps dying (more than `maxRestarts` within `windowMs`). */
  onGiveUp?: (reason: string) => void;
  restartDelayMs?: number;
  maxRestarts?: number;
  windowMs?: number;
};

export type Supervised = {
  readonly name: string;
  /** The child running now (a new object after each restart). */
  current(): Child;
  /** How many times the child was restarted. */
  readonly restarts: number;
  /** Resolves with the next child once the current one has died and been replaced. */
  nextStart(): Promise<Child>;
  stop(graceMs?: number): Promise<void>;
};

export function supervise(options: SuperviseOptions): Supervised {
  const delayMs = options.restartDelayMs ?? 500;
  const maxRestarts = options.maxRestarts ?? 5;
  const windowMs = options.windowMs ?? 60_000;
  let child = options.start();
  let stopped = false;
  let restarts = 0;
  const recent: number[] = [];
  let waiters: ((c: Child) => void)[] = [];

  const watch = (c: Child): void => {
    void c.exited.then(async (how) => {
      if (stopped) return;
      const now = Date.now();
      recent.push(now);
      while (recent.length > 0 && (recent[0] ?? now) < now - windowMs) recent.shift();
      if (recent.length > maxRestarts) {
        stopped = true;
        options.onGiveUp?.(`${options.name} exited ${recent.length} times within ${windowMs / 1000} s (last: ${how}); not restarting it`);
        return;
      }
      options.onEvent?.(`${options.name} exited (${how}); restarting`);
      await new Promise((r) => setTimeout(r, delayMs));
      if (stopped) return;
      child = options.start();
      restarts++;
      watch(child);
      for (const w of waiters.splice(0)) w(child);
    });
  };
  watch(child);

  return {
    name: options.name,
    current: () => child,
    get restarts() {
      return restarts;
    },
    nextStart: () => new Promise((resolve) => waiters.push(resolve)),
    async stop(graceMs) {
      stopped = true;
      waiters = [];
      await child.stop(graceMs);
    },
  };
}

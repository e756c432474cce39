// Fixed-window rate limiting (API.md §7) behind a store interface: in process memory, or shared through Redis.
import { env } from '@/lib/env';
import { RedisRateLimitStore, rateLimitRedisClient } from './redisRateLimitStore';

export type RateLimitDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (≥ 1). */
  resetSec: number;
};

/** Counts one hit for `key` in a window of `windowMs`; a Redis store does the same with INCR + PEXPIRE. */
export interface RateLimitStore {
  hit(key: string, limit: number, windowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
}

type Window = { startMs: number; count: number };

const SWEEP_EVERY_HITS = 10_000;

/** In-process store: one counter per key, reset when its window ends; stale keys are swept now and then. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private hitsSinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  hit(key: string, limit: number, windowMs: number): RateLimitDecision {
    const now = this.now();
    if (++this.hitsSinceSweep >= SWEEP_EVERY_HITS) this.sweep(now, windowMs);
    let w = this.windows.get(key);
    if (!w || now - w.startMs >= windowMs) {
      // Windows align to multiples of their length so every key resets at a predictable time.
      w = { startMs: now - (now % windowMs), count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    const resetSec = Math.max(1, Math.ceil((w.startMs + windowMs - now) / 1000));
    return { allowed: w.count <= limit, limit, remaining: Math.max(0, limit - w.count), resetSec };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number, windowMs: number): void {
    this.hitsSinceSweep = 0;
    for (const [key, w] of this.windows) if (now - w.startMs >= windowMs) this.windows.delete(key);
  }
}

const STORE_KEY = Symbol.for('swapdesk.rateLimitStore');
type Holder = { [STORE_KEY]?: RateLimitStore };

/**
 * The process-wide store, shared by every route bundle of the server (hence kept on globalThis): Redis when
 * REDIS_URL is set (counts shared by every instance), else this process's memory.
 */
export function rateLimitStore(): RateLimitStore {
  const holder = globalThis as Holder;
  if (!holder[STORE_KEY]) {
    const url = env().REDIS_URL;
    holder[STORE_KEY] = url ? new RedisRateLimitStore(rateLimitRedisClient(url)) : new MemoryRateLimitStore();
  }
  return holder[STORE_KEY];
}

/** Replaces the store (tests; a Redis store when REDIS_URL is set). */
export function setRateLimitStore(store: RateLimitStore): void {
  (globalThis as Holder)[STORE_KEY] = store;
}

export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  return {
    'ratelimit-limit': String(d.limit),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': String(d.resetSec),
  };
}

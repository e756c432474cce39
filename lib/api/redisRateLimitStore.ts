// Rate limits shared by every instance through Redis (rate-limiter-flexible), with an in-memory insurance limiter:
// while Redis is down or slow, each instance counts on its own instead of making requests wait or fail.
import 'server-only';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimitStore } from './rateLimit';

/** A Redis command that takes longer than this fails over to the insurance limiter (a hung Redis must not stall requests). */
const COMMAND_TIMEOUT_MS = 250;

/**
 * The client: no offline queue (a command while disconnected fails at once rather than waiting for a reconnect),
 * one attempt per command, a short command timeout, and reconnects in the background.
 */
export function rateLimitRedisClient(url: string, commandTimeoutMs = COMMAND_TIMEOUT_MS): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(100 * attempt, 1_000),
    lazyConnect: false,
  });
  // Errors are answered by the insurance limiter; without a listener ioredis would print each one.
  client.on('error', () => undefined);
  return client;
}

function decision(allowed: boolean, res: RateLimiterRes, limit: number): RateLimitDecision {
  return { allowed, limit, remaining: Math.max(0, res.remainingPoints), resetSec: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/**
 * One RateLimiterRedis per (limit, window), created on first use. Windows are fixed and start at a key's first hit
 * (rate-limiter-flexible's counting), so `RateLimit-Reset` is the time left in that key's own window.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(private readonly client: Redis, private readonly prefix = 'swapdesk:rl') {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    try {
      return decision(true, await this.limiter(limit, windowMs).consume(key, 1), limit);
    } catch (rejection: unknown) {
      if (rejection instanceof RateLimiterRes) return decision(false, rejection, limit);
      throw rejection;
    }
  }

  /** Whether Redis answers now (health report); the limiter works either way. */
  get redisReady(): boolean {
    return this.client.status === 'ready';
  }

  private limiter(limit: number, windowMs: number): RateLimiterRedis {
    const id = `${limit}:${windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const duration = Math.max(1, Math.round(windowMs / 1000));
      limiter = new RateLimiterRedis({
        storeClient: this.client,
        keyPrefix: `${this.prefix}:${id}`,
        points: limit,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${this.prefix}:mem:${id}`, points: limit, duration }),
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, rateLimitHeaders } from './rateLimit';

describe('MemoryRateLimitStore', () => {
  it('allows `limit` hits per aligned window per key and resets when the window ends', () => {
    let now = 120_000 + 15_000;
    const store = new MemoryRateLimitStore(() => now);
    const hits = [1, 2, 3].map(() => store.hit('k', 2, 60_000));
    expect(hits.map((h) => [h.allowed, h.remaining, h.resetSec])).toEqual([[true, 1, 45], [true, 0, 45], [false, 0, 45]]);
    expect(store.hit('other', 2, 60_000).allowed).toBe(true);
    now = 180_000;
    expect(store.hit('k', 2, 60_000)).toEqual({ allowed: true, limit: 2, remaining: 1, resetSec: 60 });
    expect(rateLimitHeaders(store.hit('k', 2, 60_000))).toEqual({ 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-reset': '60' });
  });

  it('forgets keys whose window has passed, so memory follows active callers', () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    for (let i = 0; i < 5000; i++) store.hit(`ip-${i}`, 10, 60_000);
    now = 60_000;
    for (let i = 0; i < 5000; i++) store.hit('steady', 1_000_000, 60_000);
    expect(store.size).toBe(1);
  });
});

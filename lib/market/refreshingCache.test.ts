import { describe, expect, it } from 'vitest';
import { refreshingCache } from './refreshingCache';

function deferred<T>() {
  let resolve: (v: T) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

describe('refreshingCache', () => {
  it('computes once for concurrent first callers and serves the value while fresh', async () => {
    let now = 0;
    let calls = 0;
    const cache = refreshingCache<number>(1_000, 10_000, () => now);
    const compute = async () => ++calls;
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('k', compute)).toBe(1);
    expect(calls).toBe(1);
  });

  it('answers a stale value at once and recomputes once behind it', async () => {
    let now = 0;
    const cache = refreshingCache<string>(1_000, 10_000, () => now);
    await cache.get('k', async () => 'first');
    now = 2_000;
    const next = deferred<string>();
    let calls = 0;
    const compute = () => { calls++; return next.promise; };
    expect(await cache.get('k', compute)).toBe('first');
    expect(await cache.get('k', compute)).toBe('first');
    expect(calls).toBe(1);
    next.resolve('second');
    await next.promise;
    await Promise.resolve();
    expect(await cache.get('k', compute)).toBe('second');
  });

  it('waits for a fresh value once the last one is older than maxStaleMs', async () => {
    let now = 0;
    const cache = refreshingCache<string>(1_000, 10_000, () => now);
    await cache.get('k', async () => 'old');
    now = 10_000;
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps the last value when a background recomputation fails, and a waiting caller sees the failure', async () => {
    let now = 0;
    const cache = refreshingCache<string>(1_000, 10_000, () => now);
    await cache.get('k', async () => 'kept');
    now = 2_000;
    expect(await cache.get('k', () => Promise.reject(new Error('store down')))).toBe('kept');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', () => Promise.reject(new Error('store down')))).toBe('kept');
    now = 20_000;
    await expect(cache.get('k', () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
  });
});

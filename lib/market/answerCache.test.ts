import { describe, expect, it } from 'vitest';
import { answerCache } from './answerCache';

describe('answerCache', () => {
  it('reuses an answer within its lifetime, recomputes after it, and shares concurrent misses', async () => {
    let now = 1_000;
    let calls = 0;
    const cache = answerCache<number>(1_000, 10, () => now);
    const compute = async () => ++calls;
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    now += 999;
    expect(await cache.get('a', compute)).toBe(1);
    now += 1;
    expect(await cache.get('a', compute)).toBe(2);
    expect(await cache.get('b', compute)).toBe(3);
  });

  it('forgets failures and evicts the oldest entry beyond its size', async () => {
    const cache = answerCache<string>(60_000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('rpc down')))).rejects.toThrow('rpc down');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(await cache.get('x', async () => 'recomputed')).toBe('recomputed');
  });
});

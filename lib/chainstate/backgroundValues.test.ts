import { describe, expect, it } from 'vitest';
import { backgroundValues } from './backgroundValues';

describe('backgroundValues', () => {
  it('keeps one value per key: each key read once while fresh, refreshed on its own', async () => {
    let clock = 0;
    const reads: string[] = [];
    const valueOf = backgroundValues({ read: async (key: string) => { reads.push(key); return `${key}@${clock}`; }, refreshMs: 1_000, maxAgeMs: 5_000, now: () => clock });
    expect(await Promise.all([valueOf('a').get(), valueOf('a').get(), valueOf('b').get()])).toEqual(['a@0', 'a@0', 'b@0']);
    expect(reads).toEqual(['a', 'b']);
    clock = 6_000;
    expect(await valueOf('a').get()).toBe('a@6000');
    expect(reads).toEqual(['a', 'b', 'a']);
  });
});

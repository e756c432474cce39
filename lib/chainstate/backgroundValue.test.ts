import { describe, expect, it } from 'vitest';
import { backgroundValue } from './backgroundValue';

/** A store whose reads answer the next of `answers` (an Error rejects), counting the reads. */
function fakeStore<T>(answers: (T | Error)[]) {
  const store = {
    reads: 0,
    read: async (): Promise<T> => {
      const next = answers[Math.min(store.reads++, answers.length - 1)];
      if (next instanceof Error) throw next;
      return next as T;
    },
  };
  return store;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('backgroundValue', () => {
  it('answers from memory under refreshMs, answers and refreshes in the background between refreshMs and maxAgeMs', async () => {
    let clock = 0;
    const store = fakeStore([1, 2, 3]);
    const value = backgroundValue({ read: store.read, refreshMs: 1_000, maxAgeMs: 5_000, now: () => clock });
    expect(await value.get()).toBe(1);
    clock = 900;
    expect(await value.get()).toBe(1);
    expect(store.reads).toBe(1);
    clock = 1_500;
    expect(await value.get()).toBe(1);
    await settle();
    expect(store.reads).toBe(2);
    expect(await value.get()).toBe(2);
  });

  it('never answers a value older than maxAgeMs: after a quiet spell the first call waits for a fresh read', async () => {
    let clock = 0;
    const store = fakeStore(['before the quiet spell', 'now']);
    const value = backgroundValue({ read: store.read, refreshMs: 1_000, maxAgeMs: 5_000, now: () => clock });
    expect(await value.get()).toBe('before the quiet spell');
    clock = 90_000;
    expect(await value.get()).toBe('now');
    expect(store.reads).toBe(2);
  });

  it('a failed background read keeps the value until maxAgeMs; past it the failure reaches the caller, and the next good read recovers', async () => {
    let clock = 0;
    const down = new Error('store down');
    const store = fakeStore<number | Error>([7, down, down, 8]);
    const value = backgroundValue({ read: store.read, refreshMs: 1_000, maxAgeMs: 5_000, now: () => clock });
    expect(await value.get()).toBe(7);
    clock = 2_000;
    expect(await value.get()).toBe(7);
    await settle();
    clock = 6_000;
    await expect(value.get()).rejects.toThrow('store down');
    expect(await value.get()).toBe(8);
  });

  it('the age counts from when the read started, and concurrent callers share one read', async () => {
    let clock = 0;
    let release: (v: number) => void = () => undefined;
    let reads = 0;
    const value = backgroundValue({
      read: () => {
        reads++;
        return new Promise<number>((resolve) => (release = resolve));
      },
      refreshMs: 1_000,
      maxAgeMs: 5_000,
      now: () => clock,
    });
    const first = value.get();
    const second = value.get();
    clock = 4_000; // the read took 4 s
    release(1);
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(reads).toBe(1);
    clock = 5_500; // 5.5 s after the read started: too old, although it returned 1.5 s ago
    const third = value.get();
    expect(reads).toBe(2);
    release(2);
    expect(await third).toBe(2);
  });

  it('refuses a refresh interval that is not below the age bound', () => {
    expect(() => backgroundValue({ read: async () => 1, refreshMs: 5_000, maxAgeMs: 5_000 })).toThrow('refreshMs must be below maxAgeMs');
  });
});

describe('backgroundValue.fresh', () => {
  it('reads now whatever the age, and what it read is what get() answers next', async () => {
    let clock = 0;
    const store = fakeStore(['old', 'new']);
    const value = backgroundValue({ read: store.read, refreshMs: 1_000, maxAgeMs: 5_000, now: () => clock });
    expect(await value.get()).toBe('old');
    clock = 10;
    expect(await value.fresh()).toBe('new');
    expect(await value.get()).toBe('new');
    expect(store.reads).toBe(2);
  });
});

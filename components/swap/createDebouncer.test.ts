import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './createDebouncer';

describe('createDebouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles once, with the last value, a delay after the last push', () => {
    const settled: string[] = [];
    const d = createDebouncer<string>(250, (v) => settled.push(v));
    for (const v of ['1', '12', '123']) {
      d.push(v);
      vi.advanceTimersByTime(60);
    }
    expect(d.pending()).toBe(true);
    vi.advanceTimersByTime(189);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(['123']);
    expect(d.pending()).toBe(false);
  });

  it('cancel drops the waiting value', () => {
    const settled: number[] = [];
    const d = createDebouncer<number>(100, (v) => settled.push(v));
    d.push(1);
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(settled).toEqual([]);
  });
});

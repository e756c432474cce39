import { describe, expect, it } from 'vitest';
import type { Hash } from 'viem';
import { perBlockReads } from './perBlockReads';

/** Block `n` of the canonical chain (hash 0x…0n), or of a fork (another hash at the same height). */
const at = (n: bigint, fork = 0) => ({ block: n, hash: `0x${fork.toString(16).padStart(2, '0')}${n.toString(16).padStart(62, '0')}` as Hash });

/** A load that counts its calls and answers `value` (or fails while `fail` says so). */
const counted = (value: string, fail = () => false) => {
  const load = Object.assign(async () => {
    load.calls += 1;
    if (fail()) throw new Error('RPC timeout');
    return value;
  }, { calls: 0 });
  return load;
};

describe('perBlockReads', () => {
  it('shares one load among the callers of one block, per chain and key; a newer block loads again', async () => {
    const reads = perBlockReads();
    const load = counted('opened');
    expect(await Promise.all([1, 2, 3].map(() => reads.read('1', at(10n), 'a', load)))).toEqual(['opened', 'opened', 'opened']);
    expect(load.calls).toBe(1);
    await reads.read('2', at(10n), 'a', load);
    await reads.read('1', at(10n), 'b', load);
    expect(load.calls).toBe(3);
    await reads.read('1', at(11n), 'a', load);
    await reads.read('1', at(11n), 'a', load);
    expect(load.calls).toBe(4);
  });

  it('answers a caller behind the newest block on its own, and keeps no failure', async () => {
    const reads = perBlockReads();
    const newer = counted('settled');
    await reads.read('1', at(11n), 'a', newer);
    const older = counted('opened');
    expect(await reads.read('1', at(10n), 'a', older)).toBe('opened');
    expect(await reads.read('1', at(11n), 'a', newer)).toBe('settled');
    expect([older.calls, newer.calls]).toEqual([1, 1]);
    let down = true;
    const flaky = counted('filled', () => down);
    await expect(reads.read('1', at(11n), 'b', flaky)).rejects.toThrow('RPC timeout');
    down = false;
    expect(await reads.read('1', at(11n), 'b', flaky)).toBe('filled');
    expect(flaky.calls).toBe(2);
  });

  it('after a same-height reorg, reads the new block anew: the answer of the block it replaced is not served', async () => {
    const reads = perBlockReads();
    const filled = counted('filled');
    expect(await reads.read('1', at(11n), 'a', filled)).toBe('filled');
    const unfilled = counted('unfilled');
    expect(await reads.read('1', at(11n, 1), 'a', unfilled)).toBe('unfilled');
    expect(await reads.read('1', at(11n, 1), 'a', unfilled)).toBe('unfilled');
    expect([filled.calls, unfilled.calls]).toEqual([1, 1]);
  });
});

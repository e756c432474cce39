import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { buildPoolGraph, withStates, type PoolGraph } from '@/lib/routing/poolGraph';
import { v2State } from '@/lib/routing/v2/v2Pool';
import { MIN_OBSERVED_MS, POOL_MOVES_WINDOW_MS, PoolMoves } from './poolMoves';

const A = '0x00000000000000000000000000000000000000a1' as Address;
const B = '0x00000000000000000000000000000000000000b2' as Address;
const T0 = '0x0000000000000000000000000000000000000001' as Address;
const T1 = '0x0000000000000000000000000000000000000002' as Address;
const T2 = '0x0000000000000000000000000000000000000003' as Address;
const E18 = 10n ** 18n;
const HORIZON_MS = 40_000;

/** Pool A (T0/T1) at 3,000 T1 per T0 times `priceA`, pool B (T1/T2) at 1 T2 per T1 times `priceB`. */
function graphAt(previous: PoolGraph | undefined, priceA: number, priceB = 1, block = 1n): PoolGraph {
  const a = v2State(1_000n * E18, BigInt(Math.round(3_000_000 * priceA)) * E18);
  const b = v2State(1_000_000n * E18, BigInt(Math.round(1_000_000 * priceB)) * E18);
  if (!previous) return buildPoolGraph(1, T0, [{ address: A, token0: T0, token1: T1, state: a }, { address: B, token0: T1, token1: T2, state: b }]);
  return withStates(previous, new Map([[A, a], [B, b]]), block);
}

describe('PoolMoves.adverseMove', () => {
  it('knows nothing before a minute of watching, nor a pool it never saw', () => {
    const moves = new PoolMoves();
    moves.record(graphAt(undefined, 1), 0);
    expect(moves.adverseMove([{ pool: A, tokenIn: T0 }], HORIZON_MS, MIN_OBSERVED_MS - 1)).toBeUndefined();
    expect(moves.adverseMove([{ pool: A, tokenIn: T0 }], HORIZON_MS, MIN_OBSERVED_MS)).toBe(0);
    expect(moves.adverseMove([{ pool: '0x00000000000000000000000000000000000000c3', tokenIn: T0 }], HORIZON_MS, MIN_OBSERVED_MS)).toBeUndefined();
  });

  it('counts only moves against the direction of the trade, from reviews that saw them within the horizon', () => {
    const moves = new PoolMoves();
    let graph = graphAt(undefined, 1);
    moves.record(graph, 0);
    // T0 falls 1 % at 300 s and recovers 2 s later: every review started in the 40 s before 300 s saw the fall.
    graph = graphAt(graph, 0.99, 1, 2n);
    moves.record(graph, 300_000);
    graph = graphAt(graph, 1, 1, 3n);
    moves.record(graph, 302_000);
    const now = 600_000;
    // Selling T0 (into A): 40 of 600 reviews saw a 1 % fall, more than the 1 % the quantile leaves out.
    expect(moves.adverseMove([{ pool: A, tokenIn: T0 }], HORIZON_MS, now)).toBeCloseTo(0.01, 3);
    // Buying T0 (T1 into A) the fall was in the trader's favour; the recovery against it was seen by 2 reviews of 600.
    expect(moves.adverseMove([{ pool: A, tokenIn: T1 }], HORIZON_MS, now)).toBe(0);
    // A 3 s horizon: 3 reviews of 600 saw the fall, within the 1 % left out.
    expect(moves.adverseMove([{ pool: A, tokenIn: T0 }], 3_000, now)).toBe(0);
  });

  it('adds the hops of a path, each in its direction, and forgets what left the window', () => {
    const moves = new PoolMoves();
    let graph = graphAt(undefined, 1);
    moves.record(graph, 0);
    // At 100 s T0 falls 1 % against T1 and T1 falls 1 % against T2 for good.
    graph = graphAt(graph, 0.99, 0.99, 2n);
    moves.record(graph, 100_000);
    const path = [{ pool: A, tokenIn: T0 }, { pool: B, tokenIn: T1 }];
    expect(moves.adverseMove(path, HORIZON_MS, 200_000)).toBeCloseTo(1 - 0.99 * 0.99, 6);
    // The reverse path gained on both hops.
    expect(moves.adverseMove([{ pool: B, tokenIn: T2 }, { pool: A, tokenIn: T1 }], HORIZON_MS, 200_000)).toBe(0);
    // Once every review that saw it has left the window, the path stood still.
    graph = graphAt(graph, 0.99, 0.99, 3n);
    moves.record(graph, 100_000 + POOL_MOVES_WINDOW_MS + 1);
    expect(moves.adverseMove(path, HORIZON_MS, 100_000 + POOL_MOVES_WINDOW_MS + 1)).toBe(0);
  });
});

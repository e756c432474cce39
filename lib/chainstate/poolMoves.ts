// How the pools' prices have been moving lately, as the chain follower sees them block by block: each pool's price
// history over a sliding window, from which the suggested slippage reads how far a route's price went against a trader
// over a review of a given length (the concurrent traders' flow, the arbitrage that undoes it, heavy-tailed trades).
import { isAddressEqual, type Address } from 'viem';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { spotRateOf } from '@/lib/routing/poolSim';

/** Moves older than this are forgotten: recent enough to follow a calm or a busy market, long enough to hold a few hundred blocks. */
export const POOL_MOVES_WINDOW_MS = 10 * 60_000;
/** Below this much observed time nothing is trusted (a follower that just started). */
export const MIN_OBSERVED_MS = 60_000;
/** Reviews are sampled starting every this often over the window (each a possible moment a firm quote was taken). */
export const REVIEW_START_STEP_MS = 1_000;
/** The share of sampled reviews whose worst move the answer covers. */
export const ADVERSE_MOVE_QUANTILE = 0.99;

/** One hop of a route: the pool and the token that goes into it. */
export type HopDirection = { pool: Address; tokenIn: Address };

/** A pool's log price (token1 per token0) from `atMs` on. */
type Sample = { atMs: number; logPrice: number };

export class PoolMoves {
  private readonly samples = new Map<Address, Sample[]>();
  private readonly token0 = new Map<Address, Address>();
  /** Answers since the last block, by path and horizon: every quote of a block asks for the same few paths. */
  private readonly answers = new Map<string, { atMs: number; move: number }>();
  private firstAtMs: number | undefined;

  /** Notes every pool's price in `graph` (a new block) at `atMs`. */
  record(graph: PoolGraph, atMs: number): void {
    this.firstAtMs ??= atMs;
    this.answers.clear();
    graph.topology.pools.forEach((pool, i) => {
      const state = graph.states[i];
      const rate = state ? spotRateOf(state, true) : 0;
      if (!(rate > 0) || !Number.isFinite(rate)) return;
      const logPrice = Math.log(rate);
      this.token0.set(pool.address, pool.token0);
      const list = this.samples.get(pool.address) ?? [];
      if (list.at(-1)?.logPrice === logPrice) return;
      list.push({ atMs, logPrice });
      // The newest sample before the window stays: it is the price the window starts from.
      while (list.length > 1 && (list[1]?.atMs ?? atMs) <= atMs - POOL_MOVES_WINDOW_MS) list.shift();
      this.samples.set(pool.address, list);
    });
  }

  /**
   * How far the output of one path through `hops` fell, as a fraction, over a review of `horizonMs`: for reviews
   * starting every second over the window, the worst it stood below its start at any block within the review;
   * the `ADVERSE_MOVE_QUANTILE` of those. Undefined while too little was observed or a pool is unknown.
   */
  adverseMove(hops: readonly HopDirection[], horizonMs: number, nowMs: number): number | undefined {
    const key = `${horizonMs}:${hops.map((h) => `${h.pool}>${h.tokenIn}`).join(',')}`;
    const known = this.answers.get(key);
    if (known && nowMs >= known.atMs && nowMs - known.atMs < REVIEW_START_STEP_MS) return known.move;
    const move = this.computeAdverseMove(hops, horizonMs, nowMs);
    // Not knowing yet is cheap to find out and may change within the second.
    if (move !== undefined) this.answers.set(key, { atMs: nowMs, move });
    return move;
  }

  private computeAdverseMove(hops: readonly HopDirection[], horizonMs: number, nowMs: number): number | undefined {
    if (this.firstAtMs === undefined || nowMs - this.firstAtMs < MIN_OBSERVED_MS) return undefined;
    const series = this.pathSeries(hops);
    if (!series) return undefined;
    const fromMs = Math.max(this.firstAtMs, nowMs - POOL_MOVES_WINDOW_MS);
    const worst: number[] = [];
    let at = 0;
    for (let startMs = fromMs; startMs < nowMs; startMs += REVIEW_START_STEP_MS) {
      while (at + 1 < series.length && (series[at + 1]?.atMs ?? Infinity) <= startMs) at++;
      const start = series[at]?.logPrice ?? 0;
      let lowest = start;
      // Reviews near now are cut at now: they say what the latest blocks did.
      const endMs = Math.min(startMs + horizonMs, nowMs);
      for (let j = at + 1; j < series.length && (series[j]?.atMs ?? Infinity) <= endMs; j++) lowest = Math.min(lowest, series[j]?.logPrice ?? lowest);
      worst.push(start - lowest);
    }
    if (worst.length === 0) return 0;
    worst.sort((a, b) => a - b);
    const fall = worst[Math.min(worst.length - 1, Math.ceil(ADVERSE_MOVE_QUANTILE * worst.length) - 1)] ?? 0;
    return -Math.expm1(-fall);
  }

  /** The log of the path's output rate (sum over hops, signed by direction) at every time one of its pools moved. */
  private pathSeries(hops: readonly HopDirection[]): Sample[] | undefined {
    const legs: { list: Sample[]; sign: number }[] = [];
    for (const hop of hops) {
      const list = this.samples.get(hop.pool);
      const token0 = this.token0.get(hop.pool);
      if (!list || list.length === 0 || !token0) return undefined;
      legs.push({ list, sign: isAddressEqual(token0, hop.tokenIn) ? 1 : -1 });
    }
    const times = [...new Set(legs.flatMap((l) => l.list.map((s) => s.atMs)))].sort((a, b) => a - b);
    const cursor = legs.map(() => 0);
    return times.map((atMs) => {
      let logPrice = 0;
      legs.forEach((leg, k) => {
        let i = cursor[k] ?? 0;
        while (i + 1 < leg.list.length && (leg.list[i + 1]?.atMs ?? Infinity) <= atMs) i++;
        cursor[k] = i;
        logPrice += leg.sign * (leg.list[i]?.logPrice ?? 0);
      });
      return { atMs, logPrice };
    });
  }
}

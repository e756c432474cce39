// The size of a devnet retail trade as a share of its pool's depth: heavy-tailed (Pareto), so most trades are small,
// a few are large, and the largest are capped at a share that a real pool of that depth sees.
import type { PairKind } from './arbitrageTarget';
import type { Prng } from './prng';

/** Smallest trade: this share of the pool's value (about 1,000 USD in a 20 M USD pool). */
export const NOISE_MIN_SHARE = 0.00005;
/** Tail index of the Pareto law: below 2 its variance is infinite, as trade sizes on real exchanges are. */
export const NOISE_TAIL_INDEX = 1.3;
/** Largest trade, by the pair's kind: stablecoin pairs are traded in smaller slices of their depth. */
export const NOISE_MAX_SHARE: Record<PairKind, number> = { volatile: 0.01, stable: 0.003 };

export function noiseTradeShare(kind: PairKind, rng: Prng): number {
  const share = NOISE_MIN_SHARE * (1 - rng.next()) ** (-1 / NOISE_TAIL_INDEX);
  return Math.min(NOISE_MAX_SHARE[kind], share);
}

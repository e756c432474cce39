// A market the size of a real network's (`npm start -- --pools N`, `npm run bench:scale`): about N pools over N/5
// tokens, V2 and V3 mixed, shaped as real chains are: a few deep hubs (WETH, the stablecoins, WBTC) that most pools
// quote against, and a long tail of shallow tokens with one to a few pools each.
import { prng } from './prng';
import type { V3FeeTier } from './v3Positions';

export type ScaleToken = { symbol: string; decimals: number; usd: number };
export type ScalePool = {
  /** Token indices, `a` < `b`. */
  a: number;
  b: number;
  source: 'uniswap_v2' | 'uniswap_v3';
  /** V3 fee tier; undefined for V2. */
  fee?: V3FeeTier;
  tvlUsd: number;
  /** Where the pool's price starts relative to the reference (0.002: 0.2 % above). */
  priceOffset: number;
};
export type ScaleMarkets = { tokens: ScaleToken[]; pools: ScalePool[] };

/** Hubs first: a pool's counterpart is a hub with these weights, else another tail token. */
const HUBS: readonly (ScaleToken & { weight: number })[] = [
  { symbol: 'WETH', decimals: 18, usd: 3_000, weight: 0.45 },
  { symbol: 'USDC', decimals: 6, usd: 1, weight: 0.28 },
  { symbol: 'USDT', decimals: 6, usd: 1, weight: 0.12 },
  { symbol: 'WBTC', decimals: 8, usd: 60_000, weight: 0.08 },
  { symbol: 'DAI', decimals: 18, usd: 1, weight: 0.07 },
];
const STABLE = new Set(['USDC', 'USDT', 'DAI']);
const TAIL_DECIMALS = [18, 18, 18, 18, 6, 8, 9] as const;
const V3_SHARE = 0.55;
/** Deepest tail token's pools hold about this much (USD); depth falls with rank as a power law (Zipf-like). */
const TOP_TAIL_TVL_USD = 30_000_000;
const TAIL_DEPTH_EXPONENT = 1.1;
const MIN_TVL_USD = 2_000;
const TOKENS_PER_POOL = 5;

function pickWeighted(next: () => number, weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  let r = next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] ?? 0;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** About `poolCount` pools (at least the hubs' own) over `poolCount / 5` tokens, the same for a given seed. */
export function scaleMarkets(poolCount: number, seed = 1): ScaleMarkets {
  const rand = prng(seed);
  const tokenCount = Math.max(HUBS.length + 1, Math.round(poolCount / TOKENS_PER_POOL));
  const tokens: ScaleToken[] = HUBS.map(({ symbol, decimals, usd }) => ({ symbol, decimals, usd }));
  for (let i = tokens.length; i < tokenCount; i++) {
    tokens.push({ symbol: `TK${i - HUBS.length + 1}`, decimals: rand.pick(TAIL_DECIMALS), usd: 10 ** rand.between(-4, 3.5) });
  }
  /** A tail token's typical pool depth: the power law by rank, with noise. */
  const depth = (i: number) => (i < HUBS.length ? 40_000_000 : TOP_TAIL_TVL_USD * (i - HUBS.length + 1) ** -TAIL_DEPTH_EXPONENT);
  const pools: ScalePool[] = [];
  const taken = new Set<string>();
  const fees = (a: number, b: number): V3FeeTier[] => {
    const stable = STABLE.has(tokens[a]?.symbol ?? '') && STABLE.has(tokens[b]?.symbol ?? '');
    return stable ? [100, 500] : [500, 3000, 3000, 10000];
  };
  const add = (i: number, j: number, tvlUsd: number, source?: ScalePool['source']): boolean => {
    const [a, b] = i < j ? [i, j] : [j, i];
    if (a === b) return false;
    const kind = source ?? (rand.next() < V3_SHARE ? 'uniswap_v3' : 'uniswap_v2');
    const fee = kind === 'uniswap_v3' ? rand.pick(fees(a, b)) : undefined;
    const key = `${a}-${b}-${fee ?? 'v2'}`;
    if (taken.has(key)) return false;
    taken.add(key);
    pools.push({ a, b, source: kind, fee, tvlUsd: Math.max(MIN_TVL_USD, Math.round(tvlUsd)), priceOffset: rand.normal() * 0.003 });
    return true;
  };
  // Hub pairs: on V2 and on V3, deep.
  for (let i = 0; i < HUBS.length; i++) {
    for (let j = i + 1; j < HUBS.length; j++) {
      add(i, j, rand.between(5e6, 4e7), 'uniswap_v2');
      add(i, j, rand.between(5e6, 6e7), 'uniswap_v3');
    }
  }
  const hubWeights = HUBS.map((h) => h.weight);
  const lognormal = () => Math.exp(rand.normal() * 0.8);
  // Every tail token quotes against one hub at least.
  for (let t = HUBS.length; t < tokenCount && pools.length < poolCount; t++) add(t, pickWeighted(rand.next, hubWeights), depth(t) * lognormal());
  // The rest: popular tokens get more pools (rank drawn towards the head), mostly against hubs, some tail–tail.
  for (let attempts = 0; pools.length < poolCount && attempts < poolCount * 20; attempts++) {
    const t = HUBS.length + Math.floor((tokenCount - HUBS.length) * rand.next() ** 2.2);
    const other = rand.next() < 0.75 ? pickWeighted(rand.next, hubWeights) : HUBS.length + Math.floor((tokenCount - HUBS.length) * rand.next() ** 1.5);
    add(t, other, Math.min(depth(t), depth(other)) * lognormal() * 0.6);
  }
  return { tokens, pools };
}

// Mid prices of every devnet pool (V2 reserves, V3 slot0) and the largest gap between pools of one pair, on one
// chain or across both: what the market loop keeps in line and what its test and benchmark measure.
import { poolPrice } from './chooseTrade';
import type { SimPool } from './generateHistory';
import type { SimV3Pool } from './simV3Pools';

export type PoolPrice = {
  chainId: number;
  /** "WETH/USDC": base/quote as the devnet lists it. */
  pair: string;
  /** "V2" or "V3 0.05 %". */
  pool: string;
  /** Whole quote per whole base. */
  price: number;
  /** The pool's swap fee as a fraction (0.003 for V2). */
  fee: number;
};

export type Spread = { spread: number; a: PoolPrice; b: PoolPrice };

export const V2_FEE = 0.003;

export function poolPrices(chainId: number, v2: readonly SimPool[], v3: readonly SimV3Pool[]): PoolPrice[] {
  return [
    ...v2.map((p) => ({ chainId, pair: `${p.base}/${p.quote}`, pool: 'V2', price: poolPrice(p), fee: V2_FEE })),
    ...v3.map((p) => ({ chainId, pair: `${p.base}/${p.quote}`, pool: `V3 ${p.fee / 10_000} %`, price: p.price, fee: p.fee / 1_000_000 })),
  ];
}

/** |ln(a / b)|: the relative gap between two prices, symmetric. */
export function logGap(a: number, b: number): number {
  return Math.abs(Math.log(a / b));
}

/**
 * Which pools are compared: 'pair' those of one base/quote pair; 'usd' also a base against either USD stablecoin
 * (WETH/DAI beside WETH/USDC, one DAI taken as one USDC), as a trader comparing prices would.
 */
export type Grouping = 'pair' | 'usd';

const USD_STABLECOINS = new Set(['USDC', 'DAI']);

function groupOf(p: PoolPrice, grouping: Grouping): string {
  if (grouping === 'pair') return p.pair;
  const [base, quote] = p.pair.split('/');
  return quote && USD_STABLECOINS.has(quote) && base && !USD_STABLECOINS.has(base) ? `${base}/USD` : p.pair;
}

/** Every two pools of one group (same chain or not), each with its gap. */
export function spreads(prices: readonly PoolPrice[], grouping: Grouping = 'pair'): Spread[] {
  const out: Spread[] = [];
  for (let i = 0; i < prices.length; i++) {
    for (let j = i + 1; j < prices.length; j++) {
      const a = prices[i];
      const b = prices[j];
      if (a && b && groupOf(a, grouping) === groupOf(b, grouping)) out.push({ spread: logGap(a.price, b.price), a, b });
    }
  }
  return out;
}

export function largestSpread(prices: readonly PoolPrice[], grouping: Grouping = 'pair'): Spread | undefined {
  return spreads(prices, grouping).reduce<Spread | undefined>((best, s) => (best && best.spread >= s.spread ? best : s), undefined);
}

export function describePool(p: PoolPrice): string {
  return `${p.pair} ${p.pool} on ${p.chainId} at ${p.price.toPrecision(6)}`;
}

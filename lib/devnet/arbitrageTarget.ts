// Where the devnet's arbitrageur leaves a pool: within a band around the reference price set by the pool's fee (and
// tighter for a pair of two stablecoins), so pools of one pair, on one chain or both, stay within their fees of each
// other as arbitrage keeps real markets.
import { tokenSpec } from './devnetMarkets';

export type PairKind = 'stable' | 'volatile';

/** Share of its fee a pool may stray from the reference before the arbitrageur trades it back. */
export const ARB_BAND_SHARE_OF_FEE = 0.5;
/** Widest band of a stablecoin pair, whatever its fee: a dollar is a dollar. */
export const STABLE_BAND = 0.0005;
/** The arbitrageur stops this far inside the band (a share of it), so the next small move does not trip it again. */
const ARB_AIM_SHARE_OF_BAND = 0.5;

export function pairKind(base: string, quote: string): PairKind {
  const stable = (symbol: string) => tokenSpec(symbol).pegged === true || tokenSpec(symbol).dailyVol === 0;
  return stable(base) && stable(quote) ? 'stable' : 'volatile';
}

/** Largest |ln(pool price / reference)| the arbitrageur leaves a pool at; `fee` a fraction (0.003 for V2). */
export function arbitrageBand(fee: number, kind: PairKind): number {
  const band = fee * ARB_BAND_SHARE_OF_FEE;
  return kind === 'stable' ? Math.min(band, STABLE_BAND) : band;
}

/** The price the arbitrageur trades a pool to, or undefined when it is within its band of the reference. */
export function arbitrageTarget(price: number, reference: number, band: number): number | undefined {
  const deviation = Math.log(price / reference);
  if (Math.abs(deviation) <= band) return undefined;
  return reference * Math.exp(Math.sign(deviation) * band * ARB_AIM_SHARE_OF_BAND);
}

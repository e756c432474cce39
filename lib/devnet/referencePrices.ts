// The "true" USD price path of each devnet token over the history window, which simulated traders and
// arbitrageurs push every pool towards. Each path is a random walk drawn backwards from the token's nominal price
// at the end, so today's prices are the familiar ones, and a token has the same path on every chain (one seed per
// symbol), which keeps the two devnets' markets consistent with each other.
import { tokenSpec } from './devnetMarkets';
import { prng } from './prng';

export type ReferencePrices = { usdAt(symbol: string, timestamp: number): number };

export type ReferencePriceOptions = { start: number; end: number; seed: number; /** Grid step, seconds. */ stepS?: number };

const DEFAULT_STEP_S = 900;
/** Daily rate at which a pegged token's deviation from 1 USD decays. */
const PEG_PULL_PER_DAY = 3;
const MAX_PEG_DEVIATION = 0.01;

function symbolSeed(seed: number, symbol: string): number {
  let h = seed >>> 0;
  for (const ch of symbol) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

function pathFor(symbol: string, points: number, stepDays: number, seed: number): number[] {
  const spec = tokenSpec(symbol);
  const rng = prng(symbolSeed(seed, symbol));
  const path = new Array<number>(points).fill(spec.usd);
  for (let i = points - 2; i >= 0; i--) {
    const next = path[i + 1] ?? spec.usd;
    const shock = spec.dailyVol * Math.sqrt(stepDays) * rng.normal();
    if (spec.dailyVol === 0) path[i] = next;
    else if (spec.pegged) {
      const deviation = (next - 1) * Math.exp(-PEG_PULL_PER_DAY * stepDays) + shock;
      path[i] = 1 + Math.max(-MAX_PEG_DEVIATION, Math.min(MAX_PEG_DEVIATION, deviation));
    } else path[i] = next * Math.exp(shock);
  }
  return path;
}

export function referencePrices(symbols: readonly string[], options: ReferencePriceOptions): ReferencePrices {
  const stepS = options.stepS ?? DEFAULT_STEP_S;
  const points = Math.max(2, Math.ceil((options.end - options.start) / stepS) + 1);
  // Anchored at the end: point points-1 is `end`, earlier points step back from it.
  const first = options.end - (points - 1) * stepS;
  const paths = new Map(symbols.map((s) => [s, pathFor(s, points, stepS / 86_400, options.seed)]));
  return {
    usdAt(symbol, timestamp) {
      const path = paths.get(symbol);
      if (!path) throw new Error(`no reference price for ${symbol}`);
      const x = Math.min(points - 1, Math.max(0, (timestamp - first) / stepS));
      const i = Math.floor(x);
      const a = path[i] ?? 0;
      const b = path[Math.min(points - 1, i + 1)] ?? a;
      return a + (b - a) * (x - i);
    },
  };
}

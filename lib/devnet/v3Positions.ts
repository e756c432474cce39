// Where the devnet's Uniswap V3 pools start and where their liquidity sits: start prices as sqrtPriceX96, position
// ranges as ticks and the token amounts a position of a given USD value holds. Floats are fine here: they only choose
// prices and ranges; the pools' own integer math decides every amount that moves.

export const MIN_TICK = -887_272;
export const MAX_TICK = 887_272;
/** Fee tiers (millionths) the devnet's V3 factories enable, and their tick spacing (100 is added to the shipped three). */
export const V3_TICK_SPACING = { 100: 1, 500: 10, 3000: 60, 10000: 200 } as const;
export type V3FeeTier = keyof typeof V3_TICK_SPACING;

const Q96 = 2 ** 96;
const LOG_TICK_BASE = Math.log(1.0001);

/** A pool's sides: `price` is whole quote tokens per whole base token; `baseIsToken0` as the token addresses sort. */
export type PoolSides = { price: number; baseDecimals: number; quoteDecimals: number; baseIsToken0: boolean };

/** Price of one base unit of token0 in base units of token1 (what sqrtPriceX96 squares to) at `price` quote per base. */
export function rawPrice(sides: PoolSides, price = sides.price): number {
  const quotePerBaseUnits = price * 10 ** (sides.quoteDecimals - sides.baseDecimals);
  return sides.baseIsToken0 ? quotePerBaseUnits : 1 / quotePerBaseUnits;
}

/** Whole quote tokens per whole base token at a raw token1/token0 price: the inverse of rawPrice. */
export function pairPrice(sides: Omit<PoolSides, 'price'>, raw: number): number {
  const quotePerBaseUnits = sides.baseIsToken0 ? raw : 1 / raw;
  return quotePerBaseUnits / 10 ** (sides.quoteDecimals - sides.baseDecimals);
}

export function sqrtPriceX96Of(raw: number): bigint {
  return BigInt(Math.floor(Math.sqrt(raw) * Q96));
}

export function rawPriceOfSqrtX96(sqrtPriceX96: bigint): number {
  const sqrt = Number(sqrtPriceX96) / Q96;
  return sqrt * sqrt;
}

/** The tick at or below a raw price. */
export function tickOf(raw: number): number {
  return Math.floor(Math.log(raw) / LOG_TICK_BASE);
}

/** `tick` rounded to a multiple of `spacing` (down or up), kept inside the usable range. */
export function alignTick(tick: number, spacing: number, round: 'down' | 'up'): number {
  const min = Math.ceil(MIN_TICK / spacing) * spacing;
  const max = Math.floor(MAX_TICK / spacing) * spacing;
  const aligned = (round === 'down' ? Math.floor(tick / spacing) : Math.ceil(tick / spacing)) * spacing;
  return Math.min(max, Math.max(min, aligned));
}

/**
 * A position's range as multiples of the pool's start price (quote per base): `lower` 0 and `upper` Infinity make it
 * full range; a range wholly above or below 1 is out of range at the start and holds one token only.
 */
export type RangeSpec = { lower: number; upper: number; share: number };

/**
 * Nine positions per pool, as many LPs would leave them: a ladder of ranges around the start price from tight to wide
 * (so orders of a realistic size cross initialized ticks), one full range, and one out of range on each side.
 */
export const RANGE_SHAPES: Record<'volatile' | 'stable', readonly RangeSpec[]> = {
  volatile: [
    { lower: 0.998, upper: 1.002, share: 0.1 },
    { lower: 0.995, upper: 1.005, share: 0.1 },
    { lower: 0.99, upper: 1.01, share: 0.15 },
    { lower: 0.98, upper: 1.02, share: 0.15 },
    { lower: 0.95, upper: 1.05, share: 0.1 },
    { lower: 0.85, upper: 1.15, share: 0.1 },
    { lower: 0, upper: Infinity, share: 0.1 },
    { lower: 1.03, upper: 1.2, share: 0.1 },
    { lower: 0.8, upper: 0.97, share: 0.1 },
  ],
  stable: [
    { lower: 0.9998, upper: 1.0002, share: 0.1 },
    { lower: 0.9995, upper: 1.0005, share: 0.15 },
    { lower: 0.999, upper: 1.001, share: 0.15 },
    { lower: 0.998, upper: 1.002, share: 0.15 },
    { lower: 0.995, upper: 1.005, share: 0.1 },
    { lower: 0.98, upper: 1.02, share: 0.1 },
    { lower: 0, upper: Infinity, share: 0.05 },
    { lower: 1.001, upper: 1.01, share: 0.1 },
    { lower: 0.99, upper: 0.999, share: 0.1 },
  ],
};

/** Ticks of a range for a pool, in the pool's token0/token1 terms (a base that is token1 inverts the range). */
export function rangeTicks(sides: PoolSides, range: RangeSpec, spacing: number): { tickLower: number; tickUpper: number } {
  const edge = (multiple: number) => {
    if (multiple === 0) return sides.baseIsToken0 ? MIN_TICK : MAX_TICK;
    if (multiple === Infinity) return sides.baseIsToken0 ? MAX_TICK : MIN_TICK;
    return tickOf(rawPrice(sides, sides.price * multiple));
  };
  const [a, b] = [edge(range.lower), edge(range.upper)];
  const tickLower = alignTick(Math.min(a, b), spacing, 'down');
  let tickUpper = alignTick(Math.max(a, b), spacing, 'up');
  if (tickUpper <= tickLower) tickUpper = tickLower + spacing;
  return { tickLower, tickUpper };
}

/**
 * Base units of token0 and token1 a position over [tickLower, tickUpper] holds at raw price `raw` when worth `valueUsd`
 * (USD per base unit of each token given), rounded up: what to offer the position manager so it mints about that much.
 */
export function positionAmounts(
  raw: number,
  ticks: { tickLower: number; tickUpper: number },
  usdPerUnit: { token0: number; token1: number },
  valueUsd: number,
): { amount0: bigint; amount1: bigint } {
  const sp = Math.sqrt(raw);
  const sa = Math.sqrt(1.0001 ** ticks.tickLower);
  const sb = Math.sqrt(1.0001 ** ticks.tickUpper);
  const clamped = Math.min(Math.max(sp, sa), sb);
  // Per unit of liquidity: token0 between the price and the top, token1 between the bottom and the price.
  const per0 = 1 / clamped - 1 / sb;
  const per1 = clamped - sa;
  const liquidity = valueUsd / (per0 * usdPerUnit.token0 + per1 * usdPerUnit.token1);
  const up = (x: number) => (x > 0 ? BigInt(Math.ceil(x)) : 0n);
  return { amount0: up(liquidity * per0), amount1: up(liquidity * per1) };
}

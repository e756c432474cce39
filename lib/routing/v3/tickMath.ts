// Uniswap V3's TickMath in bigint, bit for bit: the sqrt price at a tick and the tick of a sqrt price.

export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
export const MIN_SQRT_RATIO = 4295128739n;
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n;

const MAX_UINT256 = 2n ** 256n - 1n;

/** Multipliers of `getSqrtRatioAtTick`, one per bit of |tick| from bit 1 on (bit 0 picks the starting value). */
const FACTORS: readonly bigint[] = [
  0xfff97272373d413259a46990580e213an, 0xfff2e50f5f656932ef12357cf3c7fdccn, 0xffe5caca7e10e4e61c3624eaa0941cd0n,
  0xffcb9843d60f6159c9db58835c926644n, 0xff973b41fa98c081472e6896dfb254c0n, 0xff2ea16466c96a3843ec78b326b52861n,
  0xfe5dee046a99a2a811c461f1969c3053n, 0xfcbe86c7900a88aedcffc83b479aa3a4n, 0xf987a7253ac413176f2b074cf7815e54n,
  0xf3392b0822b70005940c7a398e4b70f3n, 0xe7159475a2c29b7443b29c7fa6e889d9n, 0xd097f3bdfd2022b8845ad8f792aa5825n,
  0xa9f746462d870fdf8a65dc1f90e061e5n, 0x70d869a156d2a1b890bb3df62baf32f7n, 0x31be135f97d08fd981231505542fcfa6n,
  0x9aa508b5b7a84e1c677de54f3e99bc9n, 0x5d6af8dedb81196699c329225ee604n, 0x2216e584f5fa1ea926041bedfe98n,
  0x48a170391f7dc42444e8fa2n,
];

/** sqrt(1.0001^tick) · 2^96, rounded up as the contract rounds it. */
export function getSqrtRatioAtTick(tick: number): bigint {
  const absTick = tick < 0 ? -tick : tick;
  if (!Number.isInteger(tick) || absTick > MAX_TICK) throw new RangeError(`tick ${tick} out of range`);
  let ratio = (absTick & 0x1) !== 0 ? 0xfffcb933bd6fad37aa2d162d1a594001n : 0x100000000000000000000000000000000n;
  for (let bit = 1; bit < 20; bit++) {
    if ((absTick & (1 << bit)) !== 0) ratio = (ratio * (FACTORS[bit - 1] ?? 1n)) >> 128n;
  }
  if (tick > 0) ratio = MAX_UINT256 / ratio;
  return (ratio >> 32n) + (ratio % (1n << 32n) === 0n ? 0n : 1n);
}

/** The greatest tick whose sqrt ratio is at most `sqrtPriceX96` (the contract's log2 approximation, then its check). */
export function getTickAtSqrtRatio(sqrtPriceX96: bigint): number {
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) throw new RangeError('sqrt price out of range');
  const ratio = sqrtPriceX96 << 32n;
  // The most significant bit from hex digits: a quarter of the string a binary rendering builds.
  const hex = ratio.toString(16);
  const msb = (hex.length - 1) * 4 + 31 - Math.clz32(parseInt(hex.charAt(0), 16));
  let r = msb >= 128 ? ratio >> BigInt(msb - 127) : ratio << BigInt(127 - msb);
  let log2 = BigInt(msb - 128) << 64n;
  for (let shift = 63n; shift >= 50n; shift--) {
    r = (r * r) >> 127n;
    const f = r >> 128n;
    log2 |= f << shift;
    r >>= f;
  }
  const logSqrt10001 = log2 * 255738958999603826347141n;
  // Arithmetic shifts of signed 256-bit values: bigint >> floors toward −∞ as `sar` does.
  const tickLow = Number((logSqrt10001 - 3402992956809132418596140100660247210n) >> 128n);
  const tickHigh = Number((logSqrt10001 + 291339464771989622907027621153398088495n) >> 128n);
  if (tickLow === tickHigh) return tickLow;
  return getSqrtRatioAtTick(tickHigh) <= sqrtPriceX96 ? tickHigh : tickLow;
}

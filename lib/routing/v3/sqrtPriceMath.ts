// Uniswap V3's SqrtPriceMath and FullMath rounding in bigint: token amounts between two sqrt prices and the price
// an input moves to, rounded exactly as the pool rounds them.

export const Q96 = 2n ** 96n;
const MAX_UINT160 = 2n ** 160n - 1n;
const MAX_UINT256 = 2n ** 256n - 1n;

/** FullMath.mulDivRoundingUp. The remainder test multiplies back: a bigint product costs far less than a second division. */
export function mulDivRoundingUp(a: bigint, b: bigint, denominator: bigint): bigint {
  const product = a * b;
  const result = product / denominator;
  return result * denominator === product ? result : result + 1n;
}

/** UnsafeMath.divRoundingUp. */
function divRoundingUp(x: bigint, y: bigint): bigint {
  const q = x / y;
  return q * y === x ? q : q + 1n;
}

/** Amount of token0 between two sqrt prices for `liquidity` (getAmount0Delta), rounded up or down. */
export function getAmount0Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lower, upper] = sqrtRatioAX96 > sqrtRatioBX96 ? [sqrtRatioBX96, sqrtRatioAX96] : [sqrtRatioAX96, sqrtRatioBX96];
  const numerator1 = liquidity << 96n;
  const numerator2 = upper - lower;
  return roundUp
    ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, upper), lower)
    : (numerator1 * numerator2) / upper / lower;
}

/** Amount of token1 between two sqrt prices for `liquidity` (getAmount1Delta), rounded up or down. */
export function getAmount1Delta(sqrtRatioAX96: bigint, sqrtRatioBX96: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const diff = sqrtRatioAX96 > sqrtRatioBX96 ? sqrtRatioAX96 - sqrtRatioBX96 : sqrtRatioBX96 - sqrtRatioAX96;
  return roundUp ? mulDivRoundingUp(liquidity, diff, Q96) : (liquidity * diff) / Q96;
}

/** getNextSqrtPriceFromAmount0RoundingUp with `add` (an input of token0 lowers the price). */
function nextFromAmount0In(sqrtPX96: bigint, liquidity: bigint, amount: bigint): bigint {
  if (amount === 0n) return sqrtPX96;
  const numerator1 = liquidity << 96n;
  const product = amount * sqrtPX96;
  // The contract takes the precise formula only while product and denominator fit in 256 bits.
  if (product <= MAX_UINT256) {
    const denominator = numerator1 + product;
    if (denominator <= MAX_UINT256) return mulDivRoundingUp(numerator1, sqrtPX96, denominator);
  }
  return divRoundingUp(numerator1, numerator1 / sqrtPX96 + amount);
}

/** getNextSqrtPriceFromAmount1RoundingDown with `add` (an input of token1 raises the price). */
function nextFromAmount1In(sqrtPX96: bigint, liquidity: bigint, amount: bigint): bigint {
  const next = sqrtPX96 + (amount << 96n) / liquidity;
  if (next > MAX_UINT160) throw new RangeError('sqrt price overflows uint160');
  return next;
}

/** getNextSqrtPriceFromInput: the sqrt price after `amountIn` (fee already taken off) enters at `liquidity`. */
export function getNextSqrtPriceFromInput(sqrtPX96: bigint, liquidity: bigint, amountIn: bigint, zeroForOne: boolean): bigint {
  return zeroForOne ? nextFromAmount0In(sqrtPX96, liquidity, amountIn) : nextFromAmount1In(sqrtPX96, liquidity, amountIn);
}

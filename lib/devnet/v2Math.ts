// Uniswap V2 constant-product math in bigint, identical to UniswapV2Library.getAmountOut (0.3 % fee).
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n) throw new Error('getAmountOut: amountIn must be positive');
  if (reserveIn <= 0n || reserveOut <= 0n) throw new Error('getAmountOut: empty reserves');
  const amountInWithFee = amountIn * 997n;
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}

export function sqrtBigint(value: bigint): bigint {
  if (value < 0n) throw new Error('sqrt of a negative number');
  if (value < 2n) return value;
  // Newton's method from a power of two above the root decreases monotonically to floor(sqrt(value)).
  let x = 1n << BigInt((value.toString(2).length >> 1) + 1);
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * Input needed (fee included) to move a pool's price so reserveOut / reserveIn approaches
 * targetNum / targetDen (output per input, base units); 0n when the pool is already at or beyond it.
 */
export function amountInToTarget(reserveIn: bigint, reserveOut: bigint, targetNum: bigint, targetDen: bigint): bigint {
  // After the trade reserveIn' * reserveOut' ≈ k and reserveOut' / reserveIn' = target, so reserveIn' = sqrt(k * den / num).
  const k = reserveIn * reserveOut;
  const newReserveIn = sqrtBigint((k * targetDen) / targetNum);
  if (newReserveIn <= reserveIn) return 0n;
  return ((newReserveIn - reserveIn) * 1000n) / 997n;
}

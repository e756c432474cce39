// Which way a swap went for the trader: `buy` when the pool paid out the base token, `sell` when it took it in.

/** From token0's flows of a Swap log (the base is token0 or token1; what token0 does, the other token undoes). */
export function tradeSide(baseIsToken0: boolean, amount0In: bigint, amount0Out: bigint): 'buy' | 'sell' {
  const token0LeftPool = amount0Out > amount0In;
  return token0LeftPool === baseIsToken0 ? 'buy' : 'sell';
}

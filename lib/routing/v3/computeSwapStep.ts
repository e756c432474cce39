// Uniswap V3's SwapMath.computeSwapStep for exact input, in bigint: one step of the swap loop inside one tick range.
import { getAmount0Delta, getAmount1Delta, getNextSqrtPriceFromInput, mulDivRoundingUp } from './sqrtPriceMath';

const PPM = 1_000_000n;

/** The price after the step, the input it spends (the contract's amountIn + feeAmount) and its output. */
export type SwapStep = { sqrtRatioNextX96: bigint; spent: bigint; amountOut: bigint };

/** How far `amountRemaining` (fee included) moves the price toward `sqrtRatioTargetX96` at `liquidity`, and what it pays. */
export function computeSwapStep(
  sqrtRatioCurrentX96: bigint,
  sqrtRatioTargetX96: bigint,
  liquidity: bigint,
  amountRemaining: bigint,
  feePips: bigint,
): SwapStep {
  const zeroForOne = sqrtRatioCurrentX96 >= sqrtRatioTargetX96;
  const amountRemainingLessFee = (amountRemaining * (PPM - feePips)) / PPM;
  const toTarget = zeroForOne
    ? getAmount0Delta(sqrtRatioTargetX96, sqrtRatioCurrentX96, liquidity, true)
    : getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioTargetX96, liquidity, true);
  const reachesTarget = amountRemainingLessFee >= toTarget;
  const sqrtRatioNextX96 = reachesTarget
    ? sqrtRatioTargetX96
    : getNextSqrtPriceFromInput(sqrtRatioCurrentX96, liquidity, amountRemainingLessFee, zeroForOne);
  const amountOut = zeroForOne
    ? getAmount1Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, false)
    : getAmount0Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, false);
  // Short of the target the whole remainder is spent (what the price move did not take is the fee), so the input the
  // move takes need not be computed: the loop reads only the sum.
  if (sqrtRatioNextX96 !== sqrtRatioTargetX96) return { sqrtRatioNextX96, spent: amountRemaining, amountOut };
  const amountIn = reachesTarget
    ? toTarget
    : zeroForOne
      ? getAmount0Delta(sqrtRatioNextX96, sqrtRatioCurrentX96, liquidity, true)
      : getAmount1Delta(sqrtRatioCurrentX96, sqrtRatioNextX96, liquidity, true);
  return { sqrtRatioNextX96, spent: amountIn + mulDivRoundingUp(amountIn, feePips, PPM - feePips), amountOut };
}

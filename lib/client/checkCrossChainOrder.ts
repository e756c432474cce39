// Checks the cross-chain half of a firm quote's `open` calldata against the registry and the trader's settings:
// where it is filled, by when, through which bridge asset, and how far each leg may fall short.
import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import type { Leg } from '@/lib/contracts/legs';

/** Seconds a browser's clock may differ from the server's and the chains' before a fill deadline looks too far. */
export const FILL_DEADLINE_SLACK_SEC = 60;

/** What the order must agree with: GET /v1/chains for both chains, the trader's slippage, the clocks. */
export type ExpectedCrossChain = {
  /** The destination chain's `cross_chain.destination_settler`. */
  destinationSettler: Address;
  /** The bridge asset on the source and on the destination chain. */
  srcBridgeToken: Address;
  dstBridgeToken: Address;
  /** The source chain's WETH (a native input's legs start from it) and the destination's (a native output's end in it). */
  srcWeth: Address;
  dstWeth: Address;
  /** `cross_chain.fill_window_sec`: the fill deadline is at most the quote's deadline plus this (destination clock). */
  fillWindowSec: number;
  /** `cross_chain.relayer` of the destination: the only filler an order may hold exclusively; null when not published. */
  relayer?: Address | null;
  /** `cross_chain.max_slippage_bps`: the most a cross-chain order may give up. */
  maxSlippageBps: number;
  /** The trader's slippage, percent. */
  slippagePercent: number;
  /** Unix seconds now in the browser, and the destination chain's latest block time when known. */
  nowSec: number;
  dstNowSec?: number;
};

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const first = (leg: Leg) => leg.path[0];
const last = (leg: Leg) => leg.path[leg.path.length - 1];

/** Every leg starts at `from` and ends at `to` (an empty list passes only when the two are the same token). */
function legsRun(legs: readonly Leg[], from: Address, to: Address): boolean {
  if (legs.length === 0) return isAddressEqual(from, to);
  return legs.every((leg) => {
    const [start, end] = [first(leg), last(leg)];
    return start !== undefined && end !== undefined && isAddressEqual(start, from) && isAddressEqual(end, to);
  });
}

/** Every way the order's cross-chain fields differ from what the registry and the trader allow, in words. */
export function checkCrossChainOrder(q: CrossChainQuote, expected: ExpectedCrossChain): string[] {
  const problems: string[] = [];
  if (!isAddressEqual(q.dstSettler, expected.destinationSettler)) {
    problems.push(`the order would be filled by ${short(q.dstSettler)}, not by the destination network's settler ${short(expected.destinationSettler)}`);
  }
  if (!isAddressEqual(q.dstBridgeToken, expected.dstBridgeToken)) {
    problems.push(`the order bridges through ${short(q.dstBridgeToken)} on the destination, not the network's bridge asset ${short(expected.dstBridgeToken)}`);
  }
  const srcFrom = isAddressEqual(q.tokenIn, zeroAddress) ? expected.srcWeth : q.tokenIn;
  if (!legsRun(q.srcLegs, srcFrom, expected.srcBridgeToken)) problems.push(`the source swap does not end in the network's bridge asset ${short(expected.srcBridgeToken)}`);
  const dstTo = isAddressEqual(q.tokenOut, zeroAddress) ? expected.dstWeth : q.tokenOut;
  if (!legsRun(q.dstLegs, q.dstBridgeToken, dstTo)) problems.push('the destination swap does not run from the bridge asset to the token you receive');

  // The server gives the relayer the fill window after the last moment the deposit may be made, on the
  // destination's clock: a later fill deadline would hold the deposit (and its refund) longer than the service allows.
  const deadline = Number(q.deadline);
  const dstAhead = Math.max(0, (expected.dstNowSec ?? expected.nowSec) - expected.nowSec);
  const latest = deadline + dstAhead + expected.fillWindowSec + FILL_DEADLINE_SLACK_SEC;
  if (q.fillDeadline > latest) {
    problems.push(`the order may stay unfilled until ${new Date(q.fillDeadline * 1_000).toISOString()}, more than the ${expected.fillWindowSec} s fill window after its deadline`);
  }
  if (q.fillDeadline <= deadline) problems.push('the order\'s fill deadline is not after its deposit deadline, so it could never be filled in time');

  // An exclusive filler holds the order alone until its window ends: it must be the service's own relayer, and the
  // window must end before the fill deadline, or a filler that never fills would leave the trader only the refund.
  if (!isAddressEqual(q.exclusiveFiller, zeroAddress)) {
    if (!expected.relayer || !isAddressEqual(q.exclusiveFiller, expected.relayer)) {
      problems.push(`only ${short(q.exclusiveFiller)} may fill the order at first, not the destination network's relayer${expected.relayer ? ` ${short(expected.relayer)}` : ''}`);
    }
    if (q.exclusivityDeadline >= q.fillDeadline) problems.push('no other filler may fill the order before its fill deadline');
  }

  const slippageBps = Math.round(expected.slippagePercent * 100);
  if (slippageBps > expected.maxSlippageBps) problems.push(`your slippage (${expected.slippagePercent} %) is above the ${expected.maxSlippageBps / 100} % cross-chain orders allow`);
  // The escrow floor: the source swap may not lose more than the trader's slippage (the relayer's fee only raises it).
  const keepPpm = 1_000_000n - BigInt(Math.min(slippageBps, expected.maxSlippageBps)) * 100n;
  const floor = (q.bridgeAmount * keepPpm) / 1_000_000n;
  if (q.minBridgeAmount + 1n < floor) problems.push(`the source swap may escrow as little as ${q.minBridgeAmount}, below your slippage's floor of ${floor} (base units)`);
  return problems;
}

// Simulates a fill as it will be sent (the filler's account, the real fee caps, the current state), for `npm run filler`
// and our relayer alike, and, when the destination swap now falls short of the order's minimum, finds the least
// bridge asset the filler must add of its own (fillerData) to deliver it, within what it allows (our relayer: its fee
// plus its margin; a filler that allows nothing is told why the fill would revert).
import type { Address, Hex, PublicClient } from 'viem';
import type { FillOrder } from '@/lib/contracts/crossChainQuote';
import type { Refusal } from './fillPolicy';
import { revertReason } from './revertReason';
import { fillCalldata, withHeadroom } from './fillCalls';

const BPS = 10_000n;
/** Added to the least top-up found, so that a pool moving a little further before the fill is mined still delivers. */
const TOP_UP_HEADROOM_BPS = 5n;
/** The search stops when the top-up is known within this share of the payout. */
const TOP_UP_PRECISION_BPS = 1n;

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** The fee caps a fill is simulated and sent with: read once per chain per pass by every filler, our relayer included. */
export const fillFees = (client: PublicClient): Promise<Fees> => client.estimateFeesPerGas({ chain: null, type: 'eip1559' });
/** `gas` is the limit to send with (headroom over `estimate`, the node's estimate: what the fill is expected to burn). */
export type FillPlan = { ok: true; data: Hex; gas: bigint; estimate: bigint; extra: bigint } | { ok: false; refusal: Refusal };

export type PlanInput = {
  /** The destination chain. */
  client: PublicClient;
  settler: Address;
  /** The filler's account, which sends the fill and pays from its balance. */
  from: Address;
  /** Where the origin repays the fill (default: the sender). */
  repayment?: Address;
  orderId: Hex;
  originData: Hex;
  fill: FillOrder;
  fees: Fees;
  /** The most the filler will add of its own (0: never). */
  maxExtra: bigint;
};

export async function planFill(input: PlanInput): Promise<FillPlan> {
  const { client, settler, from, orderId, originData, fill, fees } = input;
  const fillData = (extra: bigint): Hex => fillCalldata(orderId, originData, { extra, ...(input.repayment ? { repayment: input.repayment } : {}) });
  const tx = (data: Hex) => ({ account: from, to: settler, data, ...fees });
  /** Undefined when the call goes through; otherwise why not. */
  const fails = async (extra: bigint) => client.call(tx(fillData(extra))).then(() => undefined, revertReason);
  const estimateAt = async (extra: bigint): Promise<FillPlan> => {
    const data = fillData(extra);
    try {
      const estimate = await client.estimateGas(tx(data));
      return { ok: true, data, gas: withHeadroom(estimate), estimate, extra };
    } catch (error: unknown) {
      return { ok: false, refusal: revertReason(error) };
    }
  };

  const first = await estimateAt(0n);
  if (first.ok || first.refusal.name !== 'InsufficientOutput' || fill.dstLegs.length === 0) return first;
  const short = first.refusal;
  if (input.maxExtra <= 0n) return { ok: false, refusal: { ...short, text: `${short.text}; the filler may add nothing of its own` } };
  if (await fails(input.maxExtra)) {
    return { ok: false, refusal: { ...short, text: `${short.text}, even with ${input.maxExtra} of the relayer's own bridge asset added (its fee plus its margin)` } };
  }
  // The recipient's output grows with the input: bisect the least extra that delivers.
  let lo = 0n;
  let hi = input.maxExtra;
  const precision = (fill.dstBridgeAmount * TOP_UP_PRECISION_BPS) / BPS || 1n;
  while (hi - lo > precision) {
    const mid = (lo + hi) / 2n;
    if (await fails(mid)) lo = mid;
    else hi = mid;
  }
  const extra = hi + (fill.dstBridgeAmount * TOP_UP_HEADROOM_BPS) / BPS;
  return estimateAt(extra < input.maxExtra ? extra : input.maxExtra);
}

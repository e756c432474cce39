// Simulates a fill as it will be sent (the relayer's account, the real fee caps, the current state) and, when the
// destination swap now falls short of the order's minimum, finds the least bridge asset the relayer must add of its
// own (fillerData) to deliver it, within its fee plus its margin.
import 'server-only';
import type { Address, Hex } from 'viem';
import { fillCalldata, withHeadroom } from '@/lib/filler/fillCalls';
import type { FillOrder } from '@/lib/contracts/crossChainQuote';
import type { Refusal } from './fillPolicy';
import type { RelayerChain } from './relayerChains';
import { revertReason } from './revertReason';

const BPS = 10_000n;
/** Added to the least top-up found, so that a pool moving a little further before the fill is mined still delivers. */
const TOP_UP_HEADROOM_BPS = 5n;
/** The search stops when the top-up is known within this share of the payout. */
const TOP_UP_PRECISION_BPS = 1n;

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
export type FillPlan = { ok: true; data: Hex; gas: bigint; extra: bigint } | { ok: false; refusal: Refusal };

export type PlanInput = {
  dst: RelayerChain;
  settler: Address;
  relayer: Address;
  orderId: Hex;
  originData: Hex;
  fill: FillOrder;
  fees: Fees;
  /** The most the relayer will add of its own (0: never). */
  maxExtra: bigint;
};

const fillData = (orderId: Hex, originData: Hex, extra: bigint): Hex => fillCalldata(orderId, originData, { extra });

export async function planFill(input: PlanInput): Promise<FillPlan> {
  const { dst, settler, relayer, orderId, originData, fill, fees } = input;
  const tx = (data: Hex) => ({ account: relayer, to: settler, data, ...fees });
  /** Undefined when the call goes through; otherwise why not. */
  const fails = async (extra: bigint) => dst.client.call(tx(fillData(orderId, originData, extra))).then(() => undefined, revertReason);
  const estimateAt = async (extra: bigint): Promise<FillPlan> => {
    const data = fillData(orderId, originData, extra);
    try {
      const gas = await dst.client.estimateGas(tx(data));
      return { ok: true, data, gas: withHeadroom(gas), extra };
    } catch (error: unknown) {
      return { ok: false, refusal: revertReason(error) };
    }
  };

  const first = await estimateAt(0n);
  if (first.ok || first.refusal.name !== 'InsufficientOutput' || fill.dstLegs.length === 0) return first;
  const short = first.refusal;
  if (input.maxExtra <= 0n) return { ok: false, refusal: { ...short, text: `${short.text}; the relayer may add nothing of its own` } };
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

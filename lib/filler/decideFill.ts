// Whether to fill an order now and with what transaction, for `npm run filler` and our relayer alike: the judge
// without gas first (deadline, exclusivity, minimum fee, inventory: nothing is simulated for an order that cannot
// pay), then the simulation as the fill will be sent (planFill), then the judge again with the simulated gas.
import type { Address, PublicClient } from 'viem';
import { decodeOriginData } from '@/lib/contracts/crossChainQuote';
import type { Refusal } from './fillPolicy';
import type { FillerOrder } from './fillerOrder';
import { judgeOrder } from './judgeOrder';
import { planFill, type Fees, type FillPlan } from './planFill';

export type DecideInput = {
  /** The destination chain. */
  client: PublicClient;
  order: FillerOrder;
  /** The account that sends the fill and pays from its balance. */
  filler: Address;
  /** Where the origin repays the fill (default: the filler). */
  repayment?: Address;
  dstNowSec: number;
  /** What the filler may pay out on the destination now. */
  inventory: bigint;
  escrowInBridge: bigint;
  minFeeBps: number;
  /** Fee caps the fill is simulated and sent with (fillFees). */
  fees: Fees;
  /** What a fill burning `gas` costs in destination bridge-asset units. */
  gasInBridge(gas: bigint): bigint;
  /** The most the filler adds of its own when the destination swap falls short, given the order's fee (0n: nothing). */
  maxExtra(feeInBridge: bigint): bigint;
  /** Runs once the order is worth simulating, before the simulation (the settler's allowance). */
  prepare?(): Promise<void>;
};

export type FillDecision =
  | { fill: true; plan: Extract<FillPlan, { ok: true }>; feeInBridge: bigint; profitInBridge: bigint }
  | { fill: false; refusal: Refusal };

export async function decideFill(input: DecideInput): Promise<FillDecision> {
  const { order } = input;
  const terms = { order, filler: input.filler, dstNowSec: input.dstNowSec, inventory: input.inventory, escrowInBridge: input.escrowInBridge, minFeeBps: input.minFeeBps };
  const first = judgeOrder({ ...terms, gasInBridge: 0n });
  if (!first.fill) return first;
  await input.prepare?.();
  const plan = await planFill({
    client: input.client, settler: order.dstSettler, from: input.filler, ...(input.repayment ? { repayment: input.repayment } : {}),
    orderId: order.orderId, originData: order.originData, fill: decodeOriginData(order.originData), fees: input.fees, maxExtra: input.maxExtra(first.feeInBridge),
  });
  if (!plan.ok) return { fill: false, refusal: plan.refusal };
  const judged = judgeOrder({ ...terms, gasInBridge: input.gasInBridge(plan.estimate) });
  return judged.fill ? { ...judged, plan } : judged;
}

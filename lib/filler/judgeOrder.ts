// Whether a filler fills an order now: inside someone else's exclusivity window it waits, past the fill deadline it
// gives up, and otherwise it fills when its fee covers the destination gas plus its margin and its inventory the payout
// (an order that does not pay, or does not fit the inventory, is weighed again a few seconds later).
import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { FillerOrder } from './fillerOrder';

const BPS = 10_000n;
/** An order that does not pay now is weighed again after this long (destination clock). */
const UNPROFITABLE_RETRY_SEC = 5;

export type Judgement =
  | { fill: true; feeInBridge: bigint; profitInBridge: bigint }
  | { fill: false; reason: string; /** Unix seconds (destination clock) to look again; undefined: never. */ retryAtSec?: number };

export type JudgeInput = {
  order: FillerOrder;
  filler: Address;
  /** The destination chain's clock (latest block), unix seconds. */
  dstNowSec: number;
  /** The filler's balance of the order's bridge asset on the destination. */
  inventory: bigint;
  /** The escrow expressed in destination bridge-asset units (the two assets may differ in decimals). */
  escrowInBridge: bigint;
  /** The fill's gas at the current fee caps, in destination bridge-asset units. */
  gasInBridge: bigint;
  minProfitBps: number;
};

export function judgeOrder(input: JudgeInput): Judgement {
  const { order, filler, dstNowSec } = input;
  if (dstNowSec > order.fillDeadline) return { fill: false, reason: 'its fill deadline has passed' };
  const exclusive = !isAddressEqual(order.exclusiveFiller, zeroAddress) && !isAddressEqual(order.exclusiveFiller, filler);
  if (exclusive && dstNowSec <= order.exclusivityDeadline) {
    return { fill: false, reason: `${order.exclusiveFiller} holds it exclusively until ${order.exclusivityDeadline}`, retryAtSec: order.exclusivityDeadline + 1 };
  }
  const feeInBridge = input.escrowInBridge - order.bridgeAmount;
  const profitInBridge = feeInBridge - input.gasInBridge;
  const margin = (order.bridgeAmount * BigInt(input.minProfitBps)) / BPS;
  if (profitInBridge < margin) {
    // Gas prices move: look again a little later (until the deadline stops it).
    return { fill: false, reason: `its fee (${feeInBridge}) less gas (${input.gasInBridge}) is below the margin of ${input.minProfitBps} bps (${margin})`, retryAtSec: dstNowSec + UNPROFITABLE_RETRY_SEC };
  }
  if (input.inventory < order.bridgeAmount) {
    return { fill: false, reason: `the filler holds ${input.inventory} of the bridge asset, the fill needs ${order.bridgeAmount}`, retryAtSec: dstNowSec + 5 };
  }
  return { fill: true, feeInBridge, profitInBridge };
}

/** `amount` of a token with `fromDecimals` in units of one with `toDecimals` (rounded down). */
export function convertDecimals(amount: bigint, fromDecimals: number, toDecimals: number): bigint {
  if (fromDecimals === toDecimals) return amount;
  return fromDecimals < toDecimals ? amount * 10n ** BigInt(toDecimals - fromDecimals) : amount / 10n ** BigInt(fromDecimals - toDecimals);
}

/** Gas paid in wei as bridge-asset units at `nativeUsdCents` per native coin (a USD stablecoin of `bridgeDecimals`). */
export function gasInBridgeUnits(gasWei: bigint, nativeUsdCents: bigint, bridgeDecimals: number): bigint {
  return (gasWei * nativeUsdCents * 10n ** BigInt(bridgeDecimals) + 10n ** 20n - 1n) / 10n ** 20n;
}

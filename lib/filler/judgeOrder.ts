// The one rule by which `npm run filler` and our relayer decide whether an order pays to fill now: inside someone
// else's exclusivity window it waits for the window to end, past the fill deadline it gives up, and otherwise it fills
// when its fee covers the destination gas plus the minimum fee (rounded up, so that no fill is made at a loss) and
// its inventory the payout. A fee below the minimum even without gas can never pay: that is given up on.
import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { Refusal } from './fillPolicy';
import type { FillerOrder } from './fillerOrder';

const BPS = 10_000n;

export type Judgement =
  | { fill: true; feeInBridge: bigint; profitInBridge: bigint }
  | { fill: false; refusal: Refusal };

export type JudgeInput = {
  order: Pick<FillerOrder, 'bridgeAmount' | 'fillDeadline' | 'exclusiveFiller' | 'exclusivityDeadline'>;
  filler: Address;
  /** The destination chain's clock (latest block), unix seconds. */
  dstNowSec: number;
  /** What the filler may pay out on the destination now (its balance of the bridge asset, less what it reserved). */
  inventory: bigint;
  /** The escrow expressed in destination bridge-asset units (the two assets may differ in decimals). */
  escrowInBridge: bigint;
  /** The fill's gas in destination bridge-asset units (0 before it is simulated, or when the fee was quoted to carry it). */
  gasInBridge: bigint;
  /** The least the fee must leave after gas, in bps of the payout. */
  minFeeBps: number;
};

/** The least fee over gas an order of `payout` must leave: `minFeeBps` of it, rounded up. */
export function minFeeOf(payout: bigint, minFeeBps: number): bigint {
  return (payout * BigInt(minFeeBps) + BPS - 1n) / BPS;
}

export function judgeOrder(input: JudgeInput): Judgement {
  const { order, filler, dstNowSec } = input;
  const refuse = (name: string, text: string, deterministic: boolean, waitMs?: number): Judgement => ({
    fill: false, refusal: { name, text, deterministic, ...(waitMs === undefined ? {} : { waitMs }) },
  });
  if (dstNowSec > order.fillDeadline) return refuse('FillDeadlinePassed', 'its fill deadline has passed', true);
  const exclusive = !isAddressEqual(order.exclusiveFiller, zeroAddress) && !isAddressEqual(order.exclusiveFiller, filler);
  if (exclusive && dstNowSec <= order.exclusivityDeadline) {
    // The window's end is known: look again just after it, not on a backoff.
    const waitMs = (order.exclusivityDeadline + 1 - dstNowSec) * 1_000;
    return refuse('ExclusiveToAnother', `${order.exclusiveFiller} holds it exclusively until ${order.exclusivityDeadline}`, false, waitMs);
  }
  const payout = order.bridgeAmount;
  const feeInBridge = input.escrowInBridge - payout;
  const minFee = minFeeOf(payout, input.minFeeBps);
  if (feeInBridge < minFee) {
    return refuse('EscrowTooSmall', `the escrow (${input.escrowInBridge} on the destination's scale) does not cover the payout ${payout} plus the minimum fee ${minFee} (${input.minFeeBps} bps)`, true);
  }
  const profitInBridge = feeInBridge - input.gasInBridge;
  if (profitInBridge < minFee) {
    // Gas prices move: looked at again after a backoff (until the deadline stops it).
    return refuse('FeeBelowGas', `its fee (${feeInBridge}) less gas (${input.gasInBridge}) is below the margin of ${input.minFeeBps} bps (${minFee})`, false);
  }
  if (input.inventory < payout) {
    return refuse('InventoryLow', `the filler holds ${input.inventory} of the bridge asset, the fill needs ${payout}`, false);
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

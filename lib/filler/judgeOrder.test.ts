import { zeroAddress, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { FillerOrder } from './fillerOrder';
import { convertDecimals, gasInBridgeUnits, judgeOrder, minFeeOf, type JudgeInput } from './judgeOrder';

const ME: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const OURS: Address = '0xcE0042bC5e1771eA354D4a08280c5F53ce13eA3c';
const ORDER: FillerOrder = {
  orderId: `0x${'ab'.repeat(32)}` as Hex, originChainId: 31337, dstChainId: 31338, originSettler: zeroAddress, dstSettler: zeroAddress, originData: '0x',
  escrowToken: zeroAddress, escrowAmount: 100_000_000n, bridgeToken: zeroAddress, bridgeAmount: 99_400_000n, fillDeadline: 2_000, exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
};
const input = (over: Partial<JudgeInput> = {}): JudgeInput => ({
  order: ORDER, filler: ME, dstNowSec: 1_000, inventory: 10n ** 12n, escrowInBridge: ORDER.escrowAmount, gasInBridge: 300_000n, minFeeBps: 10, ...over,
});

describe('judgeOrder', () => {
  it('fills when the fee covers gas plus the margin and the inventory covers the payout', () => {
    // Fee 0.6 USDC, gas 0.3, margin 10 bps of 99.4 = 0.0994: profit 0.3 ≥ 0.0994.
    expect(judgeOrder(input())).toEqual({ fill: true, feeInBridge: 600_000n, profitInBridge: 300_000n });
  });

  it('waits out another filler\'s exclusivity window (inclusive) and looks again just after it, not on a backoff', () => {
    const order = { ...ORDER, exclusiveFiller: OURS, exclusivityDeadline: 1_010 };
    expect(judgeOrder(input({ order, dstNowSec: 1_010 }))).toMatchObject({ fill: false, refusal: { name: 'ExclusiveToAnother', deterministic: false, waitMs: 1_000 } });
    expect(judgeOrder(input({ order, dstNowSec: 1_004 }))).toMatchObject({ refusal: { waitMs: 7_000, text: expect.stringMatching(/holds it exclusively/) } });
    expect(judgeOrder(input({ order, dstNowSec: 1_011 }))).toMatchObject({ fill: true });
    expect(judgeOrder(input({ order: { ...order, exclusiveFiller: ME }, dstNowSec: 1_000 }))).toMatchObject({ fill: true });
  });

  it('postpones an order whose fee covers the margin but not gas as well; gives up on one whose fee is short of the margin alone, or past its deadline', () => {
    expect(judgeOrder(input({ gasInBridge: 550_000n }))).toMatchObject({ fill: false, refusal: { name: 'FeeBelowGas', deterministic: false, text: expect.stringMatching(/below the margin of 10 bps/) } });
    expect(judgeOrder(input({ escrowInBridge: ORDER.bridgeAmount + 99_399n, gasInBridge: 0n }))).toMatchObject({ fill: false, refusal: { name: 'EscrowTooSmall', deterministic: true } });
    expect(judgeOrder(input({ dstNowSec: 2_001 }))).toMatchObject({ fill: false, refusal: { name: 'FillDeadlinePassed', deterministic: true } });
  });

  it('waits when its inventory is short', () => {
    expect(judgeOrder(input({ inventory: ORDER.bridgeAmount - 1n }))).toMatchObject({ fill: false, refusal: { name: 'InventoryLow', deterministic: false } });
  });

  it('rounds the required fee up: an order one unit short of gas plus the margin is refused by a filler pricing gas and by our relayer (gas in its fee) alike', () => {
    // 10 bps of 99,400,001 is 99,400.001: the margin is 99,401 (rounded down it was 99,400, and such an order was filled at a loss).
    const order = { ...ORDER, bridgeAmount: 99_400_001n };
    expect(minFeeOf(order.bridgeAmount, 10)).toBe(99_401n);
    const filler = { order, gasInBridge: 300_000n, escrowInBridge: order.bridgeAmount + 300_000n + 99_400n };
    expect(judgeOrder(input(filler))).toMatchObject({ fill: false, refusal: { name: 'FeeBelowGas' } });
    expect(judgeOrder(input({ ...filler, escrowInBridge: filler.escrowInBridge + 1n }))).toMatchObject({ fill: true, profitInBridge: 99_401n });
    const relayer = { order, gasInBridge: 0n, escrowInBridge: order.bridgeAmount + 99_400n };
    expect(judgeOrder(input(relayer))).toMatchObject({ fill: false, refusal: { name: 'EscrowTooSmall', deterministic: true } });
    expect(judgeOrder(input({ ...relayer, escrowInBridge: relayer.escrowInBridge + 1n }))).toMatchObject({ fill: true, feeInBridge: 99_401n });
  });

  it('converts between decimals and prices gas in the bridge asset, rounding gas up', () => {
    expect(convertDecimals(1_500_000n, 6, 18)).toBe(1_500_000_000_000_000_000n);
    expect(convertDecimals(1_500_000_000_000_000_001n, 18, 6)).toBe(1_500_000n);
    // 100,000 gas at 1 gwei = 1e14 wei; at 3,000 USD per coin that is 0.3 USD = 300,000 units of a 6-decimal stablecoin.
    expect(gasInBridgeUnits(10n ** 14n, 300_000n, 6)).toBe(300_000n);
    expect(gasInBridgeUnits(1n, 300_000n, 6)).toBe(1n);
  });
});

import { zeroAddress, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { FillerOrder } from './fillerOrder';
import { convertDecimals, gasInBridgeUnits, judgeOrder, type JudgeInput } from './judgeOrder';

const ME: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const OURS: Address = '0xcE0042bC5e1771eA354D4a08280c5F53ce13eA3c';
const ORDER: FillerOrder = {
  orderId: `0x${'ab'.repeat(32)}` as Hex, originChainId: 31337, dstChainId: 31338, originSettler: zeroAddress, dstSettler: zeroAddress, originData: '0x',
  escrowToken: zeroAddress, escrowAmount: 100_000_000n, bridgeToken: zeroAddress, bridgeAmount: 99_400_000n, fillDeadline: 2_000, exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
};
const input = (over: Partial<JudgeInput> = {}): JudgeInput => ({
  order: ORDER, filler: ME, dstNowSec: 1_000, inventory: 10n ** 12n, escrowInBridge: ORDER.escrowAmount, gasInBridge: 300_000n, minProfitBps: 10, ...over,
});

describe('judgeOrder', () => {
  it('fills when the fee covers gas plus the margin and the inventory covers the payout', () => {
    // Fee 0.6 USDC, gas 0.3, margin 10 bps of 99.4 = 0.0994: profit 0.3 ≥ 0.0994.
    expect(judgeOrder(input())).toEqual({ fill: true, feeInBridge: 600_000n, profitInBridge: 300_000n });
  });

  it('waits out another filler\'s exclusivity window (inclusive) and looks again just after it', () => {
    const order = { ...ORDER, exclusiveFiller: OURS, exclusivityDeadline: 1_010 };
    expect(judgeOrder(input({ order, dstNowSec: 1_010 }))).toMatchObject({ fill: false, retryAtSec: 1_011 });
    expect(judgeOrder(input({ order, dstNowSec: 1_011 }))).toMatchObject({ fill: true });
    expect(judgeOrder(input({ order: { ...order, exclusiveFiller: ME }, dstNowSec: 1_000 }))).toMatchObject({ fill: true });
  });

  it('postpones an order whose fee does not cover gas plus the margin, and refuses one past its deadline for good', () => {
    expect(judgeOrder(input({ gasInBridge: 550_000n }))).toMatchObject({ fill: false, reason: expect.stringMatching(/below the margin of 10 bps/), retryAtSec: 1_005 });
    expect(judgeOrder(input({ dstNowSec: 2_001 }))).toEqual({ fill: false, reason: 'its fill deadline has passed' });
  });

  it('waits when its inventory is short', () => {
    expect(judgeOrder(input({ inventory: ORDER.bridgeAmount - 1n }))).toMatchObject({ fill: false, retryAtSec: 1_005 });
  });

  it('converts between decimals and prices gas in the bridge asset, rounding gas up', () => {
    expect(convertDecimals(1_500_000n, 6, 18)).toBe(1_500_000_000_000_000_000n);
    expect(convertDecimals(1_500_000_000_000_000_001n, 18, 6)).toBe(1_500_000n);
    // 100,000 gas at 1 gwei = 1e14 wei; at 3,000 USD per coin that is 0.3 USD = 300,000 units of a 6-decimal stablecoin.
    expect(gasInBridgeUnits(10n ** 14n, 300_000n, 6)).toBe(300_000n);
    expect(gasInBridgeUnits(1n, 300_000n, 6)).toBe(1n);
  });
});

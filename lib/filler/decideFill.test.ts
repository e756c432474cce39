import { keccak256, zeroAddress, type Address, type PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeOriginData, type FillOrder } from '@/lib/contracts/crossChainQuote';
import { decideFill, type DecideInput } from './decideFill';
import { fillerOrderOf } from './fillerOrder';

const ME: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const SETTLER: Address = '0x000000000000000000000000000000000000de57';
const PAYOUT = 99_400_000n;
const TERMS: FillOrder = {
  originChainId: 31337n, originSettler: zeroAddress, quoteId: `0x${'01'.repeat(32)}`, user: ME, recipient: ME, dstChainId: 31338n, dstSettler: SETTLER,
  dstBridgeToken: zeroAddress, dstBridgeAmount: PAYOUT, tokenOut: zeroAddress, minAmountOut: PAYOUT, dstLegs: [], fillDeadline: 2_000, openDeadline: 0n,
  exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
};
const originData = encodeOriginData(TERMS);
const ORDER = fillerOrderOf({ orderId: keccak256(originData), originChainId: 31337, originSettler: zeroAddress, originData, escrowToken: zeroAddress, escrowAmount: PAYOUT + 600_000n });

/** A destination node whose every simulation goes through and costs `gas`; it counts the simulations. */
function node(gas: bigint) {
  const calls = { estimates: 0 };
  const client = { estimateGas: async () => { calls.estimates += 1; return gas; }, call: async () => ({ data: undefined }) } as unknown as PublicClient;
  return { client, calls };
}

const input = (client: PublicClient, over: Partial<DecideInput> = {}): DecideInput => ({
  client, order: ORDER, filler: ME, dstNowSec: 1_000, inventory: 10n ** 12n, escrowInBridge: ORDER.escrowAmount, minFeeBps: 10,
  fees: { maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }, gasInBridge: (gas) => gas * 3n, maxExtra: () => 0n, ...over,
});

describe('decideFill', () => {
  it('fills with the simulated transaction when the fee covers the simulated gas plus the minimum fee', async () => {
    const { client } = node(100_000n);
    const decision = await decideFill(input(client));
    expect(decision).toMatchObject({ fill: true, feeInBridge: 600_000n, profitInBridge: 300_000n, plan: { estimate: 100_000n, gas: 130_000n, extra: 0n } });
  });

  it('weighs the gas the simulation reports: the same order is postponed when its gas eats the margin', async () => {
    const { client } = node(170_000n);
    expect(await decideFill(input(client))).toMatchObject({ fill: false, refusal: { name: 'FeeBelowGas', deterministic: false } });
  });

  it('simulates nothing, and prepares nothing, for an order that cannot pay, is past its deadline or is held by another filler', async () => {
    const { client, calls } = node(100_000n);
    let prepared = 0;
    const prepare = async () => { prepared += 1; };
    expect(await decideFill(input(client, { escrowInBridge: PAYOUT + 99_399n, prepare }))).toMatchObject({ refusal: { name: 'EscrowTooSmall', deterministic: true } });
    expect(await decideFill(input(client, { dstNowSec: 2_001, prepare }))).toMatchObject({ refusal: { name: 'FillDeadlinePassed' } });
    const held = { ...ORDER, exclusiveFiller: SETTLER, exclusivityDeadline: 1_005 };
    expect(await decideFill(input(client, { order: held, prepare }))).toMatchObject({ refusal: { name: 'ExclusiveToAnother', waitMs: 6_000 } });
    expect([calls.estimates, prepared]).toEqual([0, 0]);
    await decideFill(input(client, { prepare }));
    expect([calls.estimates, prepared]).toEqual([1, 1]);
  });
});

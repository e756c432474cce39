import { keccak256, zeroAddress, type Address, type Hash, type PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeOriginData } from '@/lib/contracts/crossChainQuote';
import { DEFAULT_FILL_POLICY } from './fillPolicy';
import { fillerOrderOf } from './fillerOrder';
import { fillOneOrder, type FillOneInput } from './fillOneOrder';
import { memoryFillNotes } from './fillRetry';

const ME: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const PAYOUT = 99_400_000n;
const originData = encodeOriginData({
  originChainId: 31337n, originSettler: zeroAddress, quoteId: `0x${'01'.repeat(32)}`, user: ME, recipient: ME, dstChainId: 31338n, dstSettler: zeroAddress,
  dstBridgeToken: zeroAddress, dstBridgeAmount: PAYOUT, tokenOut: zeroAddress, minAmountOut: PAYOUT, dstLegs: [], fillDeadline: 2_000, openDeadline: 0n,
  exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
});
const ORDER = fillerOrderOf({ orderId: keccak256(originData), originChainId: 31337, originSettler: zeroAddress, originData, escrowToken: zeroAddress, escrowAmount: PAYOUT + 600_000n });
const HASH: Hash = `0x${'cd'.repeat(32)}`;

/** A destination node whose simulations go through and whose fills are mined with `status`. */
const node = (status: 'success' | 'reverted') => ({
  estimateGas: async () => 100_000n,
  call: async () => ({ data: undefined }),
  waitForTransactionReceipt: async () => ({ status, gasUsed: 90_000n, blockNumber: 5n, effectiveGasPrice: 1n }),
  request: async () => ({ output: '0x' }),
  getTransaction: async () => ({ from: ME, to: zeroAddress, input: '0x' }),
}) as unknown as PublicClient;

function input(over: Partial<FillOneInput> = {}) {
  const notes = memoryFillNotes();
  const sent: bigint[] = [];
  const step: FillOneInput = {
    client: node('success'), order: ORDER, filler: ME, dstNowSec: 1_000, inventory: 10n ** 12n, escrowInBridge: ORDER.escrowAmount, minFeeBps: 10,
    fees: { maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }, gasInBridge: () => 0n, maxExtra: () => 0n,
    retry: { notes, policy: DEFAULT_FILL_POLICY }, receiptTimeoutMs: 1_000,
    send: async (_data, gas) => {
      sent.push(gas);
      return HASH;
    },
    ...over,
  };
  return { step, notes, sent };
}

describe('fillOneOrder', () => {
  it('sends the decided fill with headroom over the simulated gas and reports what it paid out', async () => {
    const { step, sent, notes } = input();
    expect(await fillOneOrder(step)).toMatchObject({ kind: 'filled', hash: HASH, amount: PAYOUT, extra: 0n });
    expect(sent).toEqual([130_000n]);
    expect(await notes.find(ORDER.orderId)).toBeUndefined();
  });

  it('a reservation refused (our relayer\'s caps) is noted like any refusal, and nothing is sent', async () => {
    const { step, sent, notes } = input({ reserve: async () => ({ name: 'InventoryRateLimit', text: 'cap reached', deterministic: false }) });
    expect(await fillOneOrder(step)).toMatchObject({ kind: 'refused', note: { reason: 'InventoryRateLimit', attempts: 1, gaveUp: false } });
    expect(sent).toEqual([]);
    expect(await notes.find(ORDER.orderId)).toMatchObject({ reason: 'InventoryRateLimit' });
  });

  it('a send that fails (the node refuses, or the lease is lost) is noted as transient and backed off', async () => {
    const { step } = input({ send: async () => { throw new Error('nonce too low'); } });
    const outcome = await fillOneOrder(step);
    expect(outcome).toMatchObject({ kind: 'unsent', note: { reason: 'SendFailed', gaveUp: false } });
    expect(outcome.kind === 'unsent' && outcome.note.detail).toContain('nonce too low');
  });

  it('a mined fill that reverted is counted as a revert on the order\'s note', async () => {
    const { step } = input({ client: node('reverted') });
    expect(await fillOneOrder(step)).toMatchObject({ kind: 'reverted', hash: HASH, note: { reverts: 1 } });
  });
});

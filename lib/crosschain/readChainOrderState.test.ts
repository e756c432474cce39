import { describe, expect, it } from 'vitest';
import { zeroAddress, type PublicClient } from 'viem';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { readChainOrderState } from './readChainOrderState';

const ORDER_ID = `0x${'ab'.repeat(32)}` as const;
const FILLER = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
const SETTLER = '0x00000000000000000000000000000000000000d5';
const ROUTER = '0x00000000000000000000000000000000000000a1';

/** A client answering readContract and getLogs from the functions given (a throw is an RPC failure). */
const client = (answers: { read: () => unknown; logs?: () => unknown[] }) => ({
  readContract: async () => answers.read(),
  getLogs: async () => (answers.logs ?? (() => []))(),
}) as unknown as PublicClient;
const failing = () => {
  throw new Error('timeout');
};
const filled = () => [FILLER, 2_990_000n, 1_200n, FILLER];

describe('readChainOrderState', () => {
  it('reads the fill with its transaction and the origin state', async () => {
    const state = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: filled, logs: () => [{ transactionHash: '0xfill' }] }), settler: SETTLER, headBlock: 10n },
      origin: { client: client({ read: () => ORDER_STATUS.settled }), router: ROUTER },
    });
    expect(state).toEqual({ origin: 'settled', fill: { filler: FILLER, amountOut: 2_990_000n, filledAt: 1_200, txHash: '0xfill' } });
  });

  it('an unfilled order has no fill; a side that does not answer is left out, and so is a log query that fails', async () => {
    const unfilled = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: () => [zeroAddress, 0n, 0n, zeroAddress] }), settler: SETTLER, headBlock: 10n },
      origin: { client: client({ read: () => ORDER_STATUS.opened }), router: ROUTER },
    });
    expect(unfilled).toEqual({ origin: 'opened' });
    const down = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: failing }), settler: SETTLER, headBlock: 10n },
      origin: { client: client({ read: failing }), router: ROUTER },
    });
    expect(down).toEqual({});
    const noLogs = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: filled, logs: failing }), settler: SETTLER, headBlock: 10n },
      origin: { client: client({ read: failing }), router: ROUTER },
    });
    expect(noLogs).toEqual({ fill: { filler: FILLER, amountOut: 2_990_000n, filledAt: 1_200, txHash: null } });
  });
});

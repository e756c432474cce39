// What the chains say of one cross-chain order: the destination settler's fill record and the origin router's state.
import 'server-only';
import { getAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { destinationSettlerAbi, originSettlerAbi } from '@/lib/relayer/settlerAbi';
import type { ChainOrderState } from './crossChainStatusOf';
import { readFill } from './readFill';

const FILLED = getAbiItem({ abi: destinationSettlerAbi, name: 'Filled' });
/** How far back from the head the fill's transaction is looked for (one indexed log query); beyond it the hash is left out. */
export const FILL_LOG_LOOKBACK_BLOCKS = 5_000n;

const ORIGIN_STATES = { [ORDER_STATUS.opened]: 'opened', [ORDER_STATUS.settled]: 'settled', [ORDER_STATUS.refunded]: 'refunded' } as const;

export type ChainOrderSides = {
  orderId: Hex;
  /** The destination chain's client (its RPC timeout bounds each call), settler and watched head block, when known. */
  dst: { client: PublicClient; settler: Address; headBlock: bigint | undefined };
  origin: { client: PublicClient; router: Address };
};

/**
 * Two calls, sent together: `fills(orderId)` on the destination and `orderStatus(orderId)` on the origin; then, only
 * when the destination shows a fill, one log query for its transaction. Any side that fails is left out.
 */
export async function readChainOrderState({ orderId, dst, origin }: ChainOrderSides): Promise<ChainOrderState> {
  const [fillRecord, originStatus] = await Promise.all([
    readFill(dst.client, dst.settler, orderId).catch(() => undefined),
    origin.client.readContract({ address: origin.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [orderId] }).catch(() => undefined),
  ]);
  const state: ChainOrderState = {};
  if (originStatus !== undefined && originStatus in ORIGIN_STATES) state.origin = ORIGIN_STATES[originStatus as keyof typeof ORIGIN_STATES];
  if (fillRecord) {
    const { filler, amountOut, filledAt } = fillRecord;
    state.fill = { filler, amountOut, filledAt, txHash: await fillTxHash(orderId, dst) };
  }
  return state;
}

async function fillTxHash(orderId: Hex, { client, settler, headBlock }: ChainOrderSides['dst']): Promise<string | null> {
  if (headBlock === undefined) return null;
  const fromBlock = headBlock > FILL_LOG_LOOKBACK_BLOCKS ? headBlock - FILL_LOG_LOOKBACK_BLOCKS : 0n;
  const logs = await client.getLogs({ address: settler, event: FILLED, args: { orderId }, fromBlock, toBlock: 'latest' }).catch(() => []);
  return logs[0]?.transactionHash ?? null;
}

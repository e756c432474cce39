// What the chains say of one cross-chain order: the destination settler's fill record and the origin router's state,
// read once per block per chain however many callers ask (status polls of one order share them).
import 'server-only';
import { getAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { destinationSettlerAbi, originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import type { ChainOrderState } from './crossChainStatusOf';
import { perBlockReads, type BlockAt, type PerBlockReads } from './perBlockReads';
import { readFill } from './readFill';

const FILLED = getAbiItem({ abi: destinationSettlerAbi, name: 'Filled' });
/** How far back from the head the fill's transaction is looked for (one indexed log query); beyond it the hash is left out. */
export const FILL_LOG_LOOKBACK_BLOCKS = 5_000n;

const ORIGIN_STATES = { [ORDER_STATUS.opened]: 'opened', [ORDER_STATUS.settled]: 'settled', [ORDER_STATUS.refunded]: 'refunded' } as const;

/** A chain's client (its RPC timeout bounds each call) and the block it is read at (its follower's watched head), when known. */
type Side = { chainId: number; client: PublicClient; head: BlockAt | undefined };

export type ChainOrderSides = {
  orderId: Hex;
  dst: Side & { settler: Address };
  origin: Side & { router: Address };
};

/** The reads of this process: every status request of one order in one block shares them. */
const sharedReads = perBlockReads();

/** `load` at the side's head block, shared per block; at the latest block, unshared, while the head is unknown. */
function atHead<T>(reads: PerBlockReads, side: Side, key: string, load: (block: bigint | undefined) => Promise<T>): Promise<T> {
  const { head } = side;
  return head === undefined ? load(undefined) : reads.read(String(side.chainId), head, key, () => load(head.block));
}

/**
 * Two calls, sent together: `fills(orderId)` on the destination and `orderStatus(orderId)` on the origin; then, only
 * when the destination shows a fill, one log query for its transaction. Any side that fails is left out.
 */
export async function readChainOrderState({ orderId, dst, origin }: ChainOrderSides, reads: PerBlockReads = sharedReads): Promise<ChainOrderState> {
  const [fill, originStatus] = await Promise.all([
    atHead(reads, dst, `fill:${dst.settler}:${orderId}`, (block) => filledAt(orderId, dst, block)).catch(() => undefined),
    atHead(reads, origin, `status:${origin.router}:${orderId}`, (block) => origin.client.readContract({
      address: origin.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [orderId], ...(block !== undefined ? { blockNumber: block } : {}),
    })).catch(() => undefined),
  ]);
  const state: ChainOrderState = {};
  if (originStatus !== undefined && originStatus in ORIGIN_STATES) state.origin = ORIGIN_STATES[originStatus as keyof typeof ORIGIN_STATES];
  if (fill) state.fill = fill;
  return state;
}

async function filledAt(orderId: Hex, dst: ChainOrderSides['dst'], block: bigint | undefined): Promise<ChainOrderState['fill']> {
  const record = await readFill(dst.client, dst.settler, orderId, block);
  if (!record) return undefined;
  return { filler: record.filler, amountOut: record.amountOut, filledAt: record.filledAt, txHash: await fillTxHash(orderId, dst, block) };
}

/**
 * The transaction of the order's Filled log, up to `block`, or up to the latest block while the follower's head is not
 * known (it lags behind a busy node): a fill read at the latest block is answered with its transaction all the same.
 */
async function fillTxHash(orderId: Hex, { client, settler }: ChainOrderSides['dst'], block: bigint | undefined): Promise<string | null> {
  const toBlock = block ?? (await client.getBlockNumber({ cacheTime: 0 }).catch(() => undefined));
  if (toBlock === undefined) return null;
  const fromBlock = toBlock > FILL_LOG_LOOKBACK_BLOCKS ? toBlock - FILL_LOG_LOOKBACK_BLOCKS : 0n;
  const logs = await client.getLogs({ address: settler, event: FILLED, args: { orderId }, fromBlock, toBlock }).catch(() => []);
  return logs[0]?.transactionHash ?? null;
}

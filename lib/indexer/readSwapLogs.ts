// Reads Swap logs of a block range, retrying with backoff and splitting ranges the RPC refuses as too large.
import type { PublicClient } from 'viem';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';

export const SWAP_EVENT = uniswapV2PairAbi.find((item) => item.type === 'event' && item.name === 'Swap');
if (!SWAP_EVENT || SWAP_EVENT.type !== 'event') throw new Error('Swap event missing from the pair ABI');
const swapEvent = SWAP_EVENT;

export type SwapLog = {
  address: `0x${string}`;
  blockNumber: bigint;
  blockHash: `0x${string}`;
  transactionHash: `0x${string}`;
  logIndex: number;
  blockTimestamp?: bigint;
  args: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint };
};

const ATTEMPTS = 5;
const BACKOFF_MS = 200;
const TOO_LARGE = /range|too many|limit|exceed|size|10000|timeout|timed out/i;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function getSwapLogs(client: PublicClient, fromBlock: bigint, toBlock: bigint): Promise<SwapLog[]> {
  const logs = await client.getLogs({ event: swapEvent, fromBlock, toBlock, strict: true });
  return logs.map((l) => ({
    address: l.address, blockNumber: l.blockNumber, blockHash: l.blockHash, transactionHash: l.transactionHash,
    logIndex: l.logIndex, blockTimestamp: (l as { blockTimestamp?: bigint }).blockTimestamp,
    args: { amount0In: l.args.amount0In, amount1In: l.args.amount1In, amount0Out: l.args.amount0Out, amount1Out: l.args.amount1Out },
  }));
}

/** All Swap logs in [from, to], ascending; throws once a one-block range still fails after every retry. */
export async function readSwapLogs(client: PublicClient, from: bigint, to: bigint): Promise<SwapLog[]> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await getSwapLogs(client, from, to);
    } catch (error: unknown) {
      lastError = error;
      const message = error instanceof Error ? error.message : String(error);
      // A refused range gets smaller instead of repeated as it is.
      if (to > from && TOO_LARGE.test(message)) {
        const mid = from + (to - from) / 2n;
        return [...(await readSwapLogs(client, from, mid)), ...(await readSwapLogs(client, mid + 1n, to))];
      }
      await sleep(BACKOFF_MS * 2 ** attempt);
    }
  }
  throw lastError;
}

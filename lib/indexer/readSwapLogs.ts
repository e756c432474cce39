// Reads the pool logs the indexer needs over a block range in one getLogs call: V2 and V3 Swap (trades), Sync
// (a constant-product pool's reserves after each change) and the V3 events that change a pool's holdings or active
// liquidity without a swap (Mint, Burn, Collect, Flash). Retries and range splitting are readLogRange's.
import type { PublicClient } from 'viem';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV3PoolAbi } from '@/contracts/generated/uniswapV3Pool';
import { readLogRange } from './readLogRange';

function pairEvent(name: 'Swap' | 'Sync') {
  const event = uniswapV2PairAbi.find((item) => item.type === 'event' && item.name === name);
  if (!event || event.type !== 'event') throw new Error(`${name} event missing from the pair ABI`);
  return event;
}
export const SWAP_EVENT = pairEvent('Swap');
const SYNC_EVENT = pairEvent('Sync');
const V3_SWAP = uniswapV3PoolAbi.find((item) => item.type === 'event' && item.name === 'Swap');
if (!V3_SWAP || V3_SWAP.type !== 'event') throw new Error('Swap event missing from the V3 pool ABI');
export const V3_SWAP_EVENT = V3_SWAP;

function v3PoolEvent(name: 'Mint' | 'Burn' | 'Collect' | 'Flash') {
  const event = uniswapV3PoolAbi.find((item) => item.type === 'event' && item.name === name);
  if (!event || event.type !== 'event') throw new Error(`${name} event missing from the V3 pool ABI`);
  return event;
}
/** V3 events after which a pool holds other amounts (Mint, Collect, Flash's fees) or other active liquidity (Burn). */
const V3_LIQUIDITY_EVENTS = [v3PoolEvent('Mint'), v3PoolEvent('Burn'), v3PoolEvent('Collect'), v3PoolEvent('Flash')] as const;

/**
 * A V3 Swap's signed amounts (positive: the pool received it) as a V2 Swap's in/out amounts, so both kinds of pool
 * give trades the same way.
 */
export function v3AsV2Amounts(amount0: bigint, amount1: bigint): SwapLog['args'] {
  return {
    amount0In: amount0 > 0n ? amount0 : 0n, amount0Out: amount0 < 0n ? -amount0 : 0n,
    amount1In: amount1 > 0n ? amount1 : 0n, amount1Out: amount1 < 0n ? -amount1 : 0n,
  };
}

export type SwapLog = {
  address: `0x${string}`;
  blockNumber: bigint;
  blockHash: `0x${string}`;
  transactionHash: `0x${string}`;
  logIndex: number;
  blockTimestamp?: bigint;
  args: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint };
};

export type SyncLog = { address: `0x${string}`; blockNumber: bigint; logIndex: number; reserve0: bigint; reserve1: bigint };

/** A V3 pool event other than Swap: only which pool changed, and when, matters to the indexer. */
export type V3ChangeLog = { address: `0x${string}`; blockNumber: bigint; logIndex: number };

export type PoolLogs = { swaps: SwapLog[]; syncs: SyncLog[]; v3Swaps: SwapLog[]; v3Changes: V3ChangeLog[] };

async function getPoolLogs(client: PublicClient, fromBlock: bigint, toBlock: bigint): Promise<PoolLogs[]> {
  const logs = await client.getLogs({ events: [SWAP_EVENT, SYNC_EVENT, V3_SWAP_EVENT, ...V3_LIQUIDITY_EVENTS], fromBlock, toBlock, strict: true });
  const out: PoolLogs = { swaps: [], syncs: [], v3Swaps: [], v3Changes: [] };
  for (const l of logs) {
    if (l.eventName === 'Swap' && 'amount0' in l.args) {
      // V3 pools are kept apart so a V2 pair's address can never pass off a V3 event as its own, and the reverse.
      out.v3Swaps.push({
        address: l.address, blockNumber: l.blockNumber, blockHash: l.blockHash, transactionHash: l.transactionHash,
        logIndex: l.logIndex, blockTimestamp: (l as { blockTimestamp?: bigint }).blockTimestamp, args: v3AsV2Amounts(l.args.amount0, l.args.amount1),
      });
    } else if (l.eventName === 'Swap' && 'amount0In' in l.args) {
      out.swaps.push({
        address: l.address, blockNumber: l.blockNumber, blockHash: l.blockHash, transactionHash: l.transactionHash,
        logIndex: l.logIndex, blockTimestamp: (l as { blockTimestamp?: bigint }).blockTimestamp,
        args: { amount0In: l.args.amount0In, amount1In: l.args.amount1In, amount0Out: l.args.amount0Out, amount1Out: l.args.amount1Out },
      });
    } else if (l.eventName === 'Sync') {
      out.syncs.push({ address: l.address, blockNumber: l.blockNumber, logIndex: l.logIndex, reserve0: l.args.reserve0, reserve1: l.args.reserve1 });
    } else if (l.eventName !== 'Swap') {
      out.v3Changes.push({ address: l.address, blockNumber: l.blockNumber, logIndex: l.logIndex });
    }
  }
  return [out];
}

/** All Swap (V2 and V3), Sync and V3 liquidity logs in [from, to], ascending; throws once a one-block range still fails after every retry. */
export async function readPoolLogs(client: PublicClient, from: bigint, to: bigint): Promise<PoolLogs> {
  const parts = await readLogRange((f, t) => getPoolLogs(client, f, t), from, to);
  return {
    swaps: parts.flatMap((p) => p.swaps), syncs: parts.flatMap((p) => p.syncs), v3Swaps: parts.flatMap((p) => p.v3Swaps),
    v3Changes: parts.flatMap((p) => p.v3Changes),
  };
}

// Reads every pool of a Uniswap V3 factory at one block: the pools from PoolCreated, their initialized ticks from
// the Mint and Burn history (what the tick bitmap records), slot0 and in-range liquidity by batched calls.
import { getAddress, parseAbi, type Address, type PublicClient } from 'viem';
import type { V3PoolState, TickLiquidity } from '@/lib/routing/v3/v3PoolState';
import { v3Ticks } from '@/lib/routing/v3/v3PoolState';
import { POOL_CREATED, V3_BURN, V3_MINT, applyPositionDelta } from './v3Events';

const V3_POOL_ABI = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function liquidity() view returns (uint128)',
]);
/** Blocks per eth_getLogs while loading history. */
const LOAD_RANGE_BLOCKS = 50_000n;
/** Pool addresses per eth_getLogs filter. */
const ADDRESSES_PER_FILTER = 500;

/** One V3 pool as the follower keeps it: what never changes, the ticks' liquidity (mutable), and the swap state. */
export type V3Entry = {
  address: Address;
  token0: Address;
  token1: Address;
  feePpm: number;
  tickSpacing: number;
  ticks: Map<number, TickLiquidity>;
  state: V3PoolState;
};

async function logsInRanges<T>(from: bigint, to: bigint, read: (from: bigint, to: bigint) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let start = from; start <= to; start += LOAD_RANGE_BLOCKS) {
    const end = start + LOAD_RANGE_BLOCKS - 1n < to ? start + LOAD_RANGE_BLOCKS - 1n : to;
    out.push(...(await read(start, end)));
  }
  return out;
}

/** A V3 state object for `entry` with `changes` applied (the ticks snapshot rebuilt from the entry's tick map). */
export function v3StateOf(entry: Omit<V3Entry, 'state'>, sqrtPriceX96: bigint, tick: number, liquidity: bigint, ticksChanged: V3PoolState['ticks'] | undefined): V3PoolState {
  return {
    source: 'uniswap_v3',
    feePpm: entry.feePpm,
    tickSpacing: entry.tickSpacing,
    sqrtPriceX96,
    tick,
    liquidity,
    ticks: ticksChanged ?? v3Ticks(entry.ticks),
  };
}

/** Every pool `factory` created in [fromBlock, blockNumber], with its state at `blockNumber`. */
export async function loadV3Pools(client: PublicClient, factory: Address, fromBlock: bigint, blockNumber: bigint): Promise<V3Entry[]> {
  const created = await logsInRanges(fromBlock, blockNumber, (from, to) =>
    client.getLogs({ address: factory, event: POOL_CREATED, fromBlock: from, toBlock: to, strict: true }),
  );
  if (created.length === 0) return [];
  const addresses = created.map((l) => getAddress(l.args.pool));
  const ticks = new Map<Address, Map<number, TickLiquidity>>(addresses.map((a) => [a, new Map()]));
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_FILTER) {
    const address = addresses.slice(i, i + ADDRESSES_PER_FILTER);
    const logs = await logsInRanges(fromBlock, blockNumber, (from, to) =>
      client.getLogs({ address, events: [V3_MINT, V3_BURN], fromBlock: from, toBlock: to, strict: true }),
    );
    logs.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
    for (const log of logs) {
      const map = ticks.get(getAddress(log.address));
      if (!map) continue;
      const delta = log.eventName === 'Mint' ? log.args.amount : -log.args.amount;
      if (delta !== 0n) applyPositionDelta(map, log.args.tickLower, log.args.tickUpper, delta);
    }
  }
  const [slots, liquidities] = await Promise.all([
    Promise.all(addresses.map((address) => client.readContract({ address, abi: V3_POOL_ABI, functionName: 'slot0', blockNumber }))),
    Promise.all(addresses.map((address) => client.readContract({ address, abi: V3_POOL_ABI, functionName: 'liquidity', blockNumber }))),
  ]);
  return created.map((log, i) => {
    const address = addresses[i] ?? getAddress(log.args.pool);
    const base = {
      address,
      token0: getAddress(log.args.token0),
      token1: getAddress(log.args.token1),
      feePpm: log.args.fee,
      tickSpacing: log.args.tickSpacing,
      ticks: ticks.get(address) ?? new Map<number, TickLiquidity>(),
    };
    const [sqrtPriceX96, tick] = slots[i] ?? [0n, 0];
    return { ...base, state: v3StateOf(base, sqrtPriceX96, tick, liquidities[i] ?? 0n, undefined) };
  });
}

/** slot0's price and tick and the in-range liquidity of `pools` at the latest block (firm quotes re-read them). */
export async function readV3Slots(client: PublicClient, pools: readonly Address[]): Promise<Map<Address, { sqrtPriceX96: bigint; tick: number; liquidity: bigint }>> {
  const [slots, liquidities] = await Promise.all([
    Promise.all(pools.map((address) => client.readContract({ address, abi: V3_POOL_ABI, functionName: 'slot0' }))),
    Promise.all(pools.map((address) => client.readContract({ address, abi: V3_POOL_ABI, functionName: 'liquidity' }))),
  ]);
  return new Map(pools.map((address, i) => {
    const [sqrtPriceX96, tick] = slots[i] ?? [0n, 0];
    return [address, { sqrtPriceX96, tick, liquidity: liquidities[i] ?? 0n }];
  }));
}

// Reads every pair of a Uniswap V2 factory with its reserves at one block, in batched RPC requests.
import type { Address, PublicClient } from 'viem';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import type { Reserves } from '@/lib/routing/poolGraph';

export type LoadedPool = { address: Address; token0: Address; token1: Address; reserve0: bigint; reserve1: bigint };

/** Current reserves of `pools` at `blockNumber` (the transport batches the calls into one request). */
export async function readReserves(client: PublicClient, pools: readonly Address[], blockNumber?: bigint): Promise<Map<Address, Reserves>> {
  const results = await Promise.all(
    pools.map((address) => client.readContract({ address, abi: uniswapV2PairAbi, functionName: 'getReserves', blockNumber })),
  );
  return new Map(pools.map((address, i) => {
    const [r0, r1] = results[i] ?? [0n, 0n];
    return [address, [r0, r1] as const];
  }));
}

/** Every pair the factory has created up to `blockNumber`, with tokens and reserves. */
export async function loadPools(client: PublicClient, factory: Address, blockNumber: bigint): Promise<LoadedPool[]> {
  const length = await client.readContract({ address: factory, abi: uniswapV2FactoryAbi, functionName: 'allPairsLength', blockNumber });
  const indices = Array.from({ length: Number(length) }, (_, i) => BigInt(i));
  const pairs = await Promise.all(
    indices.map((i) => client.readContract({ address: factory, abi: uniswapV2FactoryAbi, functionName: 'allPairs', args: [i], blockNumber })),
  );
  const [tokens0, tokens1, reserves] = await Promise.all([
    Promise.all(pairs.map((address) => client.readContract({ address, abi: uniswapV2PairAbi, functionName: 'token0', blockNumber }))),
    Promise.all(pairs.map((address) => client.readContract({ address, abi: uniswapV2PairAbi, functionName: 'token1', blockNumber }))),
    readReserves(client, pairs, blockNumber),
  ]);
  return pairs.map((address, i) => {
    const [reserve0, reserve1] = reserves.get(address) ?? [0n, 0n];
    return { address, token0: tokens0[i] ?? address, token1: tokens1[i] ?? address, reserve0, reserve1 };
  });
}

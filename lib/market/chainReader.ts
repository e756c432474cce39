// On-chain reads the pair overview needs (reserves, a V3 pool's price, totalSupply), cached briefly so requests rarely touch the RPC.
import 'server-only';
import { erc20Abi, type Address } from 'viem';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV3PoolAbi } from '@/contracts/generated/uniswapV3Pool';
import { DomainError } from '@/lib/domain/DomainError';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { chainClient } from '@/lib/indexer/chainClient';

export type ChainReader = {
  reserves(chain: ChainConfig, pool: Address): Promise<{ reserve0: bigint; reserve1: bigint }>;
  totalSupply(chain: ChainConfig, token: Address): Promise<bigint>;
  /** A V3 pool's current sqrtPriceX96 (slot0). */
  sqrtPriceX96(chain: ChainConfig, pool: Address): Promise<bigint>;
};

const RESERVES_TTL_MS = 2_000;
/** Supply changes rarely; the FDV may lag a minute. */
const SUPPLY_TTL_MS = 60_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load().catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, { at: Date.now(), value });
  return value;
}

function unavailable(chain: ChainConfig): never {
  throw new DomainError('CHAIN_UNAVAILABLE', `chain ${chain.id} did not answer in time`, { field: 'chainId' });
}

export const rpcChainReader: ChainReader = {
  reserves: (chain, pool) => cached(`r|${chain.id}|${pool}`, RESERVES_TTL_MS, async () => {
    const [reserve0, reserve1] = await chainClient(chain).readContract({ address: pool, abi: uniswapV2PairAbi, functionName: 'getReserves' }).catch(() => unavailable(chain));
    return { reserve0, reserve1 };
  }),
  sqrtPriceX96: (chain, pool) => cached(`p|${chain.id}|${pool}`, RESERVES_TTL_MS, async () =>
    (await chainClient(chain).readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: 'slot0' }).catch(() => unavailable(chain)))[0]),
  totalSupply: (chain, token) => cached(`s|${chain.id}|${token}`, SUPPLY_TTL_MS, () =>
    chainClient(chain).readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' }).catch(() => unavailable(chain))),
};

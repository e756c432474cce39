// Resolves both chains of a cross-chain request with their running followers and what pricing needs of each.
import 'server-only';
import type { Address } from 'viem';
import type { LiquiditySource } from '@/lib/routing/pool';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { withoutSources } from '@/lib/routing/withoutSources';
import { excludedForQuotes } from '@/lib/contracts/routerSources';
import { DomainError } from '@/lib/domain/DomainError';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { findChain, loadChains } from '@/lib/chains/loadChains';
import { crossChainReady } from '@/lib/chains/publicChain';
import { env } from '@/lib/env';
import type { ChainFollower } from '@/lib/chainstate/chainFollower';
import type { CrossChainSide } from './quoteCrossChain';
import { firstLoadWaitMs, followerFor } from '@/lib/chainstate/quoteFollowers';
import { deliverableOn } from './relayerCapacity';

export type ResolvedSide = {
  chain: ChainConfig;
  follower: ChainFollower;
  /** The router (origin settler) and destination settler of the chain. */
  router: Address;
  settler: Address;
  bridgeToken: Address;
  bridgeDecimals: number;
};

function configured(chainId: number, field: 'src_chain_id' | 'dst_chain_id', chains: ChainConfig[]): ChainConfig {
  const chain = findChain(chainId, chains);
  if (!chain) throw new DomainError('UNSUPPORTED_CHAIN', `${field} ${chainId} is not a configured chain`, { field });
  return chain;
}

function resolve(chain: ChainConfig, field: 'src_chain_id' | 'dst_chain_id'): ResolvedSide {
  const chainId = chain.id;
  const { bridgeToken, swapRouter: router, destinationSettler: settler } = chain;
  if (!crossChainReady(chain) || !bridgeToken || !router || !settler) {
    throw new DomainError('UNSUPPORTED_CHAIN', `${field} ${chainId} takes no part in cross-chain swaps: its settlers or bridge asset are not configured`, { field });
  }
  const decimals = chain.tokens.find((t) => t.address === bridgeToken)?.decimals;
  if (decimals === undefined) throw new Error(`chain ${chainId}: bridge token ${bridgeToken} is not in its token list`);
  return { chain, follower: followerFor(chain), router, settler, bridgeToken, bridgeDecimals: decimals };
}

/** A follower's CHAIN_UNAVAILABLE names the side it is about. */
function onSide<T>(field: 'src_chain_id' | 'dst_chain_id', read: () => T): T {
  try {
    return read();
  } catch (error: unknown) {
    if (error instanceof DomainError && error.type === 'CHAIN_UNAVAILABLE') throw new DomainError(error.type, error.message, { ...error.details, field });
    throw error;
  }
}

export async function crossChainSides(srcChainId: number, dstChainId: number): Promise<{ src: ResolvedSide; dst: ResolvedSide }> {
  const chains = loadChains();
  // Unknown chains first, on either side, so the answer names the field that is really wrong.
  const srcChain = configured(srcChainId, 'src_chain_id', chains);
  const dstChain = configured(dstChainId, 'dst_chain_id', chains);
  const src = resolve(srcChain, 'src_chain_id');
  const dst = resolve(dstChain, 'dst_chain_id');
  const timeout = firstLoadWaitMs();
  await Promise.all([src.follower.ready(timeout), dst.follower.ready(timeout)]);
  return { src, dst };
}

/** The source side as pricing sees it: the current snapshot. */
export function srcSnapshot(side: ResolvedSide): CrossChainSide {
  return { graph: onSide('src_chain_id', () => side.follower.snapshot()), bridgeToken: side.bridgeToken, bridgeDecimals: side.bridgeDecimals };
}

/**
 * The destination side: its snapshot, what the relayer can still deliver there (its followed balance less owed fills)
 * and the most it fills in one order (RELAYER_MAX_ORDER_USD).
 */
export async function dstSnapshot(side: ResolvedSide): Promise<CrossChainSide & { inventory: bigint; maxOrderUsd: number }> {
  const graph = onSide('dst_chain_id', () => side.follower.snapshot());
  const inventory = await deliverableOn(side.chain.id, side.follower.inventory());
  if (inventory === undefined) {
    throw new DomainError('CHAIN_UNAVAILABLE', `the relayer's inventory on chain ${side.chain.id} is not known right now; try again shortly`, { field: 'dst_chain_id', retry_after_sec: 1 });
  }
  return { graph, bridgeToken: side.bridgeToken, bridgeDecimals: side.bridgeDecimals, inventory, maxOrderUsd: env().RELAYER_MAX_ORDER_USD };
}

/** The side with only the pools of the sources the request allows. */
export function allowingSources<S extends { graph: PoolGraph }>(side: S, excluded: readonly LiquiditySource[] | undefined): S {
  return { ...side, graph: withoutSources(side.graph, excludedForQuotes(excluded)) };
}

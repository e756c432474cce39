// Resolves the chain a quote request names and its running follower (API.md §2 chain rules).
import 'server-only';
import { DomainError } from '@/lib/domain/DomainError';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { findChain, loadChains } from '@/lib/chains/loadChains';
import type { ChainFollower } from '@/lib/chainstate/chainFollower';
import { firstLoadWaitMs, followerFor } from '@/lib/chainstate/quoteFollowers';

export async function quoteChain(srcChainId: number, dstChainId: number): Promise<{ chain: ChainConfig; follower: ChainFollower }> {
  const chains = loadChains();
  const chain = findChain(srcChainId, chains);
  if (!chain) throw new DomainError('UNSUPPORTED_CHAIN', `src_chain_id ${srcChainId} is not a configured chain`, { field: 'src_chain_id' });
  if (!findChain(dstChainId, chains)) {
    throw new DomainError('UNSUPPORTED_CHAIN', `dst_chain_id ${dstChainId} is not a configured chain`, { field: 'dst_chain_id' });
  }
  if (dstChainId !== srcChainId) {
    throw new DomainError('INVALID_ARGUMENT', 'dst_chain_id must equal src_chain_id: cross-chain quotes are not supported yet', { field: 'dst_chain_id' });
  }
  const follower = followerFor(chain);
  await follower.ready(firstLoadWaitMs());
  return { chain, follower };
}

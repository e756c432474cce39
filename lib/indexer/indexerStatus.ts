// Indexer progress per chain (indexed block vs chain head) for /v1/health.
import 'server-only';
import { loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { chainClient } from './chainClient';

export type IndexerChainStatus = { chain_id: number; indexed_block: number | null; head_block: number | null; lag_blocks: number | null };

export async function indexerStatus(): Promise<IndexerChainStatus[]> {
  const db = await readyDb();
  const checkpoints = await db.selectFrom('indexer_checkpoints').select(['chain_id', 'block_number']).execute();
  return Promise.all(loadChains().map(async (chain) => {
    const cp = checkpoints.find((c) => Number(c.chain_id) === chain.id);
    const indexed = cp ? Number(cp.block_number) : null;
    const head = await chainClient(chain).getBlockNumber({ cacheTime: 0 }).then(Number, () => null);
    return { chain_id: chain.id, indexed_block: indexed, head_block: head, lag_blocks: head !== null && indexed !== null ? Math.max(0, head - indexed) : null };
  }));
}

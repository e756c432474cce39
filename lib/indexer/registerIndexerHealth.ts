// Lets /v1/health report indexer lag: the app reads each chain's checkpoint from the store the indexer writes.
import 'server-only';
import { registerIndexerCheckpoint } from '@/lib/api/healthChecks';
import { readyDb } from '@/lib/db/getDb';

export function registerIndexerHealth(): void {
  registerIndexerCheckpoint(async (chainId) => {
    const db = await readyDb();
    const row = await db.selectFrom('indexer_checkpoints').select('block_number').where('chain_id', '=', chainId).executeTakeFirst();
    return row ? Number(row.block_number) : null;
  });
}

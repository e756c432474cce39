// The indexer process: migrates the store, then follows every configured chain until SIGINT/SIGTERM.
import { loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { env } from '@/lib/env';
import { runIndexer } from '@/lib/indexer/runIndexer';
import { log } from '@/lib/log';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const db = await readyDb();
log.info({ chains: loadChains().map((c) => c.id) }, 'indexer started');
await runIndexer(db, { pollMs: env().INDEXER_POLL_MS, rangeBlocks: env().INDEXER_RANGE_BLOCKS, signal: controller.signal, chains: () => loadChains() });
await db.destroy();
log.info('indexer stopped');

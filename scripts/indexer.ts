// The indexer process: migrates the store, then follows every configured chain until SIGINT/SIGTERM, while it
// holds the `indexer` lease; another copy (on this or another machine) waits as a standby and takes over.
import { loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { env } from '@/lib/env';
import { runIndexer } from '@/lib/indexer/runIndexer';
import { leaseLog } from '@/lib/jobs/jobLog';
import { leaseTimings } from '@/lib/jobs/leaseTimings';
import { runUnderLease } from '@/lib/jobs/runUnderLease';
import { log } from '@/lib/log';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const db = await readyDb();
log.info({ chains: loadChains().map((c) => c.id) }, 'indexer started');
await runUnderLease(db, { job: 'indexer', signal: controller.signal, timings: leaseTimings(), log: leaseLog }, (lease) =>
  runIndexer(db, { pollMs: env().INDEXER_POLL_MS, rangeBlocks: env().INDEXER_RANGE_BLOCKS, signal: lease.signal, chains: () => loadChains(), fence: lease.assertHeld }));
await db.destroy();
log.info('indexer stopped');

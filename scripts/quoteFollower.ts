// The quote-status follower process: records firm quotes' fills from the router's logs on every configured chain, and
// every cross-chain order's progress for the orders feed (lib/crosschain/orderFeed.ts), while it holds the
// `quote-follower` lease; another copy waits as a standby and takes over where it stopped.
import { loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { env } from '@/lib/env';
import { chainClient } from '@/lib/indexer/chainClient';
import { leaseLog } from '@/lib/jobs/jobLog';
import { leaseTimings } from '@/lib/jobs/leaseTimings';
import { runUnderLease } from '@/lib/jobs/runUnderLease';
import type { JobTables } from '@/lib/jobs/jobTables';
import { log } from '@/lib/log';
import { runOrderFeed } from '@/lib/crosschain/orderFeed';
import type { CrosschainTables } from '@/lib/crosschain/crosschainTables';
import { QUOTE_FOLLOWER_JOB, runFillFollower } from '@/lib/quote/fillFollower';
import type { QuoteTables } from '@/lib/quote/quotesTable';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const db = await readyDb();
const fills = db.withTables<QuoteTables & JobTables>();
log.info({ chains: loadChains().map((c) => c.id) }, 'quote follower started');
const orders = db.withTables<CrosschainTables & JobTables>();
await runUnderLease(db, { job: QUOTE_FOLLOWER_JOB, signal: controller.signal, timings: leaseTimings(), log: leaseLog }, async (lease) => {
  await Promise.all([
    runFillFollower(fills, { chains: () => loadChains(), client: chainClient, pollMs: env().QUOTE_POLL_MS, signal: lease.signal, fence: lease.assertHeld }),
    runOrderFeed(orders, {
      chains: () => loadChains(), client: chainClient, confirmations: env().RELAYER_CONFIRMATIONS, pollMs: env().QUOTE_POLL_MS, signal: lease.signal, fence: lease.assertHeld,
    }),
  ]);
});
await db.destroy();
log.info('quote follower stopped');

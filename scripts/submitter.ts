// The gasless submitter process: migrates the store, then sends posted gasless orders (POST /v1/orders) on every
// configured chain until SIGINT/SIGTERM, while it holds the `submitter` lease (a second copy waits as a standby).
// Runs beside the other jobs (`npm start`) or alone: `npm run submitter` on a data folder (dev key there), or against
// the chains in CHAINS_CONFIG with SUBMITTER_KEY set. Its account pays the gas; each gasless quote's fee repays it.
import { parseGwei } from 'viem';
import { loadChains } from '@/lib/chains/loadChains';
import { submitterAccount } from '@/lib/contracts/submitterAccount';
import { readyDb } from '@/lib/db/getDb';
import { env } from '@/lib/env';
import { createSubmitter } from '@/lib/gasless/createSubmitter';
import type { GaslessTables } from '@/lib/gasless/gaslessTables';
import { chainClient } from '@/lib/indexer/chainClient';
import { leaseLog } from '@/lib/jobs/jobLog';
import { leaseTimings } from '@/lib/jobs/leaseTimings';
import { runUnderLease } from '@/lib/jobs/runUnderLease';
import { log } from '@/lib/log';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { refuseDevKeyOffDevnet } from '@/lib/startup/refuseDevKeyOffDevnet';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const config = env();
// Without SUBMITTER_KEY, only on devnet chains: checked before the key file is read or generated.
await refuseDevKeyOffDevnet('submitter', 'SUBMITTER_KEY', config.SUBMITTER_KEY, loadChains(), config.RPC_TIMEOUT_MS);
const account = submitterAccount();
if (!config.SUBMITTER_KEY) log.warn({ submitter: account.address }, 'using the devnet-only key generated into the data folder; set SUBMITTER_KEY on any other chain');
const db = await readyDb();
log.info({ submitter: account.address, chains: loadChains().map((c) => c.id) }, 'submitter started');
await runUnderLease(db, { job: 'submitter', signal: controller.signal, timings: leaseTimings(), log: leaseLog }, async (lease) => {
  const submitter = createSubmitter({
    db: db.withTables<GaslessTables & QuoteTables>(),
    chains: () => loadChains(),
    client: chainClient,
    account,
    pollMs: config.SUBMITTER_POLL_MS,
    fence: lease.assertHeld,
    replacement: { afterMs: config.SUBMITTER_BUMP_AFTER_MS, maxBumps: config.SUBMITTER_MAX_BUMPS, maxFeePerGas: parseGwei(String(config.SUBMITTER_MAX_FEE_GWEI)) },
    log: (level, message, fields) => log[level](fields ?? {}, message),
  });
  submitter.start();
  await new Promise<void>((resolve) => {
    if (lease.signal.aborted) resolve();
    else lease.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await submitter.stop();
});
await db.destroy();
log.info('submitter stopped');

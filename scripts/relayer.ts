// The relayer process: migrates the store, then fills, settles and refunds cross-chain orders on every configured
// chain until SIGINT/SIGTERM, while it holds the `relayer` lease (a second copy waits as a standby and takes over).
// Runs beside the indexer and the attester (`npm start`) or alone: `npm run relayer` on a data folder (dev keys
// there), or against the chains in CHAINS_CONFIG with RELAYER_KEY set. It holds no attester key: it asks the attester
// process at ATTESTER_URL. Refuses to start when its key or the registry disagrees with the deployed contracts.
import { depthsOf } from '@/lib/chains/chainConfig';
import { loadChains } from '@/lib/chains/loadChains';
import { attesterClient } from '@/lib/attester/attesterClient';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import type { CrosschainTables } from '@/lib/crosschain/crosschainTables';
import { readyDb } from '@/lib/db/getDb';
import { env } from '@/lib/env';
import { leaseLog } from '@/lib/jobs/jobLog';
import { leaseTimings } from '@/lib/jobs/leaseTimings';
import { runUnderLease } from '@/lib/jobs/runUnderLease';
import { log } from '@/lib/log';
import { createRelayer } from '@/lib/relayer/createRelayer';
import { refuseDevKeyOffDevnet } from '@/lib/startup/refuseDevKeyOffDevnet';
import { refuseToStartOnMismatch } from '@/lib/startup/refuseToStartOnMismatch';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const config = env();
// Without RELAYER_KEY, only on devnet chains: checked before the key file is read or generated.
await refuseDevKeyOffDevnet('relayer', 'RELAYER_KEY', config.RELAYER_KEY, loadChains(), config.RPC_TIMEOUT_MS);
const account = relayerAccount();
await refuseToStartOnMismatch(loadChains(), 'relayer', account.address, config.RPC_TIMEOUT_MS);
if (!config.RELAYER_KEY) log.warn({ relayer: account.address }, 'using the devnet-only key generated into the data folder; set RELAYER_KEY on any other chain');
const db = await readyDb();
const attesterUrl = config.ATTESTER_URL ?? `http://127.0.0.1:${config.ATTESTER_PORT}`;
log.info({ relayer: account.address, chains: loadChains().map((c) => [c.id, Math.max(depthsOf(c).confirmations, config.RELAYER_CONFIRMATIONS)]), attesterUrl }, 'relayer started');
await runUnderLease(db, { job: 'relayer', signal: controller.signal, timings: leaseTimings(), log: leaseLog }, async (lease) => {
  const relayer = createRelayer({
    db: db.withTables<CrosschainTables>(),
    chains: () => loadChains(),
    account,
    attester: attesterClient(attesterUrl, config.RPC_TIMEOUT_MS * 2),
    pollMs: config.RELAYER_POLL_MS,
    confirmations: config.RELAYER_CONFIRMATIONS,
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
    rangeBlocks: config.INDEXER_RANGE_BLOCKS,
    fence: lease.assertHeld,
    policy: {
      maxOrderUsd: config.RELAYER_MAX_ORDER_USD,
      maxUsdPerMinute: config.RELAYER_MAX_USD_PER_MIN,
      minFeeBps: config.RELAYER_MIN_FEE_BPS,
      topUpMarginBps: config.RELAYER_TOP_UP_MARGIN_BPS,
      backoffBaseMs: config.RELAYER_FILL_BACKOFF_MS,
      maxFillReverts: config.RELAYER_MAX_FILL_REVERTS,
    },
  });
  relayer.start();
  await new Promise<void>((resolve) => {
    if (lease.signal.aborted) resolve();
    else lease.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await relayer.stop();
});
await db.destroy();
log.info('relayer stopped');

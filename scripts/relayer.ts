// The relayer process: migrates the store, then fills, settles and refunds cross-chain orders on every configured
// chain until SIGINT/SIGTERM, while it holds the `relayer` lease (a second copy waits as a standby and takes over).
// Runs beside the indexer (`npm start`) or alone: `npm run relayer` on a data folder (dev keys there), or against
// the chains in CHAINS_CONFIG with RELAYER_KEY and ATTESTER_KEY set.
import { loadChains } from '@/lib/chains/loadChains';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { logRouterKeyCheck } from '@/lib/contracts/checkRouterKeys';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { signAttestation } from '@/lib/contracts/attestation';
import type { CrosschainTables } from '@/lib/crosschain/crosschainTables';
import { readyDb } from '@/lib/db/getDb';
import { env } from '@/lib/env';
import { leaseLog } from '@/lib/jobs/jobLog';
import { leaseTimings } from '@/lib/jobs/leaseTimings';
import { runUnderLease } from '@/lib/jobs/runUnderLease';
import { log } from '@/lib/log';
import { createRelayer } from '@/lib/relayer/createRelayer';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const config = env();
const db = await readyDb();
const account = relayerAccount();
const attester = attesterAccount();
log.info({ relayer: account.address, chains: loadChains().map((c) => c.id), confirmations: config.RELAYER_CONFIRMATIONS }, 'relayer started');
// A relayer whose attester key is not the routers' attester would fill orders it can never settle: say so per chain.
void logRouterKeyCheck(loadChains(), 'attester', attester.address, config.RPC_TIMEOUT_MS, log);
await runUnderLease(db, { job: 'relayer', signal: controller.signal, timings: leaseTimings(), log: leaseLog }, async (lease) => {
  const relayer = createRelayer({
    db: db.withTables<CrosschainTables>(),
    chains: () => loadChains(),
    account,
    attest: (input) => signAttestation(input, attester),
    pollMs: config.RELAYER_POLL_MS,
    confirmations: config.RELAYER_CONFIRMATIONS,
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
    rangeBlocks: config.INDEXER_RANGE_BLOCKS,
    fence: lease.assertHeld,
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

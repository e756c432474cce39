// The attester process: with its own key (ATTESTER_KEY, or on the devnet a key generated into the data folder), it
// reads the destination chains itself and serves signed attestations of what they show at depth on
// ATTESTER_HOST:ATTESTER_PORT (POST /v1/attest). It never reads the relayer's store; the store holds only its lease,
// so a second copy waits as a standby. Refuses to start when its key or the registry disagrees with the deployed
// contracts. `npm run attester`, or beside the relayer under `npm start`.
import { depthsOf } from '@/lib/chains/chainConfig';
import { loadChains } from '@/lib/chains/loadChains';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { createAttester } from '@/lib/attester/createAttester';
import { startAttesterServer } from '@/lib/attester/attesterServer';
import { readyDb } from '@/lib/db/getDb';
import { env } from '@/lib/env';
import { leaseLog } from '@/lib/jobs/jobLog';
import { leaseTimings } from '@/lib/jobs/leaseTimings';
import { runUnderLease } from '@/lib/jobs/runUnderLease';
import { log } from '@/lib/log';
import { refuseDevKeyOffDevnet } from '@/lib/startup/refuseDevKeyOffDevnet';
import { refuseToStartOnMismatch } from '@/lib/startup/refuseToStartOnMismatch';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

const config = env();
// Without ATTESTER_KEY, only on devnet chains: checked before the key file is read or generated.
await refuseDevKeyOffDevnet('attester', 'ATTESTER_KEY', config.ATTESTER_KEY, loadChains(), config.RPC_TIMEOUT_MS);
const account = attesterAccount();
await refuseToStartOnMismatch(loadChains(), 'attester', account.address, config.RPC_TIMEOUT_MS);
if (!config.ATTESTER_KEY) log.warn({ attester: account.address }, 'using the devnet-only key generated into the data folder; set ATTESTER_KEY on any other chain');
const db = await readyDb();
const attester = createAttester({ account, chains: () => loadChains(), rpcTimeoutMs: config.RPC_TIMEOUT_MS });
await runUnderLease(db, { job: 'attester', signal: controller.signal, timings: leaseTimings(), log: leaseLog }, async (lease) => {
  const server = await startAttesterServer(attester, config.ATTESTER_HOST, config.ATTESTER_PORT);
  log.info({ attester: account.address, url: server.url, confirmations: loadChains().map((c) => [c.id, depthsOf(c).confirmations]) }, 'attester serving');
  await new Promise<void>((resolve) => {
    if (lease.signal.aborted) resolve();
    else lease.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.close();
});
await db.destroy();
log.info('attester stopped');

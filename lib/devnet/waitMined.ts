// Waits for a devnet transaction to be mined by asking for its receipt, and mines a block when anvil leaves a ready
// transaction in its pool. With automine on, anvil now and then does not mine a transaction as it arrives (it stays
// pending until the next transaction triggers a block: foundry-rs/foundry#10122); viem's waitForTransactionReceipt
// waits for a new block to look again, so during start-up, when nothing else is sent, it waited its full three minutes.
import type { Hex, PublicClient, TransactionReceipt } from 'viem';
import { DevnetError } from './devnetError';

/** How long a transaction may sit in the pool of a chain with automine on before a block is mined for it. */
const NUDGE_AFTER_MS = 1_000;
const POLL_MS = 50;
const DEFAULT_TIMEOUT_MS = 60_000;

type PendingTx = { blockNumber: Hex | null } | null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The receipt of `hash`. A transaction still pending after a second on a chain whose automine is on gets a block mined
 * for it (a chain whose automine a test paused is left alone); one the node no longer knows is an error at once.
 */
export async function waitMined(client: PublicClient, hash: Hex, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<TransactionReceipt> {
  const started = Date.now();
  let nudged = started;
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt) return receipt;
    const now = Date.now();
    if (now - started > timeoutMs) {
      const pool = await client.request({ method: 'txpool_status' as never }).catch(() => 'unknown');
      throw new DevnetError(`transaction ${hash} was not mined within ${timeoutMs} ms (pool: ${JSON.stringify(pool)})`);
    }
    if (now - nudged >= NUDGE_AFTER_MS) {
      nudged = now;
      const tx = await client.request({ method: 'eth_getTransactionByHash', params: [hash] }) as PendingTx;
      if (tx === null) throw new DevnetError(`transaction ${hash} is neither mined nor in the node's pool: it was dropped`);
      if (tx.blockNumber === null && (await client.request({ method: 'anvil_getAutomine' as never })) === true) {
        await client.request({ method: 'evm_mine' as never });
      }
    }
    await sleep(POLL_MS);
  }
}

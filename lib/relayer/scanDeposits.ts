// Follows one chain's origin settler: records every escrowed order up to the confirmed head, resuming from the
// stored cursor, and unwinds what a reorg replaced before going on.
import 'server-only';
import { getAbiItem, type Hash } from 'viem';
import type { Transaction } from 'kysely';
import type { CrosschainDb, CrosschainTables } from '@/lib/crosschain/crosschainTables';
import { orderStore } from '@/lib/crosschain/orderStore';
import { log } from '@/lib/log';
import { decodeDeposits } from './decodeDeposits';
import type { RelayerChain } from './relayerChains';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';

const DEPOSIT_EVENTS = [getAbiItem({ abi: originSettlerAbi, name: 'Open' }), getAbiItem({ abi: originSettlerAbi, name: 'OrderEscrowed' })];
/** How far back a detected reorg re-reads deposits (the fork point itself is not known). */
export const REORG_REWIND_BLOCKS = 128;

/** Throws inside a write transaction when this relayer may no longer write (see RelayerOptions.fence). */
export type Fence = (trx: Transaction<CrosschainTables>) => Promise<void>;
export type ScanOptions = { confirmations: number; rangeBlocks: number; now: () => number; fence?: Fence };
export type ScanResult = { head: bigint; scannedTo: number; recorded: number; rewoundTo?: number };

async function hashOf(chain: RelayerChain, block: number): Promise<Hash | undefined> {
  try {
    return (await chain.client.getBlock({ blockNumber: BigInt(block) })).hash ?? undefined;
  } catch {
    return undefined; // past the head: the chain went back below it
  }
}

/** Checks the cursor's block is still on the chain; if not, rewinds the cursor and unwinds the store with it. */
async function checkReorg(db: CrosschainDb, chain: RelayerChain, cursor: { block: number; hash: string }, head: bigint, options: ScanOptions): Promise<number | undefined> {
  if ((await hashOf(chain, cursor.block))?.toLowerCase() === cursor.hash) return undefined;
  const floor = Math.max(chain.startBlock - 1, 0);
  const to = Math.max(floor, Math.min(cursor.block - REORG_REWIND_BLOCKS, Number(head)));
  const hash = await hashOf(chain, to);
  if (!hash) throw new Error(`block ${to} is not on chain ${chain.id} either`);
  await db.transaction().execute(async (trx) => {
    await options.fence?.(trx);
    const store = orderStore(trx);
    await store.unwindFrom(chain.id, to + 1, options.now());
    await store.saveProgress(chain.id, to, hash, Date.now());
  });
  log.warn({ chainId: chain.id, from: cursor.block, to }, 'relayer saw a reorg; re-reading deposits');
  return to;
}

export async function scanDeposits(db: CrosschainDb, chain: RelayerChain, options: ScanOptions): Promise<ScanResult> {
  const store = orderStore(db);
  const head = await chain.client.getBlockNumber({ cacheTime: 0 });
  const progress = await store.progress(chain.id);
  let rewoundTo: number | undefined;
  let cursor = progress ? progress.scannedBlock : Math.max(chain.startBlock - 1, 0);
  if (progress) {
    rewoundTo = await checkReorg(db, chain, { block: progress.scannedBlock, hash: progress.scannedHash }, head, options);
    if (rewoundTo !== undefined) cursor = rewoundTo;
  }
  const safeHead = Number(head) - options.confirmations;
  const settler = chain.originSettler;
  let recorded = 0;
  while (cursor < safeHead) {
    const from = cursor + 1;
    const to = Math.min(safeHead, cursor + options.rangeBlocks);
    const hashBefore = await hashOf(chain, to);
    const logs = settler ? await chain.client.getLogs({ address: settler, events: DEPOSIT_EVENTS, fromBlock: BigInt(from), toBlock: BigInt(to) }) : [];
    const hashAfter = await hashOf(chain, to);
    // The chain moved under the query: the logs may mix two forks. The next pass reads the range again.
    if (!hashBefore || hashBefore !== hashAfter) break;
    const decoded = settler ? decodeDeposits(chain.id, settler, logs) : { orders: [], rejected: [] };
    for (const r of decoded.rejected) log.warn({ chainId: chain.id, orderId: r.orderId, reason: r.reason }, 'relayer ignores an Open');
    const blocks = [...new Set(decoded.orders.map((o) => o.open_block))];
    const stamps = new Map(await Promise.all(blocks.map(async (b) => [b, Number((await chain.client.getBlock({ blockNumber: BigInt(b) })).timestamp)] as const)));
    await db.transaction().execute(async (trx) => {
      await options.fence?.(trx);
      const s = orderStore(trx);
      for (const order of decoded.orders) {
        if (await s.recordOpened({ ...order, open_ts: stamps.get(order.open_block) ?? 0 }, options.now())) recorded += 1;
      }
      await s.saveProgress(chain.id, to, hashBefore, Date.now());
    });
    cursor = to;
  }
  return { head, scannedTo: cursor, recorded, ...(rewoundTo !== undefined ? { rewoundTo } : {}) };
}

// The order feed, a background job that is not the relayer: follows every chain's router (origin settler) and
// destination settler into the order store, so `GET /v1/crosschain/orders` and its stream say opened, filled (naming
// the filler), expired, settled and refunded for every order, whoever filled it and whether or not our relayer runs.
// One cursor per chain in `job_cursors` (restart-safe, resumed by whichever process holds the lease), Opens only at
// the relayer's confirmation depth (the relayer fills what the store holds as opened), and a reorg under the cursor
// unwinds what was recorded from the replaced blocks and reads them again, as the relayer's deposit scan does.
import 'server-only';
import { decodeEventLog, getAbiItem, isAddressEqual, type Address, type Hash, type Hex, type Log, type PublicClient } from 'viem';
import type { Kysely, Transaction } from 'kysely';
import { depthsOf, type ChainConfig } from '@/lib/chains/chainConfig';
import { abortableSleep } from '@/lib/jobs/abortableSleep';
import type { JobTables } from '@/lib/jobs/jobTables';
import { log } from '@/lib/log';
import { decodeDeposits } from '@/lib/relayer/decodeDeposits';
import { destinationSettlerAbi, originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import type { CrosschainDb, CrosschainTables } from './crosschainTables';
import { orderStore, type OrderFill, type OrderStore } from './orderStore';
import { readFill } from './readFill';

export const ORDER_FEED_JOB = 'order-feed';
/** Blocks per getLogs request while catching up. */
export const ORDER_FEED_RANGE_BLOCKS = 2_000;
/** How far back a detected reorg re-reads the chain (the fork point itself is not known). */
export const ORDER_FEED_REWIND_BLOCKS = 128;
/** How far back a fill recorded before its order was seen is looked for (fill windows are minutes, not days). */
const FILL_LOOKBACK_BLOCKS = 50_000n;
/** Orders looked at for expiry per chain and pass (the rest at the next). */
const EXPIRE_PER_PASS = 200;
const FILLED = getAbiItem({ abi: destinationSettlerAbi, name: 'Filled' });

type Tables = CrosschainTables & JobTables;
export type OrderFeedDb = Kysely<Tables>;
/** Throws inside a write transaction when this process may no longer write (the lease was taken over). */
export type OrderFeedFence = (trx: Transaction<Tables>) => Promise<void>;

export type OrderFeedOptions = {
  /** The chain registry as it is now. */
  chains: () => readonly ChainConfig[];
  client: (chain: ChainConfig) => PublicClient;
  /** Blocks an Open needs on top before it is recorded, at least (the relayer's RELAYER_CONFIRMATIONS). */
  confirmations: number;
  fence?: OrderFeedFence;
  rangeBlocks?: number;
  /** Wall clock, unix seconds (row timestamps). */
  now?: () => number;
};

export type OrderFeedPass = {
  chainId: number;
  from: number;
  to: number;
  opened: number;
  filled: number;
  settled: number;
  refunded: number;
  expired: number;
  rewoundTo?: number;
};

type Cursor = { block: number; hash: string };
type FillEvent = { orderId: Hex; fill: OrderFill };
type ReleaseEvent = { orderId: Hex; kind: 'settled' | 'refunded'; txHash: Hash; block: number };

const hex = (v: string) => v.toLowerCase();
const storeOf = (trx: Transaction<Tables>): OrderStore => orderStore(trx as unknown as CrosschainDb);

async function readCursor(db: OrderFeedDb, chainId: number): Promise<Cursor | undefined> {
  const row = await db.selectFrom('job_cursors').selectAll().where('job', '=', ORDER_FEED_JOB).where('chain_id', '=', chainId).executeTakeFirst();
  return row ? { block: Number(row.block_number), hash: row.block_hash } : undefined;
}

async function saveCursor(trx: Transaction<Tables>, chainId: number, block: number, hash: string): Promise<void> {
  await trx.insertInto('job_cursors')
    .values({ job: ORDER_FEED_JOB, chain_id: chainId, block_number: block.toString(), block_hash: hex(hash) })
    .onConflict((oc) => oc.columns(['job', 'chain_id']).doUpdateSet({ block_number: block.toString(), block_hash: hex(hash) }))
    .execute();
}

async function blockAt(client: PublicClient, block: number): Promise<{ hash: string; timestamp: number } | undefined> {
  try {
    const b = await client.getBlock({ blockNumber: BigInt(block) });
    return b.hash ? { hash: hex(b.hash), timestamp: Number(b.timestamp) } : undefined;
  } catch {
    return undefined; // past the head: the chain went back below it
  }
}

/** The destination's fills and the origin's settlements and refunds among `logs` (other events are skipped). */
function decodeProgress(chain: ChainConfig, logs: readonly Log[]): { fills: (Omit<FillEvent, 'fill'> & { filler: Address; amountOut: bigint; txHash: Hash; block: number })[]; releases: ReleaseEvent[] } {
  const fills: (Omit<FillEvent, 'fill'> & { filler: Address; amountOut: bigint; txHash: Hash; block: number })[] = [];
  const releases: ReleaseEvent[] = [];
  for (const entry of logs) {
    if (!entry.transactionHash || entry.blockNumber === null) continue;
    const at = { txHash: entry.transactionHash, block: Number(entry.blockNumber) };
    if (chain.destinationSettler && isAddressEqual(entry.address, chain.destinationSettler)) {
      try {
        const event = decodeEventLog({ abi: destinationSettlerAbi, data: entry.data, topics: entry.topics });
        if (event.eventName === 'Filled') fills.push({ orderId: event.args.orderId, filler: event.args.filler, amountOut: event.args.amountOut, ...at });
      } catch {
        // another of the settler's events
      }
    } else if (chain.swapRouter && isAddressEqual(entry.address, chain.swapRouter)) {
      try {
        const event = decodeEventLog({ abi: originSettlerAbi, data: entry.data, topics: entry.topics });
        if (event.eventName === 'OrderSettled') releases.push({ orderId: event.args.orderId, kind: 'settled', ...at });
        else if (event.eventName === 'OrderRefunded') releases.push({ orderId: event.args.orderId, kind: 'refunded', ...at });
      } catch {
        // another of the router's events (quotes, signer changes)
      }
    }
  }
  return { fills, releases };
}

/**
 * The destination's record of `orderId` as of block `at` (latest when absent), with the transaction of its Filled log;
 * undefined while nobody filled it there.
 */
async function fillAt(dst: ChainConfig, client: PublicClient, orderId: Hex, at: number | undefined): Promise<OrderFill | undefined> {
  const settler = dst.destinationSettler;
  if (!settler) return undefined;
  const blockNumber = at === undefined ? await client.getBlockNumber({ cacheTime: 0 }) : BigInt(at);
  const record = await readFill(client, settler, orderId, blockNumber);
  if (!record) return undefined;
  const fromBlock = blockNumber > FILL_LOOKBACK_BLOCKS ? blockNumber - FILL_LOOKBACK_BLOCKS : 0n;
  const [found] = await client.getLogs({ address: settler, event: FILLED, args: { orderId }, fromBlock, toBlock: blockNumber });
  const tx = found?.transactionHash && found.blockNumber !== null ? { txHash: found.transactionHash, block: Number(found.blockNumber) } : undefined;
  return { relayer: record.filler, txHash: tx?.txHash ?? null, block: tx?.block ?? null, ts: record.filledAt, amountOut: record.amountOut };
}

/**
 * One step on `chain`: its router's and destination settler's logs from the cursor up to the confirmed head (at most
 * `rangeBlocks`) recorded with the cursor's move in one transaction, then the orders due there whose deadline that
 * block passed unfilled are expired. A cursor block no longer on the chain rewinds first.
 */
export async function followOrders(db: OrderFeedDb, chain: ChainConfig, options: OrderFeedOptions): Promise<OrderFeedPass | undefined> {
  const client = options.client(chain);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const addresses = [chain.swapRouter, chain.destinationSettler].filter((a): a is Address => a !== undefined);
  if (addresses.length === 0) return undefined;
  const depth = Math.max(options.confirmations, depthsOf(chain).confirmations);
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  const floor = Math.max(chain.startBlock - 1, 0);
  let cursor = await readCursor(db, chain.id);
  let rewoundTo: number | undefined;
  if (cursor && (await blockAt(client, cursor.block))?.hash !== cursor.hash) {
    const to = Math.max(floor, Math.min(cursor.block - ORDER_FEED_REWIND_BLOCKS, head));
    const block = await blockAt(client, to);
    if (!block) throw new Error(`block ${to} is not on chain ${chain.id} either`);
    await db.transaction().execute(async (trx) => {
      await options.fence?.(trx);
      await storeOf(trx).unwindFrom(chain.id, to + 1, now());
      // An expiry is decided at the cursor, so it goes back with the cursor when `to` is still before the deadline.
      if (chain.destinationSettler) await storeOf(trx).reopenExpiredAfter(chain.id, block.timestamp, now());
      await saveCursor(trx, chain.id, to, block.hash);
    });
    log.warn({ chainId: chain.id, from: cursor.block, to }, 'order feed saw a reorg; re-reading orders');
    cursor = { block: to, hash: block.hash };
    rewoundTo = to;
  }
  const at = cursor?.block ?? floor;
  const safeHead = head - depth;
  const pass: OrderFeedPass = { chainId: chain.id, from: at + 1, to: at, opened: 0, filled: 0, settled: 0, refunded: 0, expired: 0, ...(rewoundTo !== undefined ? { rewoundTo } : {}) };
  if (at < safeHead) {
    const to = Math.min(safeHead, at + (options.rangeBlocks ?? ORDER_FEED_RANGE_BLOCKS));
    const before = await blockAt(client, to);
    const logs = await client.getLogs({ address: addresses, fromBlock: BigInt(at + 1), toBlock: BigInt(to) });
    const after = await blockAt(client, to);
    // The chain moved under the query: the logs may mix two forks. The next pass reads the range again.
    if (!before || before.hash !== after?.hash) return pass;
    await record(db, chain, options, logs, { to, hash: before.hash }, pass, now);
    pass.to = to;
    cursor = { block: to, hash: before.hash };
  }
  // Past its deadline at the cursor, an order the destination shows unfilled there can no longer be filled.
  const last = cursor;
  if (last && chain.destinationSettler) {
    const block = await blockAt(client, last.block);
    const due = block?.hash === last.hash ? await orderStore(db as unknown as CrosschainDb).openPastDeadline(chain.id, block.timestamp, EXPIRE_PER_PASS) : [];
    const seen = await Promise.all(due.map(async (order) => ({ order, fill: await fillAt(chain, client, order.order_id as Hex, last.block) })));
    if (seen.length > 0) {
      await db.transaction().execute(async (trx) => {
        await options.fence?.(trx);
        const s = storeOf(trx);
        for (const { order, fill } of seen) {
          if (fill) {
            if (await s.markFilled(order.order_id, fill, now())) pass.filled += 1;
          } else if (await s.markExpired(order.order_id, now())) {
            pass.expired += 1;
          }
        }
      });
    }
  }
  return pass;
}

async function record(
  db: OrderFeedDb, chain: ChainConfig, options: OrderFeedOptions, logs: readonly Log[], end: { to: number; hash: string }, pass: OrderFeedPass, now: () => number,
): Promise<void> {
  const client = options.client(chain);
  const store = orderStore(db as unknown as CrosschainDb);
  const deposits = chain.swapRouter ? decodeDeposits(chain.id, chain.swapRouter, logs) : { orders: [], rejected: [] };
  const { fills, releases } = decodeProgress(chain, logs);
  const stamps = new Map<number, number>();
  for (const b of new Set([...deposits.orders.map((o) => o.open_block), ...fills.map((f) => f.block)])) {
    const block = await blockAt(client, b);
    if (!block) throw new Error(`block ${b} of chain ${chain.id} is gone`);
    stamps.set(b, block.timestamp);
  }
  // Reads before the write (no chain call inside a store transaction): an order first seen here may have been filled
  // on a destination whose cursor is past that fill already, and a settlement may come before the feed saw its fill.
  const chains = new Map(options.chains().map((c) => [c.id, c]));
  const earlierFills: FillEvent[] = [];
  for (const order of deposits.orders) {
    const dst = chains.get(order.dst_chain_id);
    const dstCursor = dst ? await readCursor(db, dst.id) : undefined;
    if (!dst || !dstCursor) continue;
    const fill = await fillAt(dst, options.client(dst), order.order_id as Hex, dstCursor.block);
    if (fill) earlierFills.push({ orderId: order.order_id as Hex, fill });
  }
  for (const release of releases) {
    if (release.kind !== 'settled') continue;
    const stored = await store.find(release.orderId);
    const dst = stored ? chains.get(stored.dst_chain_id) : undefined;
    if (!stored || stored.state !== 'opened' || !dst) continue;
    const fill = await fillAt(dst, options.client(dst), release.orderId, undefined);
    if (fill) earlierFills.push({ orderId: release.orderId, fill });
  }
  await db.transaction().execute(async (trx) => {
    await options.fence?.(trx);
    const s = storeOf(trx);
    for (const order of deposits.orders) {
      if (await s.recordOpened({ ...order, open_ts: stamps.get(order.open_block) ?? 0 }, now())) pass.opened += 1;
    }
    for (const f of earlierFills) if (await s.markFilled(f.orderId, f.fill, now())) pass.filled += 1;
    for (const f of fills) {
      const fill: OrderFill = { relayer: f.filler, txHash: f.txHash, block: f.block, ts: stamps.get(f.block) ?? 0, amountOut: f.amountOut };
      if (await s.markFilled(f.orderId, fill, now())) pass.filled += 1;
    }
    for (const r of releases) {
      const tx = { txHash: r.txHash, block: r.block };
      if (r.kind === 'settled') {
        if (await s.markSettled(r.orderId, tx, now())) pass.settled += 1;
      } else {
        // A refund needs no fill: an order still open in the store expired on its destination (or its grace ran out).
        await s.markExpired(r.orderId, now());
        if (await s.markRefunded(r.orderId, tx, now())) pass.refunded += 1;
      }
    }
    await saveCursor(trx, chain.id, end.to, end.hash);
  });
  for (const r of deposits.rejected) log.warn({ chainId: chain.id, orderId: r.orderId, reason: r.reason }, 'order feed ignores an Open');
}

export type RunOrderFeedOptions = OrderFeedOptions & { pollMs: number; signal: AbortSignal };

/** Follows every chain until `signal` aborts; a failing chain is logged and retried at the next poll. */
export async function runOrderFeed(db: OrderFeedDb, options: RunOrderFeedOptions): Promise<void> {
  const failing = new Set<number>();
  while (!options.signal.aborted) {
    let behind = false;
    for (const chain of options.chains()) {
      if (options.signal.aborted) break;
      try {
        const pass = await followOrders(db, chain, options);
        if (pass && (pass.opened || pass.filled || pass.settled || pass.refunded || pass.expired)) log.info(pass, 'order feed recorded');
        if (failing.delete(chain.id)) log.info({ chainId: chain.id }, 'order feed answers again');
        if (pass && pass.to - pass.from + 1 >= (options.rangeBlocks ?? ORDER_FEED_RANGE_BLOCKS)) behind = true;
      } catch (error: unknown) {
        if (!failing.has(chain.id)) log.warn({ chainId: chain.id, err: error instanceof Error ? error.message : String(error) }, 'order feed pass failed; retrying');
        failing.add(chain.id);
      }
    }
    if (!behind) await abortableSleep(options.pollMs, options.signal);
  }
}

// One round of the relayer's work on stored orders: fill what is owed (after asking the destination whether it is
// filled already), settle filled orders and refund expired ones on the origin with the attester's signature, and
// watch settled fills until they are final (a reorg that took one away is filled again).
import 'server-only';
import {
  getAbiItem, isAddressEqual, type AbiEvent, type Address, type Hash, type Hex, type TransactionReceipt,
} from 'viem';
import type { OrderStore, StoredOrder } from '@/lib/crosschain/orderStore';
import type { PendingKind } from '@/lib/crosschain/crosschainTables';
import { log } from '@/lib/log';
import type { RelayerChain } from './relayerChains';
import type { AttesterClient } from '@/lib/attester/attesterClient';
import { ORDER_STATUS as ORIGIN_STATUS } from '@/lib/contracts/crossChainQuote';
import type { FillNotes } from '@/lib/crosschain/fillNotes';
import type { FillPolicy } from './fillPolicy';
import type { RelayerPayouts } from '@/lib/crosschain/relayerPayouts';
import { releaseCalldata, type Release } from '@/lib/filler/fillCalls';
import { settleOrder } from '@/lib/filler/settleOrder';
import { fillOrders, noteFillReverted, type ToFill } from './fillOrders';
import { readFill, type FillRecord } from '@/lib/crosschain/readFill';
import { destinationSettlerAbi, originSettlerAbi } from './settlerAbi';

const FILLED = getAbiItem({ abi: destinationSettlerAbi, name: 'Filled' });
const SETTLED = getAbiItem({ abi: originSettlerAbi, name: 'OrderSettled' });
const REFUNDED = getAbiItem({ abi: originSettlerAbi, name: 'OrderRefunded' });
/** How far back a fill the relayer did not send itself is looked for (fill windows are minutes, not days). */
const FILL_LOOKBACK_BLOCKS = 50_000n;
/** After a refused or reverted transaction, the order waits this long (the pool or the inventory may change). */
export const RETRY_AFTER_MS = 3_000;

export type WorkContext = {
  store: OrderStore;
  /** Records a signed transaction before it is sent (and refuses, throwing, when this relayer may no longer write). */
  recordPending: (orderId: string, kind: PendingKind, hash: Hash) => Promise<void>;
  chains: Map<number, RelayerChain>;
  relayer: Address;
  /** The attester: signs what the destination shows at its confirmation depth (it never reads this store). */
  attester: AttesterClient;
  receiptTimeoutMs: number;
  /** Wall clock, unix seconds (row timestamps). */
  now: () => number;
  /** Bridge asset the relayer may still spend per chain this round (read at the start of the round). */
  available: Map<number, bigint>;
  /** Orders whose last transaction was refused or reverted, and when to try them again (ms): no retry every round. */
  retryAt: Map<string, number>;
  /** Why orders are not filled yet, with their backoff (fills only). */
  notes: FillNotes;
  policy: FillPolicy;
  /** Payouts per destination chain in the last minute (in the store: a restart does not reset the cap). */
  spend: RelayerPayouts;
};

export type WorkReport = { filled: number; settled: number; expired: number; refunded: number; failed: number };

type Sent = { order: StoredOrder; kind: PendingKind; chain: RelayerChain; hash: Hash };

const errorText = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

async function findEvent(chain: RelayerChain, address: Address, event: AbiEvent, orderId: Hex, fromBlock: bigint): Promise<{ txHash: Hash; block: number } | undefined> {
  const logs = await chain.client.getLogs({ address, event, args: { orderId }, fromBlock, toBlock: 'latest' });
  const first = logs[0];
  return first?.transactionHash && first.blockNumber !== null ? { txHash: first.transactionHash, block: Number(first.blockNumber) } : undefined;
}

/** The destination's record of an order at `blockNumber` (or latest); undefined while not filled there. */
function fillRecord(chain: RelayerChain, orderId: Hex, blockNumber?: bigint): Promise<FillRecord | undefined> {
  const settler = chain.destinationSettler;
  if (!settler) throw new Error(`chain ${chain.id} has no destination settler`);
  return readFill(chain.client, settler, orderId, blockNumber);
}

async function recordFill(ctx: WorkContext, order: StoredOrder, dst: RelayerChain, record: FillRecord, tx?: { txHash: Hash; block: number }): Promise<boolean> {
  const settler = dst.destinationSettler;
  const found = tx ?? (settler ? await findEvent(dst, settler, FILLED, order.order_id as Hex, await lookbackFrom(dst)) : undefined);
  return ctx.store.markFilled(order.order_id, {
    relayer: record.filler, txHash: found?.txHash ?? null, block: found?.block ?? null, ts: record.filledAt, amountOut: record.amountOut,
  }, ctx.now());
}

async function lookbackFrom(chain: RelayerChain): Promise<bigint> {
  const head = await chain.client.getBlockNumber({ cacheTime: 0 });
  return head > FILL_LOOKBACK_BLOCKS ? head - FILL_LOOKBACK_BLOCKS : 0n;
}

/** A transaction recorded before a restart (or a timed-out wait): settled from its receipt, or forgotten if the node never saw it. */
async function resolvePending(ctx: WorkContext, order: StoredOrder): Promise<'done' | 'waiting' | 'forgotten'> {
  const kind = order.pending_kind;
  const hash = order.pending_tx_hash as Hash | null;
  const chain = ctx.chains.get(kind === 'fill' ? order.dst_chain_id : order.src_chain_id);
  if (!kind || !hash || !chain) return 'forgotten';
  const receipt = await chain.client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (receipt) {
    await applyReceipt(ctx, { order, kind, chain, hash }, receipt);
    return 'done';
  }
  const inPool = await chain.client.getTransaction({ hash }).catch(() => undefined);
  if (inPool) return 'waiting';
  await ctx.store.clearPending(order.order_id, ctx.now());
  return 'forgotten';
}

async function applyReceipt(ctx: WorkContext, sent: Sent, receipt: TransactionReceipt): Promise<boolean> {
  const { order, kind, chain, hash } = sent;
  if (receipt.status !== 'success') {
    if (kind === 'fill') await noteFillReverted(ctx, order, chain, hash, receipt);
    log.warn({ orderId: order.order_id, kind, tx: hash, chainId: chain.id }, 'relayer transaction reverted; the order is looked at again');
    ctx.retryAt.set(order.order_id, Date.now() + RETRY_AFTER_MS);
    await ctx.store.clearPending(order.order_id, ctx.now());
    return false;
  }
  if (await recordReceipt(ctx, sent, receipt)) return true;
  // The order feed (lib/crosschain/orderFeed.ts) follows the same chains and may have recorded this transaction first.
  const stored = await ctx.store.find(order.order_id);
  const recorded = kind === 'fill' ? stored?.fill_tx_hash : kind === 'settle' ? stored?.settle_tx_hash : stored?.refund_tx_hash;
  return recorded === hash.toLowerCase();
}

async function recordReceipt(ctx: WorkContext, { order, kind, chain, hash }: Sent, receipt: TransactionReceipt): Promise<boolean> {
  const at = { txHash: hash, block: Number(receipt.blockNumber) };
  if (kind === 'fill') {
    // A successful fill's block shows it; a reorg since may have taken it away again (the order is looked at again).
    const record = await fillRecord(chain, order.order_id as Hex, receipt.blockNumber);
    if (!record) return false;
    if (order.state === 'settled') return ctx.store.recordRefill(order.order_id, { relayer: record.filler, ...at, ts: record.filledAt, amountOut: record.amountOut }, ctx.now());
    return recordFill(ctx, order, chain, record, at);
  }
  if (kind === 'settle') return ctx.store.markSettled(order.order_id, at, ctx.now());
  return ctx.store.markRefunded(order.order_id, at, ctx.now());
}

async function awaitSent(ctx: WorkContext, sent: readonly Sent[], report: WorkReport): Promise<void> {
  await Promise.all(sent.map(async (s) => {
    try {
      const receipt = await s.chain.client.waitForTransactionReceipt({ hash: s.hash, timeout: ctx.receiptTimeoutMs });
      if (await applyReceipt(ctx, s, receipt)) report[s.kind === 'fill' ? 'filled' : s.kind === 'settle' ? 'settled' : 'refunded'] += 1;
      else report.failed += 1;
    } catch (error: unknown) {
      // Still pending: the stored hash is looked at again next round.
      log.warn({ orderId: s.order.order_id, kind: s.kind, tx: s.hash, err: errorText(error) }, 'relayer transaction not mined yet');
    }
  }));
}

async function send(ctx: WorkContext, report: WorkReport, order: StoredOrder, kind: PendingKind, chain: RelayerChain, to: Address, data: Hex, gas: Promise<bigint>): Promise<Sent | undefined> {
  try {
    const hash = await chain.sender.send({ to, data, gas: await gas }, (h) => ctx.recordPending(order.order_id, kind, h));
    return { order, kind, chain, hash };
  } catch (error: unknown) {
    report.failed += 1;
    ctx.retryAt.set(order.order_id, Date.now() + RETRY_AFTER_MS);
    log.warn({ orderId: order.order_id, kind, chainId: chain.id, err: errorText(error) }, 'relayer could not send');
    return undefined;
  }
}

/** Opened orders: record fills and expiries the destination shows, fill the rest from inventory (fillOrders). */
async function fillRound(ctx: WorkContext, orders: readonly StoredOrder[], report: WorkReport): Promise<void> {
  const heads = new Map<number, Promise<{ number: bigint; timestamp: bigint }>>();
  const headOf = (chain: RelayerChain) => {
    let head = heads.get(chain.id);
    if (!head) heads.set(chain.id, (head = chain.client.getBlock({ blockTag: 'latest' }).then((b) => ({ number: b.number, timestamp: b.timestamp }))));
    return head;
  };
  const toFill: { order: StoredOrder; dst: RelayerChain }[] = [];
  await Promise.all(orders.map(async (order) => {
    const dst = ctx.chains.get(order.dst_chain_id);
    if (!dst?.destinationSettler) return;
    try {
      const head = await headOf(dst);
      const record = await fillRecord(dst, order.order_id as Hex, head.number);
      if (record) {
        await recordFill(ctx, order, dst, record);
      } else if (head.timestamp > BigInt(order.fill_deadline)) {
        // Nothing can fill after a block past the deadline: the destination's answer is final.
        if (await ctx.store.markExpired(order.order_id, ctx.now())) report.expired += 1;
      } else {
        toFill.push({ order, dst });
      }
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ orderId: order.order_id, chainId: dst.id, err: errorText(error) }, 'relayer could not read the destination');
    }
  }));
  const sent: Sent[] = [];
  for (const s of await fillOrders(ctx, toFill, report)) {
    const hash = await send(ctx, report, s.order, 'fill', s.dst, s.to, s.data, Promise.resolve(s.gas));
    if (hash) sent.push(hash);
  }
  await awaitSent(ctx, sent, report);
}

/**
 * The attester is not sure yet; the store's reading of the destination's head may have gone with a reorg: a stored
 * fill the head no longer shows, or an expiry whose late block was replaced by one before the deadline. Either way
 * the order goes back to `opened`, to be filled (again) or expired afresh.
 */
async function headStillAgrees(ctx: WorkContext, order: StoredOrder): Promise<void> {
  const dst = ctx.chains.get(order.dst_chain_id);
  if (!dst?.destinationSettler) return;
  const head = await dst.client.getBlock({ blockTag: 'latest' });
  const filled = (await fillRecord(dst, order.order_id as Hex, head.number)) !== undefined;
  const gone = order.state === 'filled' ? !filled : filled || head.timestamp <= BigInt(order.fill_deadline);
  if (!gone) return;
  log.warn({ orderId: order.order_id, chainId: dst.id, stored: order.state, fillTx: order.fill_tx_hash }, 'the destination head no longer shows what the store recorded (reorg); looking again');
  await ctx.store.markReopened(order.order_id, ctx.now());
}

/**
 * The attester's word (a witness of the destination, not of this store) as the relayer accepts it: for its own origin
 * settler, and the outcome the store recorded; otherwise the store follows the chain and nothing is sent now.
 */
async function attested(ctx: WorkContext, order: StoredOrder, src: RelayerChain, settler: Address): Promise<{ release: Release; calldata: Hex } | undefined> {
  const orderId = order.order_id as Hex;
  const answer = await ctx.attester.attest({ originChainId: order.src_chain_id, orderId, originData: order.origin_data as Hex });
  if (answer.kind === 'pending') {
    await headStillAgrees(ctx, order);
    return undefined;
  }
  if (!isAddressEqual(answer.originSettler, settler)) {
    log.warn({ orderId, chainId: src.id, attested: answer.originSettler, settler }, 'the attester names another origin settler; not settling');
    return undefined;
  }
  if ((answer.kind === 'filled') !== (order.state === 'filled')) {
    // The chain's confirmed word differs from what this store recorded from the head: the store follows the chain.
    log.warn({ orderId, stored: order.state, attested: answer.kind }, 'the attester sees another outcome than the store; following the chain');
    await ctx.store.markReopened(order.order_id, ctx.now());
    return undefined;
  }
  return { release: answer, calldata: releaseCalldata(orderId, answer) };
}

/** The origin settled or refunded it already (whoever sent it): the store records that transaction. */
async function recordClosed(ctx: WorkContext, order: StoredOrder, src: RelayerChain, settler: Address, status: number): Promise<void> {
  const orderId = order.order_id as Hex;
  if (status !== ORIGIN_STATUS.settled && status !== ORIGIN_STATUS.refunded) {
    log.warn({ orderId, chainId: src.id, status }, 'the origin does not know this order');
    return;
  }
  const tx = await findEvent(src, settler, status === ORIGIN_STATUS.settled ? SETTLED : REFUNDED, orderId, BigInt(order.open_block)).catch(() => undefined);
  if (!tx) return;
  if (status === ORIGIN_STATUS.settled) await ctx.store.markSettled(order.order_id, tx, ctx.now());
  else await ctx.store.markRefunded(order.order_id, tx, ctx.now());
}

/** Filled and expired orders: settle or refund on the origin once the attester signs, unless the origin already did. */
async function settleRound(ctx: WorkContext, orders: readonly StoredOrder[], report: WorkReport): Promise<void> {
  const sent: Sent[] = [];
  await Promise.all(orders.map(async (order) => {
    const src = ctx.chains.get(order.src_chain_id);
    if (!src) return;
    const settler = order.origin_settler as Address;
    try {
      const outcome = await settleOrder({
        client: src.client, settler, orderId: order.order_id as Hex, from: ctx.relayer,
        attest: () => attested(ctx, order, src, settler).catch((error: unknown) => {
          report.failed += 1;
          log.warn({ orderId: order.order_id, err: errorText(error) }, 'relayer could not get an attestation');
          return undefined;
        }),
        send: (release, data, gas) => send(ctx, report, order, release.kind === 'filled' ? 'settle' : 'refund', src, settler, data, gas),
      });
      if (outcome.kind === 'closed') await recordClosed(ctx, order, src, settler, outcome.status);
      if (outcome.kind === 'sent' && outcome.sent) sent.push(outcome.sent);
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ orderId: order.order_id, chainId: src.id, err: errorText(error) }, 'relayer could not read the origin');
    }
  }));
  await awaitSent(ctx, sent, report);
}

/** Settlements and refunds not yet final on their origin: one a reorg took back goes back to be sent again. */
async function watchReleases(ctx: WorkContext, src: RelayerChain, head: bigint): Promise<void> {
  for (const order of await ctx.store.releasedSince(src.id, Number(head) - src.finalityBlocks)) {
    const status = await src.client.readContract({ address: order.origin_settler as Address, abi: originSettlerAbi, functionName: 'orderStatus', args: [order.order_id as Hex] });
    if (status !== ORIGIN_STATUS.opened) continue;
    log.warn({ orderId: order.order_id, chainId: src.id, stored: order.state }, 'the origin no longer shows this release (reorg); sending it again');
    await ctx.store.markUnreleased(order.order_id, ctx.now());
  }
}

/**
 * Orders released but not yet final: a settlement or refund the origin took back is sent again; a settled order whose
 * fill a destination reorg took away is filled again by this relayer if it was paid for it (the recipient is owed
 * what the escrow paid for), until the fill is `finalityBlocks` deep.
 */
async function watchRound(ctx: WorkContext, report: WorkReport): Promise<void> {
  const sent: Sent[] = [];
  for (const src of ctx.chains.values()) {
    try {
      if (src.originSettler) await watchReleases(ctx, src, await src.client.getBlockNumber({ cacheTime: 0 }));
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ chainId: src.id, err: errorText(error) }, 'relayer could not watch released orders');
    }
  }
  const refills: ToFill[] = [];
  for (const dst of ctx.chains.values()) {
    if (!dst.destinationSettler) continue;
    try {
      const head = await dst.client.getBlockNumber({ cacheTime: 0 });
      const watched = await ctx.store.settledSince(dst.id, Number(head) - dst.finalityBlocks);
      for (const order of watched) {
        if (!isAddressEqual(order.relayer as Address, ctx.relayer) || ctx.retryAt.has(order.order_id)) continue;
        if (order.pending_tx_hash) {
          await resolvePending(ctx, order);
          continue;
        }
        if (await fillRecord(dst, order.order_id as Hex)) continue;
        log.warn({ orderId: order.order_id, chainId: dst.id, fillTx: order.fill_tx_hash }, 'a settled order lost its fill in a reorg; filling it again');
        refills.push({ order, dst, refill: true });
      }
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ chainId: dst.id, err: errorText(error) }, 'relayer could not watch settled fills');
    }
  }
  // The same escrow check, caps, simulation at the real fee caps, top-up and backoff as a first fill.
  for (const s of await fillOrders(ctx, refills, report)) {
    const hash = await send(ctx, report, s.order, 'fill', s.dst, s.to, s.data, Promise.resolve(s.gas));
    if (hash) sent.push(hash);
  }
  await awaitSent(ctx, sent, report);
}

/**
 * Works through the active orders once: first the transactions left in flight, then fills, then (reading the orders
 * again, so this round's fills settle at once) settlements and refunds.
 */
export async function advanceOrders(ctx: WorkContext): Promise<WorkReport> {
  const report: WorkReport = { filled: 0, settled: 0, expired: 0, refunded: 0, failed: 0 };
  const waiting = new Set<string>();
  for (const order of await ctx.store.active()) {
    if (!order.pending_tx_hash) continue;
    if ((await resolvePending(ctx, order).catch(() => 'waiting' as const)) === 'waiting') waiting.add(order.order_id);
  }
  const now = Date.now();
  for (const [orderId, at] of ctx.retryAt) if (at <= now) ctx.retryAt.delete(orderId);
  const ready = async (state: StoredOrder['state'][]) => (await ctx.store.active())
    .filter((o) => state.includes(o.state) && !waiting.has(o.order_id) && !o.pending_tx_hash && !ctx.retryAt.has(o.order_id));
  await fillRound(ctx, await ready(['opened']), report);
  await settleRound(ctx, await ready(['filled', 'expired']), report);
  await watchRound(ctx, report);
  return report;
}

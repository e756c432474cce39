// One round of the relayer's work on stored orders: fill what is owed (after asking the destination whether it is
// filled already), settle filled orders and refund expired ones on the origin with the attester's signature, and
// watch settled fills until they are final (a reorg that took one away is filled again).
import 'server-only';
import { getAbiItem, isAddressEqual, type Address, type Hash, type Hex } from 'viem';
import type { OrderStore, StoredOrder } from '@/lib/crosschain/orderStore';
import type { PendingKind } from '@/lib/crosschain/crosschainTables';
import { log } from '@/lib/log';
import type { RelayerChain } from './relayerChains';
import type { AttesterClient } from '@/lib/attester/attesterClient';
import { ORDER_STATUS as ORIGIN_STATUS } from '@/lib/contracts/crossChainQuote';
import type { FillNotes } from '@/lib/crosschain/fillNotes';
import type { FillPolicy } from '@/lib/filler/fillPolicy';
import type { RelayerPayouts } from '@/lib/crosschain/relayerPayouts';
import { releaseCalldata, type Release } from '@/lib/filler/fillCalls';
import { settleOrder } from '@/lib/filler/settleOrder';
import { fillOrders, type ToFill } from './fillOrders';
import { awaitSent, fillRecord, findEvent, recordFill, resolvePending, sendRecorded, type Sent } from './sentTransactions';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { errorLine } from '@/lib/filler/errorLine';

const SETTLED = getAbiItem({ abi: originSettlerAbi, name: 'OrderSettled' });
const REFUNDED = getAbiItem({ abi: originSettlerAbi, name: 'OrderRefunded' });

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

/** Opened orders: record fills and expiries the destination shows, fill the rest from inventory (fillOrders). */
async function fillRound(ctx: WorkContext, orders: readonly StoredOrder[], report: WorkReport): Promise<void> {
  const heads = new Map<number, Promise<{ number: bigint; timestamp: bigint }>>();
  const headOf = (chain: RelayerChain) => {
    let head = heads.get(chain.id);
    if (!head) heads.set(chain.id, (head = chain.client.getBlock({ blockTag: 'latest' }).then((b) => ({ number: b.number, timestamp: b.timestamp }))));
    return head;
  };
  const toFill: ToFill[] = [];
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
        toFill.push({ order, dst, dstNowSec: Number(head.timestamp) });
      }
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ orderId: order.order_id, chainId: dst.id, err: errorLine(error) }, 'relayer could not read the destination');
    }
  }));
  await fillOrders(ctx, toFill, report);
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
          log.warn({ orderId: order.order_id, err: errorLine(error) }, 'relayer could not get an attestation');
          return undefined;
        }),
        send: (release, data, gas) => sendRecorded(ctx, report, order, release.kind === 'filled' ? 'settle' : 'refund', src, settler, data, gas),
      });
      if (outcome.kind === 'closed') await recordClosed(ctx, order, src, settler, outcome.status);
      if (outcome.kind === 'sent' && outcome.sent) sent.push(outcome.sent);
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ orderId: order.order_id, chainId: src.id, err: errorLine(error) }, 'relayer could not read the origin');
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
  for (const src of ctx.chains.values()) {
    try {
      if (src.originSettler) await watchReleases(ctx, src, await src.client.getBlockNumber({ cacheTime: 0 }));
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ chainId: src.id, err: errorLine(error) }, 'relayer could not watch released orders');
    }
  }
  const refills: ToFill[] = [];
  for (const dst of ctx.chains.values()) {
    if (!dst.destinationSettler) continue;
    try {
      const head = await dst.client.getBlock({ blockTag: 'latest' });
      const watched = await ctx.store.settledSince(dst.id, Number(head.number) - dst.finalityBlocks);
      for (const order of watched) {
        if (!isAddressEqual(order.relayer as Address, ctx.relayer) || ctx.retryAt.has(order.order_id)) continue;
        if (order.pending_tx_hash) {
          await resolvePending(ctx, order);
          continue;
        }
        if (await fillRecord(dst, order.order_id as Hex)) continue;
        log.warn({ orderId: order.order_id, chainId: dst.id, fillTx: order.fill_tx_hash }, 'a settled order lost its fill in a reorg; filling it again');
        refills.push({ order, dst, dstNowSec: Number(head.timestamp), refill: true });
      }
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ chainId: dst.id, err: errorLine(error) }, 'relayer could not watch settled fills');
    }
  }
  // The same escrow check, caps, simulation at the real fee caps, top-up and backoff as a first fill.
  await fillOrders(ctx, refills, report);
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

// The relayer's transactions once signed: each is stored on its order before it is sent (under the lease fence),
// its receipt recorded in the store (a fill, settlement or refund), and one left in flight by a restart or a timed-out
// wait looked up again. Also the destination's and origin's records the store copies (fills, events).
import 'server-only';
import { getAbiItem, type AbiEvent, type Address, type Hash, type Hex, type TransactionReceipt } from 'viem';
import type { PendingKind } from '@/lib/crosschain/crosschainTables';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import { readFill, type FillRecord } from '@/lib/crosschain/readFill';
import { noteFillReverted } from '@/lib/filler/fillOneOrder';
import { log } from '@/lib/log';
import type { WorkContext, WorkReport } from './advanceOrders';
import type { RelayerChain } from './relayerChains';
import { destinationSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { errorLine } from '@/lib/filler/errorLine';

const FILLED = getAbiItem({ abi: destinationSettlerAbi, name: 'Filled' });
/** How far back a fill the relayer did not send itself is looked for (fill windows are minutes, not days). */
const FILL_LOOKBACK_BLOCKS = 50_000n;
/** After a refused or reverted transaction, the order waits this long (the pool or the inventory may change). */
export const RETRY_AFTER_MS = 3_000;

export type Sent = { order: StoredOrder; kind: PendingKind; chain: RelayerChain; hash: Hash };

export async function findEvent(chain: RelayerChain, address: Address, event: AbiEvent, orderId: Hex, fromBlock: bigint): Promise<{ txHash: Hash; block: number } | undefined> {
  const logs = await chain.client.getLogs({ address, event, args: { orderId }, fromBlock, toBlock: 'latest' });
  const first = logs[0];
  return first?.transactionHash && first.blockNumber !== null ? { txHash: first.transactionHash, block: Number(first.blockNumber) } : undefined;
}

/** The destination's record of an order at `blockNumber` (or latest); undefined while not filled there. */
export function fillRecord(chain: RelayerChain, orderId: Hex, blockNumber?: bigint): Promise<FillRecord | undefined> {
  const settler = chain.destinationSettler;
  if (!settler) throw new Error(`chain ${chain.id} has no destination settler`);
  return readFill(chain.client, settler, orderId, blockNumber);
}

export async function recordFill(ctx: WorkContext, order: StoredOrder, dst: RelayerChain, record: FillRecord, tx?: { txHash: Hash; block: number }): Promise<boolean> {
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
export async function resolvePending(ctx: WorkContext, order: StoredOrder): Promise<'done' | 'waiting' | 'forgotten'> {
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

/** `revertNoted`: a reverted fill whose reason the fill step noted already. */
export async function applyReceipt(ctx: WorkContext, sent: Sent, receipt: TransactionReceipt, revertNoted = false): Promise<boolean> {
  const { order, kind, chain, hash } = sent;
  if (receipt.status !== 'success') {
    if (kind === 'fill' && !revertNoted) await noteFillReverted(chain.client, { notes: ctx.notes, policy: ctx.policy }, order.order_id, hash, receipt);
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

export async function awaitSent(ctx: WorkContext, sent: readonly Sent[], report: WorkReport): Promise<void> {
  await Promise.all(sent.map(async (s) => {
    try {
      const receipt = await s.chain.client.waitForTransactionReceipt({ hash: s.hash, timeout: ctx.receiptTimeoutMs });
      if (await applyReceipt(ctx, s, receipt)) report[s.kind === 'fill' ? 'filled' : s.kind === 'settle' ? 'settled' : 'refunded'] += 1;
      else report.failed += 1;
    } catch (error: unknown) {
      // Still pending: the stored hash is looked at again next round.
      log.warn({ orderId: s.order.order_id, kind: s.kind, tx: s.hash, err: errorLine(error) }, 'relayer transaction not mined yet');
    }
  }));
}

export async function sendRecorded(ctx: WorkContext, report: WorkReport, order: StoredOrder, kind: PendingKind, chain: RelayerChain, to: Address, data: Hex, gas: Promise<bigint>): Promise<Sent | undefined> {
  try {
    const hash = await chain.sender.send({ to, data, gas: await gas }, (h) => ctx.recordPending(order.order_id, kind, h));
    return { order, kind, chain, hash };
  } catch (error: unknown) {
    report.failed += 1;
    ctx.retryAt.set(order.order_id, Date.now() + RETRY_AFTER_MS);
    log.warn({ orderId: order.order_id, kind, chainId: chain.id, err: errorLine(error) }, 'relayer could not send');
    return undefined;
  }
}

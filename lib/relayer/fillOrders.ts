// The relayer's fill policy for a round: which opened orders it fills now and with what, and why not the others.
// Each order must be escrowed on its origin for the payout plus the fee, fit the inventory and its caps, and pass a
// simulation at the real fee caps; a destination swap that fell short is delivered with the relayer's own bridge asset
// when its fee and margin allow. Refusals and reverts are named, recorded, backed off, and given up on when they
// cannot change.
import 'server-only';
import { isAddressEqual, type Address, type Hash, type Hex, type TransactionReceipt } from 'viem';
import { decodeOriginData, type FillOrder } from '@/lib/contracts/crossChainQuote';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import { log } from '@/lib/log';
import type { WorkContext, WorkReport } from './advanceOrders';
import { checkEscrow } from './checkEscrow';
import { nextNote, usdUnits, type Refusal } from './fillPolicy';
import { planFill, type Fees } from '@/lib/filler/planFill';
import type { RelayerChain } from './relayerChains';
import { revertReason, type RevertReason } from './revertReason';

const BPS = 10_000n;

export type FillToSend = { order: StoredOrder; dst: RelayerChain; to: Address; data: Hex; gas: bigint; amount: bigint };
/** An order to fill: `refill` when a destination reorg took away the fill of an order the origin already settled. */
export type ToFill = { order: StoredOrder; dst: RelayerChain; refill?: boolean };

/** Records a refusal of `order` (with backoff, or giving up) and says so in the log. */
async function refuse(ctx: WorkContext, order: StoredOrder, refusal: Refusal, reverted = false): Promise<void> {
  const previous = await ctx.notes.find(order.order_id);
  const note = nextNote(ctx.policy, order.order_id, previous, refusal, reverted, Date.now());
  await ctx.notes.save(note);
  log.warn(
    { orderId: order.order_id, chainId: order.dst_chain_id, reason: note.reason, detail: note.detail, attempts: note.attempts, reverts: note.reverts, retryInMs: note.gaveUp ? null : note.nextAttemptAtMs - Date.now() },
    note.gaveUp ? 'relayer will not fill this order; it is refunded after its fill deadline' : 'relayer cannot fill this order yet; trying again later',
  );
}

type Candidate = { order: StoredOrder; dst: RelayerChain; settler: Address; fill: FillOrder; escrowOnDst: bigint; plan: Awaited<ReturnType<typeof planFill>> };

/** Reads, checks and simulates one order (no inventory is taken yet); undefined when it was refused. */
async function consider(ctx: WorkContext, { order, dst, refill = false }: ToFill, fees: (chain: RelayerChain) => Promise<Fees>): Promise<Candidate | undefined> {
  const settler = dst.destinationSettler;
  if (!settler) return undefined;
  const fill = decodeOriginData(order.origin_data as Hex);
  if (!isAddressEqual(fill.dstSettler, settler) || !dst.bridgeToken || !isAddressEqual(fill.dstBridgeToken, dst.bridgeToken)) {
    await refuse(ctx, order, { name: 'WrongDestination', text: 'the order names another destination settler or bridge asset', deterministic: true });
    return undefined;
  }
  const escrow = await checkEscrow(ctx.chains.get(order.src_chain_id), dst, order, fill, ctx.policy.minFeeBps, refill);
  if (!escrow.ok) {
    await refuse(ctx, order, escrow.refusal);
    return undefined;
  }
  const payout = fill.dstBridgeAmount;
  const available = ctx.available.get(dst.id) ?? 0n;
  if (available < payout) {
    await refuse(ctx, order, { name: 'InventoryLow', text: `the relayer holds ${available} of the bridge asset, the fill needs ${payout}`, deterministic: false });
    return undefined;
  }
  // Its fee (escrow less payout) plus its margin on the payout, never more than it holds, nor past the per-order cap
  // (quotes keep payouts within the cap; a top-up must not push one over it).
  const margin = escrow.escrowOnDst - payout + (payout * BigInt(ctx.policy.topUpMarginBps)) / BPS;
  const capRoom = usdUnits(ctx.policy.maxOrderUsd, dst.bridgeDecimals ?? 0) - payout;
  const maxExtra = [margin, available - payout, capRoom].reduce((a, b) => (b < a ? b : a));
  const plan = await planFill({
    client: dst.client, settler, from: ctx.relayer, orderId: order.order_id as Hex, originData: order.origin_data as Hex, fill, fees: await fees(dst), maxExtra,
  });
  if (!plan.ok) {
    await refuse(ctx, order, plan.refusal);
    return undefined;
  }
  return { order, dst, settler, fill, escrowOnDst: escrow.escrowOnDst, plan };
}

/**
 * Of `toFill` (opened orders the destination has not filled, before their deadline, and settled orders whose fill a
 * reorg took away), the fills to send now in this order; the others are recorded with their reason. Refills pass the
 * same checks, caps and simulation as first fills.
 */
export async function fillOrders(ctx: WorkContext, toFill: readonly ToFill[], report: WorkReport): Promise<FillToSend[]> {
  const nowMs = Date.now();
  const notes = await ctx.notes.findMany(toFill.map((t) => t.order.order_id));
  const due = toFill.filter(({ order }) => {
    const note = notes.get(order.order_id.toLowerCase());
    return !note || (!note.gaveUp && note.nextAttemptAtMs <= nowMs);
  });
  const feesByChain = new Map<number, Promise<Fees>>();
  const fees = (chain: RelayerChain) => {
    let f = feesByChain.get(chain.id);
    if (!f) feesByChain.set(chain.id, (f = chain.client.estimateFeesPerGas({ chain: null, type: 'eip1559' })));
    return f;
  };
  const candidates = await Promise.all(due.map((t) => consider(ctx, t, fees).catch((error: unknown) => {
    const { order, dst } = t;
    report.failed += 1;
    log.warn({ orderId: order.order_id, chainId: dst.id, err: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'relayer could not check this order');
    return undefined;
  })));
  const out: FillToSend[] = [];
  // In store order: inventory and the per-minute cap go to the oldest orders first.
  for (const c of candidates) {
    if (!c?.plan.ok) continue;
    const { order, dst, plan } = c;
    const decimals = dst.bridgeDecimals ?? 0;
    const amount = c.fill.dstBridgeAmount + plan.extra;
    const available = ctx.available.get(dst.id) ?? 0n;
    if (amount > usdUnits(ctx.policy.maxOrderUsd, decimals)) {
      await refuse(ctx, order, { name: 'OverOrderCap', text: `the fill (${amount}) exceeds the relayer's per-order cap of ${ctx.policy.maxOrderUsd} USD`, deterministic: true });
      continue;
    }
    if ((await ctx.spend.spent(dst.id, nowMs)) + amount > usdUnits(ctx.policy.maxUsdPerMinute, decimals)) {
      await refuse(ctx, order, { name: 'InventoryRateLimit', text: `the relayer paid out its per-minute cap of ${ctx.policy.maxUsdPerMinute} USD on this chain; the fill waits`, deterministic: false });
      continue;
    }
    if (available < amount) {
      await refuse(ctx, order, { name: 'InventoryLow', text: `the relayer holds ${available} of the bridge asset this round, the fill needs ${amount}`, deterministic: false });
      continue;
    }
    ctx.available.set(dst.id, available - amount);
    await ctx.spend.add(dst.id, order.order_id, amount, nowMs);
    if (plan.extra > 0n) {
      const previous = notes.get(order.order_id.toLowerCase());
      await ctx.notes.save({
        orderId: order.order_id, reason: 'ToppedUp', detail: `the destination pool moved; the relayer adds ${plan.extra} of its own bridge asset to deliver the minimum`,
        attempts: previous?.attempts ?? 0, reverts: previous?.reverts ?? 0, gaveUp: false, nextAttemptAtMs: nowMs, topUp: plan.extra, updatedAt: Math.floor(nowMs / 1000),
      });
      log.info({ orderId: order.order_id, chainId: dst.id, extra: plan.extra.toString() }, 'relayer delivers with bridge asset of its own');
    }
    out.push({ order, dst, to: c.settler, data: plan.data, gas: plan.gas, amount });
  }
  return out;
}

/** Why a mined fill reverted: the node's trace of it, else a replay at the block before, else unknown. */
async function minedRevertReason(chain: RelayerChain, hash: Hash, receipt: TransactionReceipt): Promise<RevertReason> {
  try {
    const trace = await chain.client.request({ method: 'debug_traceTransaction' as never, params: [hash, { tracer: 'callTracer' }] as never }) as { output?: Hex } | undefined;
    if (trace?.output && trace.output.length >= 10) return revertReason(trace.output);
  } catch {
    // Not every node traces; replay instead.
  }
  const tx = await chain.client.getTransaction({ hash });
  return chain.client.call({ account: tx.from, to: tx.to ?? undefined, data: tx.input, blockNumber: receipt.blockNumber - 1n, gasPrice: receipt.effectiveGasPrice })
    .then(() => ({ name: 'RevertedOnChain', args: [], deterministic: false, text: 'the fill reverted on-chain though it passed simulation' }), revertReason);
}

/** A mined fill reverted: name why, count it, and back off (or give up) before the order is tried again. */
export async function noteFillReverted(ctx: WorkContext, order: StoredOrder, chain: RelayerChain, hash: Hash, receipt: TransactionReceipt): Promise<void> {
  const reason = await minedRevertReason(chain, hash, receipt).catch((error: unknown) => revertReason(error));
  await refuse(ctx, order, reason, true);
}

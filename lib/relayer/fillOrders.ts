// The relayer's fills of a round, each by the fillers' one path (lib/filler/fillOneOrder) configured as our relayer:
// the origin's word on the escrow first (checkEscrow); the judge weighs gas at nothing, since its quotes charge the
// gas in the fee (relayerGasFee) and RELAYER_MIN_FEE_BPS is what the fee must leave; a destination swap that fell
// short is delivered with its own bridge asset up to its fee plus its margin; its caps and the round's inventory go to
// the oldest orders first; and each fill is stored on its order under the lease fence before it is sent. Orders are
// checked and simulated in parallel, fills sent as a burst, and their receipts awaited together.
import 'server-only';
import { getAddress, isAddressEqual, type Hex } from 'viem';
import { decodeOriginData } from '@/lib/contracts/crossChainQuote';
import type { FillNote } from '@/lib/crosschain/fillNotes';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import { fillerOrderOf } from '@/lib/filler/fillerOrder';
import { fillOneOrder, type FillOutcome } from '@/lib/filler/fillOneOrder';
import { isDue, noteRefusal } from '@/lib/filler/fillRetry';
import { fillFees, type Fees } from '@/lib/filler/planFill';
import { log } from '@/lib/log';
import type { WorkContext, WorkReport } from './advanceOrders';
import { checkEscrow } from './checkEscrow';
import { usdUnits, type Refusal } from '@/lib/filler/fillPolicy';
import type { RelayerChain } from './relayerChains';
import { applyReceipt, RETRY_AFTER_MS } from './sentTransactions';
import { errorLine } from '@/lib/filler/errorLine';

const BPS = 10_000n;

/** An order to fill: `refill` when a destination reorg took away the fill of an order the origin already settled. */
export type ToFill = { order: StoredOrder; dst: RelayerChain; /** The destination's clock (its latest block). */ dstNowSec: number; refill?: boolean };

const least = (...values: bigint[]) => values.reduce((a, b) => (b < a ? b : a));

function logRefusal(order: StoredOrder, note: FillNote): void {
  log.warn(
    { orderId: order.order_id, chainId: order.dst_chain_id, reason: note.reason, detail: note.detail, attempts: note.attempts, reverts: note.reverts, retryInMs: note.gaveUp ? null : note.nextAttemptAtMs - Date.now() },
    note.gaveUp ? 'relayer will not fill this order; it is refunded after its fill deadline' : 'relayer cannot fill this order yet; trying again later',
  );
}

/** Runs each order's reservation in the orders' own turn, whenever their checks finish: the oldest is served first. */
function inTurn(count: number) {
  const passed: Promise<void>[] = [];
  const release: (() => void)[] = [];
  for (let i = 0; i < count; i += 1) {
    const own = new Promise<void>((resolve) => release.push(resolve));
    passed.push(i === 0 ? own : Promise.all([passed[i - 1], own]).then(() => undefined));
  }
  return {
    async take<T>(i: number, reserve: () => Promise<T>): Promise<T> {
      await passed[i - 1];
      try {
        return await reserve();
      } finally {
        release[i]?.();
      }
    },
    /** The order reserves nothing this round (refused, failed, or done): the next one need not wait for it. */
    skip(i: number): void {
      release[i]?.();
    },
  };
}

/** The relayer's caps on a fill it decided to send, and its inventory for the round, taken in the orders' turn. */
async function reserve(ctx: WorkContext, order: StoredOrder, dst: RelayerChain, extra: bigint, nowMs: number): Promise<Refusal | undefined> {
  const decimals = dst.bridgeDecimals ?? 0;
  const amount = decodeOriginData(order.origin_data as Hex).dstBridgeAmount + extra;
  const available = ctx.available.get(dst.id) ?? 0n;
  if (amount > usdUnits(ctx.policy.maxOrderUsd, decimals)) {
    return { name: 'OverOrderCap', text: `the fill (${amount}) exceeds the relayer's per-order cap of ${ctx.policy.maxOrderUsd} USD`, deterministic: true };
  }
  if ((await ctx.spend.spent(dst.id, nowMs)) + amount > usdUnits(ctx.policy.maxUsdPerMinute, decimals)) {
    return { name: 'InventoryRateLimit', text: `the relayer paid out its per-minute cap of ${ctx.policy.maxUsdPerMinute} USD on this chain; the fill waits`, deterministic: false };
  }
  if (available < amount) {
    return { name: 'InventoryLow', text: `the relayer holds ${available} of the bridge asset this round, the fill needs ${amount}`, deterministic: false };
  }
  ctx.available.set(dst.id, available - amount);
  await ctx.spend.add(dst.id, order.order_id, amount, nowMs);
  if (extra > 0n) {
    const previous = await ctx.notes.find(order.order_id);
    await ctx.notes.save({
      orderId: order.order_id, reason: 'ToppedUp', detail: `the destination pool moved; the relayer adds ${extra} of its own bridge asset to deliver the minimum`,
      attempts: previous?.attempts ?? 0, reverts: previous?.reverts ?? 0, gaveUp: false, nextAttemptAtMs: nowMs, topUp: extra, updatedAt: Math.floor(nowMs / 1000),
    });
    log.info({ orderId: order.order_id, chainId: dst.id, extra: extra.toString() }, 'relayer delivers with bridge asset of its own');
  }
  return undefined;
}

type Round = { nowMs: number; fees: (chain: RelayerChain) => Promise<Fees>; turns: ReturnType<typeof inTurn> };

/** One order: the relayer's own checks, then the one fill path; undefined when refused before it. */
async function fillOne(ctx: WorkContext, { order, dst, dstNowSec, refill = false }: ToFill, turn: number, round: Round): Promise<FillOutcome | undefined> {
  const settler = dst.destinationSettler;
  if (!settler) return undefined;
  const refused = async (refusal: Refusal) => logRefusal(order, await noteRefusal({ notes: ctx.notes, policy: ctx.policy }, order.order_id, refusal));
  const fill = decodeOriginData(order.origin_data as Hex);
  if (!isAddressEqual(fill.dstSettler, settler) || !dst.bridgeToken || !isAddressEqual(fill.dstBridgeToken, dst.bridgeToken)) {
    await refused({ name: 'WrongDestination', text: 'the order names another destination settler or bridge asset', deterministic: true });
    return undefined;
  }
  const escrow = await checkEscrow(ctx.chains.get(order.src_chain_id), dst, order, fill, refill);
  if (!escrow.ok) {
    await refused(escrow.refusal);
    return undefined;
  }
  const payout = fill.dstBridgeAmount;
  const available = ctx.available.get(dst.id) ?? 0n;
  // Its fee plus its margin on the payout, never more than it holds, nor past the per-order cap (quotes keep payouts
  // within the cap; a top-up must not push one over it).
  const capRoom = usdUnits(ctx.policy.maxOrderUsd, dst.bridgeDecimals ?? 0) - payout;
  return fillOneOrder({
    client: dst.client, filler: ctx.relayer, dstNowSec, inventory: available, escrowInBridge: escrow.escrowOnDst, minFeeBps: ctx.policy.minFeeBps,
    order: fillerOrderOf({
      orderId: order.order_id as Hex, originChainId: order.src_chain_id, originSettler: getAddress(order.origin_settler), originData: order.origin_data as Hex,
      escrowToken: escrow.token, escrowAmount: escrow.amount,
    }),
    fees: await round.fees(dst),
    gasInBridge: () => 0n,
    maxExtra: (fee) => least(fee + (payout * BigInt(ctx.policy.topUpMarginBps)) / BPS, available - payout, capRoom),
    retry: { notes: ctx.notes, policy: ctx.policy },
    reserve: (decision) => round.turns.take(turn, () => reserve(ctx, order, dst, decision.plan.extra, round.nowMs)),
    send: (data, gas) => dst.sender.send({ to: settler, data, gas }, (hash) => ctx.recordPending(order.order_id, 'fill', hash)),
    receiptTimeoutMs: ctx.receiptTimeoutMs,
  });
}

/** What came of one order's fill: the store and the round's report follow it. */
async function record(ctx: WorkContext, order: StoredOrder, dst: RelayerChain, outcome: FillOutcome, report: WorkReport): Promise<void> {
  switch (outcome.kind) {
    case 'refused':
      return logRefusal(order, outcome.note);
    case 'unsent':
      report.failed += 1;
      ctx.retryAt.set(order.order_id, Date.now() + RETRY_AFTER_MS);
      return log.warn({ orderId: order.order_id, kind: 'fill', chainId: dst.id, err: errorLine(outcome.error) }, 'relayer could not send');
    case 'unmined':
      // Still pending: the stored hash is looked at again next round.
      return log.warn({ orderId: order.order_id, kind: 'fill', tx: outcome.hash, err: errorLine(outcome.error) }, 'relayer transaction not mined yet');
    case 'reverted':
      logRefusal(order, outcome.note);
      break;
    case 'filled':
      break;
  }
  const applied = await applyReceipt(ctx, { order, kind: 'fill', chain: dst, hash: outcome.hash }, outcome.receipt, true);
  if (applied) report.filled += 1;
  else report.failed += 1;
}

/**
 * Fills `toFill` (opened orders the destination has not filled, before their deadline, and settled orders whose fill a
 * reorg took away) whose notes are due; the others wait for their backoff. Refills pass the same checks, caps and
 * simulation as first fills.
 */
export async function fillOrders(ctx: WorkContext, toFill: readonly ToFill[], report: WorkReport): Promise<void> {
  const nowMs = Date.now();
  const notes = await ctx.notes.findMany(toFill.map((t) => t.order.order_id));
  const due = toFill.filter(({ order }) => isDue(notes.get(order.order_id.toLowerCase()), nowMs));
  const feesByChain = new Map<number, Promise<Fees>>();
  const fees = (chain: RelayerChain) => {
    let f = feesByChain.get(chain.id);
    if (!f) feesByChain.set(chain.id, (f = fillFees(chain.client)));
    return f;
  };
  // In store order: inventory and the per-minute cap go to the oldest orders first.
  const round: Round = { nowMs, fees, turns: inTurn(due.length) };
  await Promise.all(due.map(async (t, i) => {
    try {
      const outcome = await fillOne(ctx, t, i, round).finally(() => round.turns.skip(i));
      if (outcome) await record(ctx, t.order, t.dst, outcome, report);
    } catch (error: unknown) {
      report.failed += 1;
      log.warn({ orderId: t.order.order_id, chainId: t.dst.id, err: errorLine(error) }, 'relayer could not check this order');
    }
  }));
}

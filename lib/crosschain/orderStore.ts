// Reads and writes cross-chain orders and relayer progress. Two writers follow the chains into it: the relayer (its own
// orders' progress) and the order feed (lib/crosschain/orderFeed.ts: every order's events, whoever fills); each
// write is a conditional step of the order's state machine, so whichever sees an event first records it once.
import type { Selectable } from 'kysely';
import type { CrosschainDb, CrosschainOrdersTable, OrderState, PendingKind, RelayerProgressTable } from './crosschainTables';

type BigIntKeys = 'fill_deadline' | 'open_block' | 'open_ts' | 'created_at' | 'updated_at';
type NullableBigIntKeys = 'fill_block' | 'fill_ts' | 'settle_block' | 'refund_block';

export type StoredOrder = Omit<Selectable<CrosschainOrdersTable>, BigIntKeys | NullableBigIntKeys> &
  Record<BigIntKeys, number> & Record<NullableBigIntKeys, number | null>;

/** What the relayer learns from an origin `Open`. */
export type NewOrder = Pick<StoredOrder,
  'order_id' | 'quote_id' | 'src_chain_id' | 'dst_chain_id' | 'origin_settler' | 'user_address' | 'recipient' | 'escrow_token' |
  'escrow_amount' | 'dst_bridge_amount' | 'fill_deadline' | 'origin_data' | 'open_tx_hash' | 'open_block' | 'open_ts'>;

/** A fill as the destination recorded it; the transaction is unknown only when its log could not be found. */
export type OrderFill = { relayer: string; txHash: string | null; block: number | null; ts: number; amountOut: bigint };
export type OriginTx = { txHash: string; block: number };
export type RelayerProgress = {
  chainId: number;
  scannedBlock: number;
  scannedHash: string;
  bridgeInventory: bigint | null;
  nativeInventory: bigint | null;
  updatedAtMs: number;
};
/** Which orders a page holds (OrderStore.page). */
export type OrderPageFilter = {
  state?: OrderState;
  srcChainId?: number;
  dstChainId?: number;
  limit: number;
  before?: { openTs: number; orderId: string };
};
/** Orders waiting on the relayer, per chain: fills owed there, and settlements or refunds owed there. */
export type PendingOrders = { chainId: number; toFill: number; toSettle: number };

/** Orders the relayer still has to act on. */
export const ACTIVE_STATES: readonly OrderState[] = ['opened', 'filled', 'expired'];

const num = (v: number | string): number => Number(v);
const numOrNull = (v: number | string | null): number | null => (v === null ? null : Number(v));

function normalise(row: Selectable<CrosschainOrdersTable>): StoredOrder {
  return {
    ...row,
    fill_deadline: num(row.fill_deadline),
    open_block: num(row.open_block),
    open_ts: num(row.open_ts),
    created_at: num(row.created_at),
    updated_at: num(row.updated_at),
    fill_block: numOrNull(row.fill_block),
    fill_ts: numOrNull(row.fill_ts),
    settle_block: numOrNull(row.settle_block),
    refund_block: numOrNull(row.refund_block),
  };
}

function progressOf(row: Selectable<RelayerProgressTable>): RelayerProgress {
  return {
    chainId: row.chain_id,
    scannedBlock: num(row.scanned_block),
    scannedHash: row.scanned_hash,
    bridgeInventory: row.bridge_inventory === null ? null : BigInt(row.bridge_inventory),
    nativeInventory: row.native_inventory === null ? null : BigInt(row.native_inventory),
    updatedAtMs: num(row.updated_at_ms),
  };
}

const hex = (value: string) => value.toLowerCase();

export function orderStore(db: CrosschainDb) {
  const updated = (r: { numUpdatedRows: bigint }) => r.numUpdatedRows > 0n;

  return {
    /** Records an escrowed order once; a second sighting of the same Open (a re-scan) changes nothing. */
    async recordOpened(order: NewOrder, now: number): Promise<boolean> {
      const rows = await db
        .insertInto('crosschain_orders')
        .values({
          ...order, order_id: hex(order.order_id), quote_id: hex(order.quote_id), open_tx_hash: hex(order.open_tx_hash),
          state: 'opened', pending_tx_hash: null, pending_kind: null, relayer: null, fill_tx_hash: null, fill_block: null,
          fill_ts: null, amount_out: null, settle_tx_hash: null, settle_block: null, refund_tx_hash: null, refund_block: null,
          created_at: now, updated_at: now,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returning('order_id')
        .execute();
      return rows.length > 0;
    },

    async find(orderId: string): Promise<StoredOrder | undefined> {
      const row = await db.selectFrom('crosschain_orders').selectAll().where('order_id', '=', hex(orderId)).executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    async findByQuoteId(quoteId: string): Promise<StoredOrder | undefined> {
      const row = await db.selectFrom('crosschain_orders').selectAll().where('quote_id', '=', hex(quoteId)).executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    async findByOpenTxHash(txHash: string): Promise<StoredOrder | undefined> {
      const row = await db.selectFrom('crosschain_orders').selectAll().where('open_tx_hash', '=', hex(txHash)).executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    /**
     * A page of orders for fillers, newest first (by origin block time, then id): those before `before` (the last row
     * of the previous page), filtered by state and chains.
     */
    async page(filter: OrderPageFilter): Promise<StoredOrder[]> {
      let q = db.selectFrom('crosschain_orders').selectAll();
      if (filter.state) q = q.where('state', '=', filter.state);
      if (filter.srcChainId !== undefined) q = q.where('src_chain_id', '=', filter.srcChainId);
      if (filter.dstChainId !== undefined) q = q.where('dst_chain_id', '=', filter.dstChainId);
      const before = filter.before;
      if (before) {
        q = q.where((eb) => eb.or([eb('open_ts', '<', before.openTs), eb.and([eb('open_ts', '=', before.openTs), eb('order_id', '<', hex(before.orderId))])]));
      }
      const rows = await q.orderBy('open_ts', 'desc').orderBy('order_id', 'desc').limit(filter.limit).execute();
      return rows.map(normalise);
    },

    /** Orders written at or after `sinceSec` (wall clock), for the orders stream. */
    async changedSince(sinceSec: number, limit: number): Promise<StoredOrder[]> {
      const rows = await db.selectFrom('crosschain_orders').selectAll().where('updated_at', '>=', sinceSec)
        .orderBy('updated_at').orderBy('order_id').limit(limit).execute();
      return rows.map(normalise);
    },

    /** Orders not yet settled or refunded, oldest first: the relayer's work list. */
    async active(): Promise<StoredOrder[]> {
      const rows = await db.selectFrom('crosschain_orders').selectAll().where('state', 'in', ACTIVE_STATES)
        .orderBy('created_at').orderBy('order_id').execute();
      return rows.map(normalise);
    },

    /** Remembers a signed transaction before it is sent, so a restart looks for it before acting again. */
    async setPending(orderId: string, kind: PendingKind, txHash: string, now: number): Promise<void> {
      await db.updateTable('crosschain_orders').set({ pending_tx_hash: hex(txHash), pending_kind: kind, updated_at: now })
        .where('order_id', '=', hex(orderId)).execute();
    },

    async clearPending(orderId: string, now: number): Promise<void> {
      await db.updateTable('crosschain_orders').set({ pending_tx_hash: null, pending_kind: null, updated_at: now })
        .where('order_id', '=', hex(orderId)).execute();
    },

    /** The destination recorded a fill (ours or anyone's): opened → filled. */
    async markFilled(orderId: string, fill: OrderFill, now: number): Promise<boolean> {
      return updated(await db.updateTable('crosschain_orders')
        .set({
          state: 'filled', relayer: fill.relayer, fill_tx_hash: fill.txHash === null ? null : hex(fill.txHash), fill_block: fill.block, fill_ts: fill.ts,
          amount_out: fill.amountOut.toString(), pending_tx_hash: null, pending_kind: null, updated_at: now,
        })
        .where('order_id', '=', hex(orderId)).where('state', '=', 'opened').executeTakeFirst());
    },

    /** The destination's clock passed the fill deadline with no fill: opened → expired. */
    async markExpired(orderId: string, now: number): Promise<boolean> {
      return updated(await db.updateTable('crosschain_orders')
        .set({ state: 'expired', pending_tx_hash: null, pending_kind: null, updated_at: now })
        .where('order_id', '=', hex(orderId)).where('state', '=', 'opened').executeTakeFirst());
    },

    /** Opened orders due on `dstChainId` whose fill deadline is before `blockTs` (a block of that chain), oldest first. */
    async openPastDeadline(dstChainId: number, blockTs: number, limit: number): Promise<StoredOrder[]> {
      const rows = await db.selectFrom('crosschain_orders').selectAll().where('dst_chain_id', '=', dstChainId).where('state', '=', 'opened')
        .where('fill_deadline', '<', blockTs).orderBy('fill_deadline').orderBy('order_id').limit(limit).execute();
      return rows.map(normalise);
    },

    /**
     * What the store recorded from a chain's head is not what the chain now shows at depth (a reorg took a fill away,
     * or brought one in after the order looked expired): filled / expired → opened, to be looked at afresh.
     */
    async markReopened(orderId: string, now: number): Promise<boolean> {
      return updated(await db.updateTable('crosschain_orders')
        .set({ state: 'opened', relayer: null, fill_tx_hash: null, fill_block: null, fill_ts: null, amount_out: null, pending_tx_hash: null, pending_kind: null, updated_at: now })
        .where('order_id', '=', hex(orderId)).where('state', 'in', ['filled', 'expired']).executeTakeFirst());
    },

    /**
     * Chain `dstChainId` went back to a block at `blockTs`: expired orders due there whose fill deadline that block has
     * not passed lost the blocks that expired them, and are open again (the new fork may fill them, or expire them
     * afresh). One whose refund is already in flight is left to its transaction. Run it with the feed's rewind.
     */
    async reopenExpiredAfter(dstChainId: number, blockTs: number, now: number): Promise<number> {
      const result = await db.updateTable('crosschain_orders').set({ state: 'opened', updated_at: now })
        .where('dst_chain_id', '=', dstChainId).where('state', '=', 'expired').where('fill_deadline', '>=', blockTs)
        .where('pending_tx_hash', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** A settled order filled again after a reorg took its first fill: the new fill replaces the old one. */
    async recordRefill(orderId: string, fill: OrderFill, now: number): Promise<boolean> {
      return updated(await db.updateTable('crosschain_orders')
        .set({
          relayer: fill.relayer, fill_tx_hash: fill.txHash === null ? null : hex(fill.txHash), fill_block: fill.block, fill_ts: fill.ts,
          amount_out: fill.amountOut.toString(), pending_tx_hash: null, pending_kind: null, updated_at: now,
        })
        .where('order_id', '=', hex(orderId)).where('state', '=', 'settled').executeTakeFirst());
    },

    /** Settled orders filled on `dstChainId` at or after `block` (fills not yet final there), oldest first. */
    async settledSince(dstChainId: number, block: number): Promise<StoredOrder[]> {
      const rows = await db.selectFrom('crosschain_orders').selectAll().where('dst_chain_id', '=', dstChainId).where('state', '=', 'settled')
        .where('fill_block', '>=', block).orderBy('created_at').orderBy('order_id').execute();
      return rows.map(normalise);
    },

    /** Settled or refunded orders released on `srcChainId` at or after `block` (not yet final there). */
    async releasedSince(srcChainId: number, block: number): Promise<StoredOrder[]> {
      const rows = await db.selectFrom('crosschain_orders').selectAll().where('src_chain_id', '=', srcChainId)
        .where((eb) => eb.or([
          eb.and([eb('state', '=', 'settled'), eb('settle_block', '>=', block)]),
          eb.and([eb('state', '=', 'refunded'), eb('refund_block', '>=', block)]),
        ]))
        .orderBy('created_at').orderBy('order_id').execute();
      return rows.map(normalise);
    },

    /** The origin no longer shows the settlement or refund (a reorg took it): settled → filled, refunded → expired. */
    async markUnreleased(orderId: string, now: number): Promise<boolean> {
      const settled = await db.updateTable('crosschain_orders')
        .set({ state: 'filled', settle_tx_hash: null, settle_block: null, pending_tx_hash: null, pending_kind: null, updated_at: now })
        .where('order_id', '=', hex(orderId)).where('state', '=', 'settled').executeTakeFirst();
      const refunded = await db.updateTable('crosschain_orders')
        .set({ state: 'expired', refund_tx_hash: null, refund_block: null, pending_tx_hash: null, pending_kind: null, updated_at: now })
        .where('order_id', '=', hex(orderId)).where('state', '=', 'refunded').executeTakeFirst();
      return updated(settled) || updated(refunded);
    },

    /** The origin paid the escrow to the filler: filled → settled. */
    async markSettled(orderId: string, tx: OriginTx, now: number): Promise<boolean> {
      return updated(await db.updateTable('crosschain_orders')
        .set({ state: 'settled', settle_tx_hash: hex(tx.txHash), settle_block: tx.block, pending_tx_hash: null, pending_kind: null, updated_at: now })
        .where('order_id', '=', hex(orderId)).where('state', '=', 'filled').executeTakeFirst());
    },

    /**
     * The origin returned the escrow to the user: expired → refunded; also filled → refunded when the user took the
     * grace refund before the filler was repaid (the origin's word is final).
     */
    async markRefunded(orderId: string, tx: OriginTx, now: number): Promise<boolean> {
      return updated(await db.updateTable('crosschain_orders')
        .set({ state: 'refunded', refund_tx_hash: hex(tx.txHash), refund_block: tx.block, pending_tx_hash: null, pending_kind: null, updated_at: now })
        .where('order_id', '=', hex(orderId)).where('state', 'in', ['expired', 'filled']).executeTakeFirst());
    },

    /**
     * Chain `chainId` replaced its blocks from `block` on: what was recorded there is withdrawn until seen again.
     * Deposits there not yet acted on are forgotten (a re-scan records them again if the new fork has them); one
     * already filled stays, since the destination paid whatever the origin now says. Fills there go back to
     * `opened`, settlements and refunds there back to `filled` / `expired`. Run it in one transaction with the
     * progress rewind.
     */
    async unwindFrom(chainId: number, block: number, now: number): Promise<void> {
      await db.deleteFrom('crosschain_orders').where('src_chain_id', '=', chainId).where('open_block', '>=', block)
        .where('state', '=', 'opened').where('pending_tx_hash', 'is', null).execute();
      await db.updateTable('crosschain_orders')
        .set({ state: 'opened', relayer: null, fill_tx_hash: null, fill_block: null, fill_ts: null, amount_out: null, updated_at: now })
        .where('dst_chain_id', '=', chainId).where('state', '=', 'filled').where('fill_block', '>=', block).execute();
      await db.updateTable('crosschain_orders')
        .set({ state: 'filled', settle_tx_hash: null, settle_block: null, updated_at: now })
        .where('src_chain_id', '=', chainId).where('state', '=', 'settled').where('settle_block', '>=', block).execute();
      await db.updateTable('crosschain_orders')
        .set({ state: 'expired', refund_tx_hash: null, refund_block: null, updated_at: now })
        .where('src_chain_id', '=', chainId).where('state', '=', 'refunded').where('refund_block', '>=', block).execute();
    },

    /** Bridge asset the relayer still owes on `dstChainId`: escrowed orders not yet filled there. */
    async owedFills(dstChainId: number): Promise<bigint> {
      const rows = await db.selectFrom('crosschain_orders').select('dst_bridge_amount')
        .where('dst_chain_id', '=', dstChainId).where('state', '=', 'opened').execute();
      return rows.reduce((sum, r) => sum + BigInt(r.dst_bridge_amount), 0n);
    },

    /** Seconds from the Open's block to the fill's block of the latest `limit` fills from `route.srcChainId` to `route.dstChainId` (each chain's own clock). */
    async recentFillSeconds(route: { srcChainId: number; dstChainId: number }, limit: number): Promise<number[]> {
      const rows = await db.selectFrom('crosschain_orders').select(['open_ts', 'fill_ts'])
        .where('fill_ts', 'is not', null).where('src_chain_id', '=', route.srcChainId).where('dst_chain_id', '=', route.dstChainId)
        .orderBy('created_at', 'desc').orderBy('order_id').limit(limit).execute();
      return rows.map((r) => Math.max(0, Number(r.fill_ts) - Number(r.open_ts)));
    },

    /** Orders waiting on the relayer per chain: fills owed on their destination, settlements/refunds on their origin. */
    async pendingOrders(): Promise<PendingOrders[]> {
      const [fills, settles] = await Promise.all([
        db.selectFrom('crosschain_orders').select(['dst_chain_id as chain_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('state', '=', 'opened').groupBy('dst_chain_id').execute(),
        db.selectFrom('crosschain_orders').select(['src_chain_id as chain_id', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('state', 'in', ['filled', 'expired']).groupBy('src_chain_id').execute(),
      ]);
      const byChain = new Map<number, PendingOrders>();
      const entry = (chainId: number): PendingOrders => {
        let e = byChain.get(chainId);
        if (!e) byChain.set(chainId, (e = { chainId, toFill: 0, toSettle: 0 }));
        return e;
      };
      for (const r of fills) entry(r.chain_id).toFill = Number(r.n);
      for (const r of settles) entry(r.chain_id).toSettle = Number(r.n);
      return [...byChain.values()].sort((a, b) => a.chainId - b.chainId);
    },

    async progress(chainId: number): Promise<RelayerProgress | undefined> {
      const row = await db.selectFrom('relayer_progress').selectAll().where('chain_id', '=', chainId).executeTakeFirst();
      return row ? progressOf(row) : undefined;
    },

    async allProgress(): Promise<RelayerProgress[]> {
      const rows = await db.selectFrom('relayer_progress').selectAll().orderBy('chain_id').execute();
      return rows.map(progressOf);
    },

    /** Moves the scan cursor of `chainId` (forward, or back after a reorg); the inventory stays as last seen. */
    async saveProgress(chainId: number, block: number, hash: string, nowMs: number): Promise<void> {
      await db.insertInto('relayer_progress')
        .values({ chain_id: chainId, scanned_block: block, scanned_hash: hex(hash), bridge_inventory: null, native_inventory: null, updated_at_ms: nowMs })
        .onConflict((oc) => oc.column('chain_id').doUpdateSet({ scanned_block: block, scanned_hash: hex(hash), updated_at_ms: nowMs }))
        .execute();
    },

    /** The relayer's balances on `chainId`, as last read (for health and for quotes that must not exceed them). */
    async saveInventory(chainId: number, inventory: { bridge: bigint; native: bigint }, nowMs: number): Promise<void> {
      await db.updateTable('relayer_progress')
        .set({ bridge_inventory: inventory.bridge.toString(), native_inventory: inventory.native.toString(), updated_at_ms: nowMs })
        .where('chain_id', '=', chainId).execute();
    },
  };
}

export type OrderStore = ReturnType<typeof orderStore>;

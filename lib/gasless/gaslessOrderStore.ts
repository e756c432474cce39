// Reads and writes gasless orders; the same queries run on SQLite and PostgreSQL. Every state change is a conditional
// update from the state it leaves, so two writers can never both move one order (a second POST, a second submitter).
import type { Transaction } from 'kysely';
import type { GaslessDb, GaslessOrdersTable, GaslessOrderState, GaslessTables } from './gaslessTables';

export type GaslessOrder = Omit<
  GaslessOrdersTable,
  'deadline' | 'submitted_at_ms' | 'sent_at_ms' | 'updated_at_ms' | 'replaced_tx_hashes' | 'approval_replaced_tx_hashes' | 'approval_sent_at_ms' | 'approval_settled_at_ms'
> & {
  deadline: number;
  /** Hashes of the same-nonce transactions `tx_hash` replaced, oldest first. */
  replaced_tx_hashes: string[];
  /** Hashes of the same-nonce transactions `approval_tx_hash` replaced, oldest first. */
  approval_replaced_tx_hashes: string[];
  approval_sent_at_ms: number | null;
  approval_settled_at_ms: number | null;
  submitted_at_ms: number | null;
  sent_at_ms: number | null;
  updated_at_ms: number;
};
export type NewGaslessOrder = Pick<GaslessOrder, 'quote_id' | 'chain_id' | 'router_address' | 'from_address' | 'calldata' | 'deadline' | 'gas_fee_amount'> & {
  /** JSON of the EIP-2612 permit to Permit2 the quote offered (lib/gasless/gaslessApproval). */
  approval?: string | null;
};
/** The submitter's `token.permit` transaction of an order's approval. */
export type ApprovalTx = { txHash: string; rawTx: string };
export type SentTx = { txHash: string; rawTx: string; nonce: number };
/** A same-nonce transaction at a higher fee in place of `replaces`, the order's current one. */
export type ReplacementTx = { replaces: string; txHash: string; rawTx: string };
/** Run inside each of the submitter's write transactions: throws when its lease was taken over. */
export type Fence = (trx: Transaction<GaslessTables>) => Promise<void>;

const noFence: Fence = async () => undefined;

function normalise(row: GaslessOrdersTable): GaslessOrder {
  const ms = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    ...row,
    deadline: Number(row.deadline),
    submitted_at_ms: ms(row.submitted_at_ms),
    sent_at_ms: ms(row.sent_at_ms),
    updated_at_ms: Number(row.updated_at_ms),
    replaced_tx_hashes: row.replaced_tx_hashes === null ? [] : (JSON.parse(row.replaced_tx_hashes) as string[]),
    approval_replaced_tx_hashes: row.approval_replaced_tx_hashes === null ? [] : (JSON.parse(row.approval_replaced_tx_hashes) as string[]),
    approval_sent_at_ms: ms(row.approval_sent_at_ms),
    approval_settled_at_ms: ms(row.approval_settled_at_ms),
  };
}

export function gaslessOrderStore(db: GaslessDb) {
  const move = async (quoteId: string, from: readonly GaslessOrderState[], set: Partial<GaslessOrdersTable>, fence: Fence): Promise<boolean> =>
    db.transaction().execute(async (trx) => {
      await fence(trx);
      const result = await trx.updateTable('gasless_orders').set(set).where('quote_id', '=', quoteId.toLowerCase()).where('status', 'in', from).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });

  const find = async (quoteId: string): Promise<GaslessOrder | undefined> => {
    const row = await db.selectFrom('gasless_orders').selectAll().where('quote_id', '=', quoteId.toLowerCase()).executeTakeFirst();
    return row ? normalise(row) : undefined;
  };

  return {
    async insert(order: NewGaslessOrder, nowMs: number): Promise<void> {
      await db.insertInto('gasless_orders').values({
        ...order, quote_id: order.quote_id.toLowerCase(), status: 'issued', signature: null, tx_hash: null, raw_tx: null, tx_nonce: null,
        replaced_tx_hashes: null, error_reason: null, submitted_at_ms: null, sent_at_ms: null, updated_at_ms: nowMs,
        approval: order.approval ?? null, approval_signature: null, approval_tx_hash: null, approval_raw_tx: null,
        approval_replaced_tx_hashes: null, approval_sent_at_ms: null, approval_settled_at_ms: null,
      }).execute();
    },

    find,

    /** `issued` → `submitted` with the user's signature (and permit signature); false when the order had already left `issued`. */
    /** `approval`: the permit the sender signed, when it is not the one the quote offered (an earlier quote's, still valid). */
    submit(quoteId: string, signature: string, nowMs: number, approvalSignature?: string, approval?: string): Promise<boolean> {
      return move(quoteId, ['issued'], {
        status: 'submitted', signature, approval_signature: approvalSignature ?? null, ...(approval !== undefined ? { approval } : {}), submitted_at_ms: nowMs, updated_at_ms: nowMs,
      }, noFence);
    },

    /**
     * The submitter's `token.permit` for a `submitted` order, recorded before it is handed to the node; false when the
     * order is no longer `submitted` or a permit transaction was recorded for it already.
     */
    markApprovalSent(quoteId: string, tx: ApprovalTx, nowMs: number, fence: Fence = noFence): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await fence(trx);
        const result = await trx.updateTable('gasless_orders').set({ approval_tx_hash: tx.txHash, approval_raw_tx: tx.rawTx, approval_sent_at_ms: nowMs, updated_at_ms: nowMs })
          .where('quote_id', '=', quoteId.toLowerCase()).where('status', '=', 'submitted').where('approval_tx_hash', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /**
     * A same-nonce replacement of the permit transaction (a higher fee, or the cancel), recorded before it is handed to
     * the node, the current one joining the replaced ones; whatever the order's state, since a permit outlives an order
     * given up. False when the permit is settled or its current transaction is not `replaces`.
     */
    async markApprovalReplaced(quoteId: string, tx: ReplacementTx, nowMs: number, fence: Fence = noFence): Promise<boolean> {
      const order = await find(quoteId);
      if (!order || order.approval_settled_at_ms !== null || order.approval_tx_hash !== tx.replaces) return false;
      return db.transaction().execute(async (trx) => {
        await fence(trx);
        const result = await trx.updateTable('gasless_orders')
          .set({
            approval_tx_hash: tx.txHash, approval_raw_tx: tx.rawTx, approval_replaced_tx_hashes: JSON.stringify([...order.approval_replaced_tx_hashes, tx.replaces]),
            approval_sent_at_ms: nowMs, updated_at_ms: nowMs,
          })
          .where('quote_id', '=', quoteId.toLowerCase()).where('approval_settled_at_ms', 'is', null).where('approval_tx_hash', '=', tx.replaces)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /** The permit's nonce is used (`minedHash`: the transaction mined, when not the current one) or dropped: no longer followed. */
    markApprovalSettled(quoteId: string, nowMs: number, fence: Fence = noFence, minedHash?: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await fence(trx);
        const result = await trx.updateTable('gasless_orders')
          .set({ approval_settled_at_ms: nowMs, updated_at_ms: nowMs, ...(minedHash ? { approval_tx_hash: minedHash } : {}) })
          .where('quote_id', '=', quoteId.toLowerCase()).where('approval_tx_hash', 'is not', null).where('approval_settled_at_ms', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /** Orders of a chain whose permit transaction was recorded and is not settled yet, whatever the order's state, oldest first. */
    async pendingApprovals(chainId: number): Promise<GaslessOrder[]> {
      const rows = await db.selectFrom('gasless_orders').selectAll().where('chain_id', '=', chainId).where('approval_tx_hash', 'is not', null)
        .where('approval_settled_at_ms', 'is', null).orderBy('submitted_at_ms').execute();
      return rows.map(normalise);
    },

    /** Posted orders of a chain not yet sent, oldest first. */
    async submitted(chainId: number, limit: number): Promise<GaslessOrder[]> {
      const rows = await db.selectFrom('gasless_orders').selectAll().where('chain_id', '=', chainId).where('status', '=', 'submitted')
        .orderBy('submitted_at_ms').limit(limit).execute();
      return rows.map(normalise);
    },

    /** Orders of a chain whose transaction was recorded (and perhaps sent) and is not yet mined, in nonce order. */
    async sent(chainId: number): Promise<GaslessOrder[]> {
      const rows = await db.selectFrom('gasless_orders').selectAll().where('chain_id', '=', chainId).where('status', '=', 'sent').orderBy('tx_nonce').execute();
      return rows.map(normalise);
    },

    /** `submitted` → `sent`, recording the signed transaction before it is handed to the node. */
    markSent(quoteId: string, tx: SentTx, nowMs: number, fence: Fence = noFence): Promise<boolean> {
      return move(quoteId, ['submitted'], { status: 'sent', tx_hash: tx.txHash, raw_tx: tx.rawTx, tx_nonce: tx.nonce, sent_at_ms: nowMs, updated_at_ms: nowMs }, fence);
    },

    /**
     * `sent` → `sent` with a same-nonce replacement recorded (before it is handed to the node), the current transaction
     * joining the replaced ones; false when the order is no longer `sent` or its current transaction is not `replaces`.
     */
    async markReplaced(quoteId: string, tx: ReplacementTx, nowMs: number, fence: Fence = noFence): Promise<boolean> {
      const order = await find(quoteId);
      if (!order || order.status !== 'sent' || order.tx_hash !== tx.replaces) return false;
      return db.transaction().execute(async (trx) => {
        await fence(trx);
        const result = await trx.updateTable('gasless_orders')
          .set({ tx_hash: tx.txHash, raw_tx: tx.rawTx, replaced_tx_hashes: JSON.stringify([...order.replaced_tx_hashes, tx.replaces]), sent_at_ms: nowMs, updated_at_ms: nowMs })
          .where('quote_id', '=', quoteId.toLowerCase()).where('status', '=', 'sent').where('tx_hash', '=', tx.replaces)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /** `minedHash`: the transaction that was mined, when it is one that was replaced. */
    markFilled(quoteId: string, nowMs: number, fence: Fence = noFence, minedHash?: string): Promise<boolean> {
      return move(quoteId, ['sent'], { status: 'filled', updated_at_ms: nowMs, ...(minedHash ? { tx_hash: minedHash } : {}) }, fence);
    },

    /** The submitter could not (or would not) execute the order: `reason` says why, in words. */
    markFailed(quoteId: string, reason: string, nowMs: number, fence: Fence = noFence, minedHash?: string): Promise<boolean> {
      return move(quoteId, ['submitted', 'sent'], { status: 'failed', error_reason: reason, updated_at_ms: nowMs, ...(minedHash ? { tx_hash: minedHash } : {}) }, fence);
    },

    async recordBalance(chainId: number, address: string, balance: bigint, nowMs: number): Promise<void> {
      await db.insertInto('gasless_submitter').values({ chain_id: chainId, address, native_balance: balance.toString(), updated_at_ms: nowMs })
        .onConflict((oc) => oc.column('chain_id').doUpdateSet({ address, native_balance: balance.toString(), updated_at_ms: nowMs }))
        .execute();
    },

    async balance(chainId: number): Promise<{ address: string; nativeBalance: string; updatedAtMs: number } | undefined> {
      const row = await db.selectFrom('gasless_submitter').selectAll().where('chain_id', '=', chainId).executeTakeFirst();
      return row ? { address: row.address, nativeBalance: row.native_balance, updatedAtMs: Number(row.updated_at_ms) } : undefined;
    },
  };
}

export type GaslessOrderStore = ReturnType<typeof gaslessOrderStore>;

// The relayer's payouts per destination chain over the last minute, read and written in the store, so that a burst
// of orders cannot drain the inventory at once even across a restart or a standby taking over.
import type { CrosschainDb } from './crosschainTables';

export const PAYOUT_WINDOW_MS = 60_000;

export function relayerPayouts(db: CrosschainDb, windowMs = PAYOUT_WINDOW_MS) {
  return {
    /** Bridge asset paid out on `chainId` in the `windowMs` before `nowMs`. */
    async spent(chainId: number, nowMs: number): Promise<bigint> {
      const rows = await db.selectFrom('relayer_payouts').select('amount').where('chain_id', '=', chainId).where('at_ms', '>', nowMs - windowMs).execute();
      return rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
    },

    /** Records a payout about to be sent (rows older than the window go). */
    async add(chainId: number, orderId: string, amount: bigint, nowMs: number): Promise<void> {
      await db.insertInto('relayer_payouts')
        .values({ id: `${orderId.toLowerCase()}:${nowMs}`, chain_id: chainId, order_id: orderId.toLowerCase(), amount: amount.toString(), at_ms: nowMs })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await db.deleteFrom('relayer_payouts').where('at_ms', '<=', nowMs - windowMs).execute();
    },
  };
}

export type RelayerPayouts = ReturnType<typeof relayerPayouts>;

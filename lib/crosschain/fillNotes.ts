// Reads and writes the relayer's notes on orders it has not filled: the reason (named), attempts, backoff, giving up,
// and any bridge asset it added of its own to a fill. The relayer writes; the status answer reads.
import type { Selectable } from 'kysely';
import type { CrosschainDb, RelayerFillNotesTable } from './crosschainTables';

export type FillNote = {
  orderId: string;
  /** A named reason: the destination settler's error (InsufficientOutput, NativeTransferFailed, …) or the relayer's own. */
  reason: string;
  /** The reason in words, for the tracker. */
  detail: string;
  attempts: number;
  reverts: number;
  gaveUp: boolean;
  nextAttemptAtMs: number;
  /** Destination bridge asset the relayer added of its own to the fill it sent (base units). */
  topUp: bigint | null;
  updatedAt: number;
};

const hex = (value: string) => value.toLowerCase();

function noteOf(row: Selectable<RelayerFillNotesTable>): FillNote {
  return {
    orderId: row.order_id, reason: row.reason, detail: row.detail, attempts: Number(row.attempts), reverts: Number(row.reverts),
    gaveUp: Number(row.gave_up) === 1, nextAttemptAtMs: Number(row.next_attempt_at_ms), topUp: row.top_up === null ? null : BigInt(row.top_up),
    updatedAt: Number(row.updated_at),
  };
}

export function fillNotes(db: CrosschainDb) {
  return {
    async find(orderId: string): Promise<FillNote | undefined> {
      const row = await db.selectFrom('relayer_fill_notes').selectAll().where('order_id', '=', hex(orderId)).executeTakeFirst();
      return row ? noteOf(row) : undefined;
    },

    async findMany(orderIds: readonly string[]): Promise<Map<string, FillNote>> {
      const out = new Map<string, FillNote>();
      if (orderIds.length === 0) return out;
      const rows = await db.selectFrom('relayer_fill_notes').selectAll().where('order_id', 'in', orderIds.map(hex)).execute();
      for (const r of rows) out.set(r.order_id, noteOf(r));
      return out;
    },

    /** Writes the note of `orderId` (whole: the caller computed attempts and backoff from the previous one). */
    async save(note: FillNote): Promise<void> {
      const values = {
        reason: note.reason, detail: note.detail, attempts: note.attempts, reverts: note.reverts, gave_up: note.gaveUp ? 1 : 0,
        next_attempt_at_ms: note.nextAttemptAtMs, top_up: note.topUp === null ? null : note.topUp.toString(), updated_at: note.updatedAt,
      };
      await db.insertInto('relayer_fill_notes').values({ order_id: hex(note.orderId), ...values })
        .onConflict((oc) => oc.column('order_id').doUpdateSet(values)).execute();
    },
  };
}

export type FillNotes = ReturnType<typeof fillNotes>;

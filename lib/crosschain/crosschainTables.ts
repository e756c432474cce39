// Table types of cross-chain orders and relayer progress (migration 0300); amounts are base-unit integers as decimal text.
import type { ColumnType, Kysely } from 'kysely';

/** PostgreSQL returns BIGINT as a string; SQLite as a number. */
type BigIntColumn = ColumnType<number | string, number, number>;
type NullableBigInt = ColumnType<number | string | null, number | null | undefined, number | null>;

/** opened (escrowed on the origin) → filled (destination paid) → settled (relayer repaid), or opened → expired → refunded. */
export type OrderState = 'opened' | 'filled' | 'settled' | 'expired' | 'refunded';
/** The relayer's transaction for an order that was handed to a node and whose receipt is not recorded yet. */
export type PendingKind = 'fill' | 'settle' | 'refund';

export interface CrosschainOrdersTable {
  /** keccak256(originData), lower-case hex. */
  order_id: string;
  quote_id: string;
  src_chain_id: number;
  dst_chain_id: number;
  /** The router that emitted `Open` (EIP-55). */
  origin_settler: string;
  user_address: string;
  recipient: string;
  /** Bridge asset held in escrow on the origin and the amount. */
  escrow_token: string;
  escrow_amount: string;
  /** What the relayer pays on the destination (escrow − this = relayer fee). */
  dst_bridge_amount: string;
  /** Unix seconds on the destination chain's clock. */
  fill_deadline: BigIntColumn;
  /** abi.encode(FillOrder), hex. */
  origin_data: string;
  open_tx_hash: string;
  open_block: BigIntColumn;
  /** Origin block timestamp of the Open. */
  open_ts: BigIntColumn;
  state: OrderState;
  pending_tx_hash: string | null;
  pending_kind: PendingKind | null;
  /** The filler the destination recorded (our relayer, or anyone else who filled). */
  relayer: string | null;
  fill_tx_hash: string | null;
  fill_block: NullableBigInt;
  /** Destination block timestamp of the fill. */
  fill_ts: NullableBigInt;
  amount_out: string | null;
  settle_tx_hash: string | null;
  settle_block: NullableBigInt;
  refund_tx_hash: string | null;
  refund_block: NullableBigInt;
  /** Unix seconds (wall clock). */
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

/** Per chain: the last origin block whose Open events were recorded, and the relayer's inventory there. */
export interface RelayerProgressTable {
  chain_id: number;
  scanned_block: BigIntColumn;
  scanned_hash: string;
  /** Relayer balance of the chain's bridge asset, base units. */
  bridge_inventory: string | null;
  /** Relayer native balance (gas), wei. */
  native_inventory: string | null;
  updated_at_ms: BigIntColumn;
}

/** The relayer's reason for an order it has not filled (migration 0320; see lib/crosschain/fillNotes.ts). */
export interface RelayerFillNotesTable {
  order_id: string;
  reason: string;
  detail: string;
  attempts: number;
  reverts: number;
  /** 1 once the relayer stopped trying: the order waits for its refund. */
  gave_up: number;
  next_attempt_at_ms: BigIntColumn;
  top_up: string | null;
  updated_at: BigIntColumn;
}

/** One payout the relayer committed to in the last minute (migration 0535; see lib/crosschain/relayerPayouts.ts). */
export interface RelayerPayoutsTable {
  /** `<order id>:<ms>`: a fill sent again after a reorg is a payout of its own. */
  id: string;
  chain_id: number;
  order_id: string;
  amount: string;
  at_ms: BigIntColumn;
}

export type CrosschainTables = {
  crosschain_orders: CrosschainOrdersTable; relayer_progress: RelayerProgressTable; relayer_fill_notes: RelayerFillNotesTable; relayer_payouts: RelayerPayoutsTable;
};
export type CrosschainDb = Kysely<CrosschainTables>;

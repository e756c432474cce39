// Table types of gasless orders and the submitter's per-chain state (migrations 0600_gasless_orders, 0601_gasless_replaced_txs,
// 0602_gasless_approval, 0603_gasless_approval_replaced).
import type { Kysely } from 'kysely';

/** PostgreSQL returns BIGINT as a string; SQLite as a number. */
type BigIntColumn = string | number;

export type GaslessOrderState = 'issued' | 'submitted' | 'sent' | 'filled' | 'failed';

export interface GaslessOrdersTable {
  quote_id: string;
  chain_id: number;
  router_address: string;
  from_address: string;
  /** The router call without the permit signature: swapPermit2 (same-chain), or openFor with an empty signature (cross-chain). */
  calldata: string;
  /** Unix seconds. */
  deadline: BigIntColumn;
  gas_fee_amount: string;
  status: GaslessOrderState;
  /** The user's Permit2 signature, once posted. */
  signature: string | null;
  /** The submitter's transaction: recorded before it leaves, so a restart rebroadcasts it rather than sending again. */
  tx_hash: string | null;
  raw_tx: string | null;
  tx_nonce: number | null;
  /** JSON array of the same-nonce transactions this one replaced (migration 0601), oldest first. */
  replaced_tx_hashes: string | null;
  /** JSON of the EIP-2612 permit to Permit2 the quote offered (`gasless.approval`, migration 0602), else null. */
  approval: string | null;
  /** The sender's signature of that permit, once posted. */
  approval_signature: string | null;
  /** The submitter's `token.permit` transaction: recorded before it leaves, like the order's. */
  approval_tx_hash: string | null;
  approval_raw_tx: string | null;
  /** JSON array of the same-nonce transactions the current permit transaction replaced (migration 0603), oldest first. */
  approval_replaced_tx_hashes: string | null;
  /** When the current permit transaction was recorded: it is replaced once it has waited SUBMITTER_BUMP_AFTER_MS unmined. */
  approval_sent_at_ms: BigIntColumn | null;
  /** When the permit's nonce was settled (the permit, a replacement or its cancel mined; or the nonce dropped): no longer followed. */
  approval_settled_at_ms: BigIntColumn | null;
  error_reason: string | null;
  submitted_at_ms: BigIntColumn | null;
  sent_at_ms: BigIntColumn | null;
  updated_at_ms: BigIntColumn;
}

export interface GaslessSubmitterTable {
  chain_id: number;
  address: string;
  /** The submitter's native balance (gas), wei. */
  native_balance: string;
  updated_at_ms: BigIntColumn;
}

export type GaslessTables = { gasless_orders: GaslessOrdersTable; gasless_submitter: GaslessSubmitterTable };
export type GaslessDb = Kysely<GaslessTables>;

// The tracker's steps for a cross-chain swap, derived from the status endpoint's answer (or its absence so far).
import type { OrderDelay } from './orderDelay';
import type { QuoteStatus } from './quoteTypes';

export type StepState = 'done' | 'active' | 'waiting' | 'warning';
export type TrackerStepKey = 'deposit' | 'fill' | 'done' | 'expired' | 'refund';
export type TrackerStep = { key: TrackerStepKey; state: StepState; chainId: number; txHash: string | null };

export type TrackerView = {
  steps: TrackerStep[];
  /** No more changes are coming (settled or refunded). */
  final: boolean;
  /** What the recipient received, once filled. */
  amountReceived: bigint | null;
  /** Who filled on the destination (our relayer or any other filler), once filled. */
  filler: string | null;
  /** When it was filled (Unix seconds, destination clock), once known. */
  filledAt: number | null;
  /** What came back to the sender, once refunded (bridge asset on the source chain). */
  refunded: { token: string; amount: bigint } | null;
};

type Order = { srcChainId: number; dstChainId: number; srcTxHash: string | null };

const NOTHING_MORE = { amountReceived: null, filler: null, filledAt: null, refunded: null };

/**
 * (submitted →) issued → deposited → filled → settled, or deposited → expired → refunded; a late delivery is a warning,
 * not a wait. A gasless order is `submitted` while Swapdesk sends its deposit, and `failed` (final) if it could not; an
 * order `expired` with no deposit seen ends there too (nothing was escrowed, so nothing is refunded).
 */
export function trackerView(order: Order, status: QuoteStatus | undefined, delay?: OrderDelay): TrackerView {
  const s = status?.status ?? 'issued';
  const srcTx = status?.src_tx_hash ?? order.srcTxHash;
  const depositing = s === 'issued' || s === 'submitted';
  // Never deposited: Swapdesk could not send it, or the quote expired before any deposit was seen.
  const neverDeposited = s === 'failed' || (s === 'expired' && !status?.src_tx_hash && !status?.escrow);
  const deposit: TrackerStep = { key: 'deposit', state: depositing ? 'active' : neverDeposited ? 'warning' : 'done', chainId: order.srcChainId, txHash: srcTx };
  if (neverDeposited) return { steps: [deposit], final: true, ...NOTHING_MORE };
  const amountReceived = status?.amount_out_actual ? BigInt(status.amount_out_actual) : null;
  if (s === 'expired' || s === 'refunded') {
    const escrow = status?.escrow;
    return {
      steps: [
        deposit,
        { key: 'expired', state: 'warning', chainId: order.dstChainId, txHash: null },
        { key: 'refund', state: s === 'refunded' ? 'done' : 'active', chainId: order.srcChainId, txHash: status?.refund_tx_hash ?? null },
      ],
      final: s === 'refunded',
      amountReceived: null,
      filler: null,
      filledAt: null,
      refunded: s === 'refunded' && escrow ? { token: escrow.token, amount: BigInt(escrow.amount) } : null,
    };
  }
  const filled = s === 'filled' || s === 'settled';
  return {
    steps: [
      deposit,
      { key: 'fill', state: filled ? 'done' : s === 'deposited' ? (delay?.delayed ? 'warning' : 'active') : 'waiting', chainId: order.dstChainId, txHash: status?.dst_tx_hash ?? null },
      { key: 'done', state: s === 'settled' ? 'done' : filled ? 'active' : 'waiting', chainId: order.srcChainId, txHash: status?.settle_tx_hash ?? null },
    ],
    final: s === 'settled',
    amountReceived,
    filler: filled ? (status?.filler ?? null) : null,
    filledAt: filled ? (status?.filled_at ?? null) : null,
    refunded: null,
  };
}

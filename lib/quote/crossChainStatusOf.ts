// The status of a cross-chain quote, derived from its stored quote, the relayer's order record and the chains' clocks.
import type { QuoteStatus } from '@/lib/api/schemas/quote';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import type { StoredQuote } from './quoteStore';

/** A deposit seen on the source chain that the relayer has not recorded yet (it may be down). */
export type SeenDeposit = { txHash: string; escrowToken: string; escrowAmount: string };

export type CrossChainEvidence = {
  order: StoredOrder | undefined;
  deposit?: SeenDeposit;
  /** The destination chain's clock (latest block timestamp), when known. */
  dstTime?: bigint;
};

/**
 * issued → deposited → filled → settled, or deposited → expired → refunded. An order still `opened` whose fill
 * deadline the destination clock has passed is `expired` even before the relayer says so (it may be down);
 * an undeposited quote past its deadline is `expired` for good (the quote store says so).
 */
export function crossChainStatusOf(quote: StoredQuote, evidence: CrossChainEvidence): QuoteStatus {
  const { order, deposit, dstTime } = evidence;
  const fillDeadline = order?.fill_deadline ?? quote.fill_deadline;
  const base = {
    quote_id: quote.quote_id,
    src_chain_id: quote.src_chain_id,
    dst_chain_id: quote.dst_chain_id,
    order_id: order?.order_id ?? quote.order_id,
    fill_deadline: fillDeadline,
  };
  if (!order) {
    const escrow = deposit ? { chain_id: quote.src_chain_id, token: deposit.escrowToken, amount: deposit.escrowAmount } : null;
    const pastFill = dstTime !== undefined && fillDeadline !== null && dstTime > BigInt(fillDeadline);
    const status = deposit ? (pastFill ? 'expired' : 'deposited') : quote.status === 'expired' ? 'expired' : 'issued';
    return {
      ...base, status, src_tx_hash: deposit?.txHash ?? null, dst_tx_hash: null, amount_out_actual: null,
      refund_tx_hash: null, settle_tx_hash: null, escrow, updated_at: quote.updated_at,
    };
  }
  const pastFill = dstTime !== undefined && dstTime > BigInt(order.fill_deadline);
  const status = order.state === 'opened' ? (pastFill ? 'expired' : 'deposited') : order.state;
  return {
    ...base,
    status,
    src_tx_hash: order.open_tx_hash,
    dst_tx_hash: order.fill_tx_hash,
    amount_out_actual: order.amount_out,
    refund_tx_hash: order.refund_tx_hash,
    settle_tx_hash: order.settle_tx_hash,
    escrow: { chain_id: order.src_chain_id, token: order.escrow_token, amount: order.escrow_amount },
    updated_at: Math.max(order.updated_at, quote.updated_at),
  };
}

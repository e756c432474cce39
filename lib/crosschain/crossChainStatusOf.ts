// The status of a cross-chain quote, derived from its stored quote, the relayer's order record and the chains' clocks.
import { getAddress } from 'viem';
import type { QuoteStatus } from '@/lib/api/schemas/quote';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import type { FillNote } from '@/lib/crosschain/fillNotes';
import type { StoredQuote } from '@/lib/quote/quoteStore';

/** A deposit seen on the source chain that the relayer has not recorded yet (it may be down). */
export type SeenDeposit = { txHash: string; escrowToken: string; escrowAmount: string; /** As opened: it binds the escrow produced. */ orderId?: string };

/**
 * What the chains say of an order the relayer has not recorded past `opened` (it may be down or behind, and another
 * filler may have filled): the destination settler's fill record and the origin router's state.
 */
export type ChainOrderState = {
  fill?: { filler: string; amountOut: bigint; filledAt: number; txHash: string | null };
  origin?: 'opened' | 'settled' | 'refunded';
};

export type CrossChainEvidence = {
  order: StoredOrder | undefined;
  deposit?: SeenDeposit;
  /** Read from the chains when the order is missing or still `opened` in the store. */
  chain?: ChainOrderState;
  /** The destination chain's clock (latest block timestamp), when known. */
  dstTime?: bigint;
  /** The relayer's note on the order: why it has not filled it, or what it added of its own. */
  note?: FillNote;
  /** The source router's REFUND_GRACE_SEC, when known. */
  refundGraceSec?: number;
};

type Delay = Pick<QuoteStatus, 'delayed' | 'delay_reason' | 'refund_possible_at' | 'refund_permissionless_at' | 'relayer_top_up'>;

/** Whether a non-final order is held up and why, and when its refund becomes possible. */
function delayOf(status: QuoteStatus['status'], fillDeadline: number | null, evidence: CrossChainEvidence): Delay {
  const { note, refundGraceSec } = evidence;
  const pending = status === 'deposited' || status === 'expired';
  const held = note && note.reason !== 'ToppedUp' ? note : undefined;
  let reason = held ? held.detail : null;
  if (held?.gaveUp) reason = `the relayer will not fill this order: ${reason}; the escrow and the service fee are refunded after the fill deadline`;
  if (status === 'expired' && !held) reason = 'the fill deadline passed without a fill; the escrow and the service fee are refunded';
  return {
    delayed: pending && (held !== undefined || status === 'expired'),
    delay_reason: status === 'deposited' || status === 'expired' || status === 'refunded' ? reason : null,
    refund_possible_at: pending && fillDeadline !== null ? fillDeadline + 1 : null,
    refund_permissionless_at: pending && fillDeadline !== null && refundGraceSec !== undefined ? fillDeadline + refundGraceSec + 1 : null,
    relayer_top_up: note?.topUp !== undefined && note.topUp !== null && (status === 'filled' || status === 'settled') ? note.topUp.toString() : null,
  };
}

/** The status a stored or seen deposit has by the chains' own records, when they are further along than the store. */
function chainStatus(chain: ChainOrderState | undefined): 'filled' | 'settled' | 'refunded' | undefined {
  if (chain?.origin === 'settled') return 'settled';
  if (chain?.origin === 'refunded') return 'refunded';
  return chain?.fill ? 'filled' : undefined;
}

/**
 * issued → deposited → filled → settled, or deposited → expired → refunded. An order still `opened` whose fill
 * deadline the destination clock has passed is `expired` even before the relayer says so (it may be down);
 * an undeposited quote past its deadline is `expired` for good (the quote store says so). A deposit the relayer has
 * not recorded as filled is `filled`, `settled` or `refunded` when the chains say so (another filler filled it).
 */
export function crossChainStatusOf(quote: StoredQuote, evidence: CrossChainEvidence): QuoteStatus {
  const { order, deposit, dstTime } = evidence;
  const fillDeadline = order?.fill_deadline ?? quote.fill_deadline;
  const base = {
    quote_id: quote.quote_id,
    src_chain_id: quote.src_chain_id,
    dst_chain_id: quote.dst_chain_id,
    order_id: order?.order_id ?? deposit?.orderId?.toLowerCase() ?? quote.order_id,
    fill_deadline: fillDeadline,
  };
  const onChain = order?.state === 'opened' || (!order && deposit) ? chainStatus(evidence.chain) : undefined;
  const chainFill = onChain ? evidence.chain?.fill : undefined;
  const fillFields = chainFill
    ? { dst_tx_hash: chainFill.txHash, amount_out_actual: chainFill.amountOut.toString(), filler: getAddress(chainFill.filler), filled_at: chainFill.filledAt }
    : undefined;
  if (!order) {
    const escrow = deposit ? { chain_id: quote.src_chain_id, token: deposit.escrowToken, amount: deposit.escrowAmount } : null;
    const pastFill = dstTime !== undefined && fillDeadline !== null && dstTime > BigInt(fillDeadline);
    const status = onChain ?? (deposit ? (pastFill ? 'expired' : 'deposited') : quote.status === 'expired' ? 'expired' : 'issued');
    return {
      ...base, status, src_tx_hash: deposit?.txHash ?? null, dst_tx_hash: null, amount_out_actual: null,
      refund_tx_hash: null, settle_tx_hash: null, filler: null, filled_at: null, escrow,
      ...fillFields, updated_at: Math.max(quote.updated_at, chainFill?.filledAt ?? 0),
      ...(deposit ? delayOf(status, fillDeadline, evidence) : {}),
    };
  }
  const pastFill = dstTime !== undefined && dstTime > BigInt(order.fill_deadline);
  const status = onChain ?? (order.state === 'opened' ? (pastFill ? 'expired' : 'deposited') : order.state);
  return {
    ...base,
    status,
    src_tx_hash: order.open_tx_hash,
    dst_tx_hash: order.fill_tx_hash,
    amount_out_actual: order.amount_out,
    refund_tx_hash: order.refund_tx_hash,
    settle_tx_hash: order.settle_tx_hash,
    filler: order.relayer === null ? null : getAddress(order.relayer),
    filled_at: order.fill_ts,
    escrow: { chain_id: order.src_chain_id, token: order.escrow_token, amount: order.escrow_amount },
    ...fillFields,
    updated_at: Math.max(order.updated_at, quote.updated_at, chainFill?.filledAt ?? 0),
    ...delayOf(status, order.fill_deadline, evidence),
  };
}

// Whether a cross-chain order is late, why, and when its refund becomes possible: the status endpoint's own answer
// (`delayed`, `delay_reason`, `refund_possible_at`), and what its state and clocks imply where it says nothing.
import type { QuoteStatus } from './quoteTypes';

/** A deposit not delivered this long after it was sent (or three expected fill times, if longer) is late. */
export const DELAYED_AFTER_SEC = 60;

/** The fields the status endpoint adds for late orders; absent from older servers. */
type DelayFields = { delayed?: boolean | null; delay_reason?: string | null; refund_possible_at?: number | null };

export type OrderDelay = {
  delayed: boolean;
  /** Why, in words, when known. */
  reason: string | null;
  /** Unix seconds from which the deposit (and the service fee) can come back; null when not delayed. */
  refundPossibleAt: number | null;
};

const ON_TIME: OrderDelay = { delayed: false, reason: null, refundPossibleAt: null };

/**
 * `sentAtSec`: when the deposit was sent (the tracker's record) or the quote issued (the activity list): a stable
 * reference, unlike the status's `updated_at`, which moves with every attempt the relayer records.
 */
export function orderDelay(status: (QuoteStatus & DelayFields) | undefined, clocks: { nowSec: number; sentAtSec: number; expectedFillSec: number | null }): OrderDelay {
  if (!status || (status.status !== 'deposited' && status.status !== 'expired')) return ON_TIME;
  // An order the relayer cannot deliver is refunded once its fill deadline has passed on the destination.
  const refundPossibleAt = status.refund_possible_at ?? status.fill_deadline ?? null;
  if (status.status === 'expired') {
    return { delayed: true, reason: status.delay_reason ?? 'it was not delivered by its deadline', refundPossibleAt };
  }
  const lateAfter = Math.max(DELAYED_AFTER_SEC, 3 * (clocks.expectedFillSec ?? 0));
  // The server's word, or the trader's clock: a relayer that is down records no reason, yet the order is late.
  const delayed = status.delayed === true || clocks.nowSec - clocks.sentAtSec > lateAfter;
  if (!delayed) return ON_TIME;
  return { delayed: true, reason: status.delay_reason ?? 'the relayer has not delivered it yet', refundPossibleAt };
}

// Why a gasless order did not go through, in words the review shows: a refused gasless quote, a refused POST /v1/orders
// or a failed order.
import { ApiCallError } from './apiFetch';

const NOTHING_MOVED = 'Nothing left your wallet.';

/** A refused or unanswered POST /v1/orders (API.md §9). */
export function gaslessOrderError(error: unknown): string {
  if (!(error instanceof ApiCallError)) return `The order could not be handed to Swapdesk. ${NOTHING_MOVED} Get a new quote and try again.`;
  if (error.type === 'NETWORK') return `The Swapdesk server did not answer, so the order was not handed over. ${NOTHING_MOVED} Check your connection and get a new quote.`;
  if (error.type === 'ORDER_EXISTS') return `This quote was already handed to Swapdesk as an order (${String(error.details.status ?? 'submitted')}); follow it in Activity.`;
  if (error.field === 'quote_id' && /expire/i.test(error.message)) return `The quote expired before Swapdesk could send it. ${NOTHING_MOVED} Get a new quote.`;
  if (error.field === 'signature') return `Swapdesk refused the order: the signature is not this wallet's signature of the quote. ${NOTHING_MOVED}`;
  return `Swapdesk refused the order: ${error.message}. ${NOTHING_MOVED}`;
}

/** A gasless order the submitter could not send (status `failed` with `error.reason`). */
export function gaslessFailure(reason: string | undefined): string {
  return `Swapdesk could not send your swap${reason ? `: ${reason}` : ''}. ${NOTHING_MOVED} Get a new quote to try again.`;
}

/** A gasless firm quote refused because its gas fee does not fit the router's fee cap; undefined for any other error. */
export function gaslessQuoteError(error: ApiCallError, symbolIn: string): string | undefined {
  if (error.type !== 'AMOUNT_TOO_SMALL' || error.field !== 'amount_in') return undefined;
  return `This amount is too small for a gasless swap: its gas fee, paid in ${symbolIn}, would take more than the 1 % the router allows. Swap a larger amount, or add ETH to pay the gas yourself.`;
}

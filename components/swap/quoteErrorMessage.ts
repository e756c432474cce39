// Turns an API failure into one plain sentence and the form field it belongs next to.
import { ApiCallError } from './apiFetch';

export type QuoteErrorPlace = 'amount' | 'tokenOut' | 'form';
export type QuoteErrorView = { place: QuoteErrorPlace; message: string };

const capitalised = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

/** `symbols` names the tokens on screen so the sentence can say which pair or amount failed. */
export function quoteErrorMessage(error: unknown, symbols: { in: string; out: string }): QuoteErrorView {
  if (!(error instanceof ApiCallError)) return { place: 'form', message: 'Something went wrong while asking a quote. Try again.' };
  switch (error.type) {
    case 'NO_ROUTE':
      return { place: 'tokenOut', message: `No pool path connects ${symbols.in} to ${symbols.out}. Pick another token.` };
    case 'INSUFFICIENT_LIQUIDITY':
      // Across networks the limit may be the relayer's fill time or its inventory on the destination.
      if (error.field === 'dst_chain_id') return { place: 'form', message: 'Deliveries to that network are slow right now. Try again in a few minutes.' };
      if (/relayer/.test(error.message)) return { place: 'amount', message: `The relayer cannot deliver this much ${symbols.out} to that network right now. Try a smaller amount.` };
      return { place: 'amount', message: `Not enough liquidity to swap this much ${symbols.in}. Try a smaller amount.` };
    case 'AMOUNT_TOO_SMALL':
      return { place: 'amount', message: `This amount is too small: after fees you would receive no ${symbols.out}.` };
    case 'CHAIN_UNAVAILABLE':
      return { place: 'form', message: 'The network is not answering right now. The quote will refresh when it is back.' };
    case 'RATE_LIMITED': {
      const wait = error.retryAfterSec;
      return { place: 'form', message: `Too many quote requests. Retrying in ${wait ?? 'a few'} second${wait === 1 ? '' : 's'}.` };
    }
    case 'UNSUPPORTED_CHAIN':
      return { place: 'tokenOut', message: `Swaps from ${symbols.in} to ${symbols.out} across these two networks are not available. Pick another network.` };
    case 'UNSUPPORTED_TOKEN':
      return { place: 'tokenOut', message: `${symbols.out} cannot be swapped on this chain.` };
    case 'INVALID_ARGUMENT':
      if (error.field === 'dst_chain_id') return { place: 'tokenOut', message: 'Swaps between two networks are not available yet: pick both tokens on the same network.' };
      return { place: 'form', message: capitalised(error.message) };
    case 'UNAUTHENTICATED':
      return { place: 'form', message: 'Your session expired. Reconnecting…' };
    case 'NETWORK':
      return { place: 'form', message: error.message };
    default:
      return { place: 'form', message: capitalised(error.message) };
  }
}

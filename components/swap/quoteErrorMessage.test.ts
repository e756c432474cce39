import { describe, expect, it } from 'vitest';
import { ApiCallError } from './apiFetch';
import { quoteErrorMessage } from './quoteErrorMessage';

const symbols = { in: 'USDC', out: 'WBTC' };
const err = (type: ConstructorParameters<typeof ApiCallError>[0], details: Record<string, unknown> = {}) => new ApiCallError(type, 'server sentence', 422, details);

describe('quote errors in plain sentences, next to the field they concern', () => {
  it('places route problems at the receive token and amount problems at the amount', () => {
    expect(quoteErrorMessage(err('NO_ROUTE'), symbols)).toEqual({ place: 'tokenOut', message: 'No pool path connects USDC to WBTC. Pick another token.' });
    expect(quoteErrorMessage(err('INSUFFICIENT_LIQUIDITY'), symbols).place).toBe('amount');
    expect(quoteErrorMessage(err('AMOUNT_TOO_SMALL'), symbols)).toEqual({ place: 'amount', message: 'This amount is too small: after fees you would receive no WBTC.' });
  });
  it('says when a rate limit will be retried, and that an unavailable chain will refresh', () => {
    expect(quoteErrorMessage(err('RATE_LIMITED', { retry_after_sec: 7 }), symbols).message).toBe('Too many quote requests. Retrying in 7 seconds.');
    expect(quoteErrorMessage(err('RATE_LIMITED', { retry_after_sec: 1 }), symbols).message).toBe('Too many quote requests. Retrying in 1 second.');
    expect(quoteErrorMessage(err('CHAIN_UNAVAILABLE'), symbols)).toMatchObject({ place: 'form', message: expect.stringMatching(/not answering/) });
  });
  it('a pair across two networks is explained at the receive token', () => {
    expect(quoteErrorMessage(err('INVALID_ARGUMENT', { field: 'dst_chain_id' }), symbols)).toEqual({ place: 'tokenOut', message: 'Swaps between two networks are not available yet: pick both tokens on the same network.' });
  });
  it('across networks, the relayer limit is said as the server says it, and networks that cannot be bridged at the receive token', () => {
    const relayer = new ApiCallError('INSUFFICIENT_LIQUIDITY', 'amount_in is more than the relayer can deliver on chain 31338 right now', 422, { field: 'amount_in' });
    expect(quoteErrorMessage(relayer, symbols)).toEqual({ place: 'amount', message: 'The relayer cannot deliver this much WBTC to that network right now. Try a smaller amount.' });
    expect(quoteErrorMessage(err('INSUFFICIENT_LIQUIDITY', { field: 'dst_chain_id' }), symbols).message).toMatch(/slow right now/);
    expect(quoteErrorMessage(err('UNSUPPORTED_CHAIN', { field: 'dst_chain_id' }), symbols).place).toBe('tokenOut');
  });
  it('anything unexpected is a generic sentence, never a stack', () => {
    expect(quoteErrorMessage(new TypeError('x is undefined'), symbols)).toEqual({ place: 'form', message: 'Something went wrong while asking a quote. Try again.' });
  });
});

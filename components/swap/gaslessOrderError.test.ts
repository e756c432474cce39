import { describe, expect, it } from 'vitest';
import { ApiCallError } from './apiFetch';
import { gaslessFailure, gaslessOrderError, gaslessQuoteError } from './gaslessOrderError';

describe('gaslessOrderError', () => {
  it('an expired quote asks for a new quote and says nothing moved', () => {
    const error = new ApiCallError('INVALID_ARGUMENT', 'quote_id 0xab expired at 1700000000; ask a new gasless quote', 400, { field: 'quote_id' });
    expect(gaslessOrderError(error)).toBe('The quote expired before Swapdesk could send it. Nothing left your wallet. Get a new quote.');
  });
  it('a refused signature names the signature', () => {
    const error = new ApiCallError('INVALID_ARGUMENT', 'signature is not from_address 0x1 signature', 400, { field: 'signature' });
    expect(gaslessOrderError(error)).toMatch(/^Swapdesk refused the order: the signature is not this wallet's signature/);
  });
  it('a second post reads as the order already handed over, with its status', () => {
    const error = new ApiCallError('ORDER_EXISTS', 'already posted', 409, { field: 'quote_id', status: 'filled' });
    expect(gaslessOrderError(error)).toContain('already handed to Swapdesk as an order (filled)');
  });
  it('any other refusal quotes the server and an unanswered call says so', () => {
    expect(gaslessOrderError(new ApiCallError('INVALID_ARGUMENT', 'quote_id 0xab is not a gasless quote', 400, { field: 'quote_id' }))).toBe(
      'Swapdesk refused the order: quote_id 0xab is not a gasless quote. Nothing left your wallet.',
    );
    expect(gaslessOrderError(new ApiCallError('NETWORK', 'down', 0))).toMatch(/^The Swapdesk server did not answer/);
    expect(gaslessOrderError(new Error('boom'))).toMatch(/^The order could not be handed to Swapdesk/);
  });
  it('a submitter failure gives its reason', () => {
    expect(gaslessFailure('InsufficientOutput')).toBe('Swapdesk could not send your swap: InsufficientOutput. Nothing left your wallet. Get a new quote to try again.');
    expect(gaslessFailure(undefined)).toBe('Swapdesk could not send your swap. Nothing left your wallet. Get a new quote to try again.');
  });
});

describe('gaslessQuoteError', () => {
  it('a gas fee above the fee cap asks for a larger amount', () => {
    const error = new ApiCallError('AMOUNT_TOO_SMALL', 'amount_in is too small for a gasless order', 400, { field: 'amount_in' });
    expect(gaslessQuoteError(error, 'USDC')).toMatch(/^This amount is too small for a gasless swap: its gas fee, paid in USDC/);
  });
  it('leaves other quote errors to the usual messages', () => {
    expect(gaslessQuoteError(new ApiCallError('NO_ROUTE', 'no route', 400, { field: 'token_out' }), 'USDC')).toBeUndefined();
  });
});

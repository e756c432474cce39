import { describe, expect, it } from 'vitest';
import { swapAction, type SwapSituation } from './swapAction';

const ready: SwapSituation = { amountIn: 10n, connected: true, onRightNetwork: true, balance: 100n, symbolIn: 'USDC', signedIn: true, recipientIncomplete: false, hasQuote: true, quoteFailed: false };

describe('swap action button', () => {
  it('walks the trader through each step in order', () => {
    expect(swapAction({ ...ready, amountIn: null, connected: false }).label).toBe('Enter an amount');
    expect(swapAction({ ...ready, connected: false, onRightNetwork: false }).label).toBe('Connect wallet');
    expect(swapAction({ ...ready, onRightNetwork: false, balance: 0n }).label).toBe('Switch network');
    expect(swapAction({ ...ready, balance: 9n, signedIn: false })).toEqual({ kind: 'insufficient', label: 'Insufficient USDC balance', disabled: true });
    expect(swapAction({ ...ready, signedIn: false, recipientIncomplete: true }).label).toBe('Sign in to swap');
    expect(swapAction({ ...ready, recipientIncomplete: true })).toMatchObject({ label: 'Confirm the recipient address', disabled: true });
    expect(swapAction({ ...ready, hasQuote: false })).toMatchObject({ kind: 'waitQuote', disabled: true });
    expect(swapAction({ ...ready, hasQuote: false, quoteFailed: true })).toMatchObject({ kind: 'noQuote', disabled: true });
    expect(swapAction(ready)).toEqual({ kind: 'review', label: 'Review swap', disabled: false });
  });
  it('an unknown balance does not block (it is still loading)', () => {
    expect(swapAction({ ...ready, balance: undefined }).kind).toBe('review');
  });
});

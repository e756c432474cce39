import { describe, expect, it } from 'vitest';
import type { FirmQuoteResult } from './requestFirmQuote';
import { reviewSteps } from './reviewSteps';
import type { SwapStep } from './useSwapExecution';

const offer = {} as FirmQuoteResult;
const states = (step: SwapStep, gasless: boolean, needsApproval: boolean) =>
  reviewSteps({ step, symbolIn: 'USDC', gasless, needsApproval }).map((s) => `${s.label}: ${s.state}`);

describe('reviewSteps', () => {
  it('names the one-time enable, then Sign and swap, or Sign when gasless', () => {
    expect(states({ kind: 'review', offer }, false, true)).toEqual(['Enable USDC (one time): ready', 'Sign and swap: waiting']);
    expect(states({ kind: 'review', offer }, true, false)).toEqual(['Enable USDC (one time): done', 'Sign: ready']);
  });
  it('a gasless wallet that has not enabled the token is blocked at the enable step, unless the token\'s permit can be signed instead', () => {
    expect(states({ kind: 'review', offer }, true, true)).toEqual(['Enable USDC (one time): blocked', 'Sign: waiting']);
    const bySignature = (step: SwapStep, needsApproval: boolean) => reviewSteps({ step, symbolIn: 'USDC', gasless: true, needsApproval, enableBySignature: true }).map((s) => `${s.label}: ${s.state}`);
    expect(bySignature({ kind: 'review', offer }, true)).toEqual(['Enable USDC (one time): ready', 'Sign: waiting']);
    expect(bySignature({ kind: 'approving', offer }, true)).toEqual(['Enable USDC (one time): pending', 'Sign: waiting']);
    expect(bySignature({ kind: 'review', offer }, false)).toEqual(['Enable USDC (one time): done', 'Sign: ready']);
  });
  it('each step has its own pending state', () => {
    expect(states({ kind: 'approving', offer }, false, true)).toEqual(['Enable USDC (one time): pending', 'Sign and swap: waiting']);
    for (const kind of ['permitting', 'submitting', 'relaying'] as const) {
      expect(states({ kind, offer }, true, false)).toEqual(['Enable USDC (one time): done', 'Sign: pending']);
    }
    expect(states({ kind: 'pending', offer, hash: '0x01' }, false, false)).toEqual(['Enable USDC (one time): done', 'Sign and swap: pending']);
  });
  it('a failure marks the step that failed', () => {
    expect(states({ kind: 'failed', message: 'x', at: 'enable' }, false, false)).toEqual(['Enable USDC (one time): failed', 'Sign and swap: waiting']);
    expect(states({ kind: 'failed', message: 'x', at: 'swap' }, true, false)).toEqual(['Enable USDC (one time): done', 'Sign: failed']);
  });
  it('a filled swap is done', () => {
    expect(states({ kind: 'success', offer, hash: '0x01', amountOut: 1n }, true, false)).toEqual(['Enable USDC (one time): done', 'Sign: done']);
  });
});

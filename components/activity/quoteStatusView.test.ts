import { describe, expect, it } from 'vitest';
import { quoteStatusView } from './quoteStatusView';

describe('quoteStatusView', () => {
  it('same-chain quotes end filled or expired', () => {
    expect(quoteStatusView('issued', false)).toMatchObject({ label: 'Quoted', final: false });
    expect(quoteStatusView('filled', false)).toMatchObject({ label: 'Swapped', final: true, tone: 'done' });
    expect(quoteStatusView('expired', false)).toMatchObject({ final: true, tone: 'failed' });
  });

  it('cross-chain quotes keep moving until settled or refunded; an expired deposit is not final', () => {
    expect(['issued', 'deposited', 'filled'].map((s) => quoteStatusView(s as 'issued', true).final)).toEqual([false, false, false]);
    expect(quoteStatusView('settled', true)).toMatchObject({ label: 'Complete', final: true });
    expect(quoteStatusView('expired', true, true)).toMatchObject({ final: false, detail: expect.stringContaining('refund') });
    expect(quoteStatusView('expired', true, false)).toMatchObject({ final: true });
    expect(quoteStatusView('refunded', true)).toMatchObject({ tone: 'returned', final: true });
  });
});

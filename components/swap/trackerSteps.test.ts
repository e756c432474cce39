import { describe, expect, it } from 'vitest';
import type { QuoteStatus } from './quoteTypes';
import { trackerView } from './trackerSteps';

const order = { srcChainId: 31337, dstChainId: 31338, srcTxHash: '0xsent' };
const status = (over: Partial<QuoteStatus>): QuoteStatus => ({
  quote_id: '0x01', status: 'issued', src_tx_hash: null, dst_tx_hash: null, amount_out_actual: null, updated_at: 1, ...over,
});
const states = (v: ReturnType<typeof trackerView>) => v.steps.map((s) => `${s.key}:${s.state}`);

describe('trackerView', () => {
  it('before the status endpoint has seen the deposit, shows the sent transaction as the active deposit', () => {
    const v = trackerView(order, undefined);
    expect(states(v)).toEqual(['deposit:active', 'fill:waiting', 'done:waiting']);
    expect(v.steps[0]?.txHash).toBe('0xsent');
    expect(v.final).toBe(false);
  });

  it('follows a gasless order from submitted (no transaction of the wallet) to its deposit, or ends it when Swapdesk could not send it', () => {
    const gasless = { ...order, srcTxHash: null };
    const waiting = trackerView(gasless, undefined);
    expect(states(waiting)).toEqual(['deposit:active', 'fill:waiting', 'done:waiting']);
    expect(waiting.steps[0]?.txHash).toBeNull();
    const submitted = trackerView(gasless, status({ status: 'submitted', src_tx_hash: '0xopenfor' }));
    expect(states(submitted)).toEqual(['deposit:active', 'fill:waiting', 'done:waiting']);
    expect(submitted.steps[0]?.txHash).toBe('0xopenfor');
    expect(states(trackerView(gasless, status({ status: 'deposited', src_tx_hash: '0xopenfor' })))).toEqual(['deposit:done', 'fill:active', 'done:waiting']);
    const failed = trackerView(gasless, status({ status: 'failed', error: { reason: 'the permit was already used' } }));
    expect(states(failed)).toEqual(['deposit:warning']);
    expect(failed.final).toBe(true);
    const expired = trackerView(gasless, status({ status: 'expired' }));
    expect(states(expired)).toEqual(['deposit:warning']);
    expect(expired.final).toBe(true);
  });

  it('walks deposited → filled (with the amount that arrived) → settled', () => {
    expect(states(trackerView(order, status({ status: 'deposited', src_tx_hash: '0xdep' })))).toEqual(['deposit:done', 'fill:active', 'done:waiting']);
    const filled = trackerView(order, status({ status: 'filled', src_tx_hash: '0xdep', dst_tx_hash: '0xfill', amount_out_actual: '1234' }));
    expect(states(filled)).toEqual(['deposit:done', 'fill:done', 'done:active']);
    expect(filled.amountReceived).toBe(1234n);
    expect(filled.filler).toBeNull();
    expect(trackerView(order, status({ status: 'filled', dst_tx_hash: '0xfill', filler: '0x00000000000000000000000000000000000000f1', filled_at: 1_800_000_000 })))
      .toMatchObject({ filler: '0x00000000000000000000000000000000000000f1', filledAt: 1_800_000_000 });
    expect(filled.filledAt).toBeNull();
    expect(filled.steps[1]).toMatchObject({ chainId: 31338, txHash: '0xfill' });
    const settled = trackerView(order, status({ status: 'settled', dst_tx_hash: '0xfill', amount_out_actual: '1234' }));
    expect(states(settled)).toEqual(['deposit:done', 'fill:done', 'done:done']);
    expect(settled.final).toBe(true);
  });

  it('expired is not final: the refund follows, with what came back', () => {
    const expired = trackerView(order, status({ status: 'expired', escrow: { chain_id: 31337, token: '0xusdc', amount: '500' } }));
    expect(states(expired)).toEqual(['deposit:done', 'expired:warning', 'refund:active']);
    expect(expired.final).toBe(false);
    const refunded = trackerView(order, status({ status: 'refunded', refund_tx_hash: '0xback', escrow: { chain_id: 31337, token: '0xusdc', amount: '500' } }));
    expect(states(refunded)).toEqual(['deposit:done', 'expired:warning', 'refund:done']);
    expect(refunded).toMatchObject({ final: true, refunded: { token: '0xusdc', amount: 500n } });
    expect(refunded.steps[2]?.txHash).toBe('0xback');
  });

  it('a late delivery turns the fill step into a warning', () => {
    const late = trackerView(order, status({ status: 'deposited', src_tx_hash: '0xdep' }), { delayed: true, reason: 'slow', refundPossibleAt: 5 });
    expect(states(late)).toEqual(['deposit:done', 'fill:warning', 'done:waiting']);
    expect(late.final).toBe(false);
  });
});

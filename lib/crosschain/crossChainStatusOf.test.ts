import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import type { FillNote } from '@/lib/crosschain/fillNotes';
import { crossChainStatusOf } from './crossChainStatusOf';
import type { StoredQuote } from '@/lib/quote/quoteStore';

const ORDER_ID = `0x${'ab'.repeat(32)}`;
const quote: StoredQuote = {
  quote_id: `0x${'11'.repeat(32)}`, sub: 'me', src_chain_id: 31337, dst_chain_id: 31338, router_address: '0x1', from_address: '0x2', to_address: '0x3',
  token_in: '0x0000000000000000000000000000000000000000', token_out: '0x4', amount_in: '1000', amount_out: '900', min_amount_out: '890', fee_amount: '2',
  deadline: 1_000, issued_block: 5, status: 'issued', src_tx_hash: null, dst_tx_hash: null, amount_out_actual: null, filled_block: null,
  order_id: ORDER_ID, fill_deadline: 1_300, created_at: 900, updated_at: 900,
};
const order = (over: Partial<StoredOrder>): StoredOrder => ({
  order_id: ORDER_ID, quote_id: quote.quote_id, src_chain_id: 31337, dst_chain_id: 31338, origin_settler: '0x1', user_address: '0x2', recipient: '0x3',
  escrow_token: '0xUSDC', escrow_amount: '3000000', dst_bridge_amount: '2990000', fill_deadline: 1_300, origin_data: '0x', open_tx_hash: '0xopen',
  open_block: 6, open_ts: 950, state: 'opened', pending_tx_hash: null, pending_kind: null, relayer: null, fill_tx_hash: null, fill_block: null,
  fill_ts: null, amount_out: null, settle_tx_hash: null, settle_block: null, refund_tx_hash: null, refund_block: null, created_at: 951, updated_at: 951,
  ...over,
});

describe('crossChainStatusOf', () => {
  it('walks issued → deposited → filled → settled with both transactions and the amount received', () => {
    expect(crossChainStatusOf(quote, { order: undefined, dstTime: 960n })).toMatchObject({ status: 'issued', src_tx_hash: null, order_id: ORDER_ID, fill_deadline: 1_300 });
    expect(crossChainStatusOf(quote, { order: order({}), dstTime: 960n })).toMatchObject({
      status: 'deposited', src_tx_hash: '0xopen', escrow: { chain_id: 31337, token: '0xUSDC', amount: '3000000' },
    });
    const filled = order({ state: 'filled', fill_tx_hash: '0xfill', amount_out: '895', updated_at: 970 });
    expect(crossChainStatusOf(quote, { order: filled, dstTime: 5_000n })).toMatchObject({ status: 'filled', dst_tx_hash: '0xfill', amount_out_actual: '895', updated_at: 970 });
    const settled = order({ state: 'settled', fill_tx_hash: '0xfill', amount_out: '895', settle_tx_hash: '0xsettle' });
    expect(crossChainStatusOf(quote, { order: settled })).toMatchObject({ status: 'settled', src_tx_hash: '0xopen', dst_tx_hash: '0xfill', settle_tx_hash: '0xsettle' });
  });

  it('a deposit past its fill deadline on the destination clock is expired before the relayer says so, then refunded', () => {
    expect(crossChainStatusOf(quote, { order: order({}), dstTime: 1_300n }).status).toBe('deposited');
    expect(crossChainStatusOf(quote, { order: order({}), dstTime: 1_301n }).status).toBe('expired');
    expect(crossChainStatusOf(quote, { order: order({}) }).status).toBe('deposited');
    expect(crossChainStatusOf(quote, { order: order({ state: 'expired' }), dstTime: 1_000n }).status).toBe('expired');
    expect(crossChainStatusOf(quote, { order: order({ state: 'refunded', refund_tx_hash: '0xrefund' }) })).toMatchObject({
      status: 'refunded', refund_tx_hash: '0xrefund', dst_tx_hash: null, amount_out_actual: null, escrow: { amount: '3000000' },
    });
  });

  it('a deposit the relayer has not recorded (seen on the source chain) is deposited, or expired past the fill deadline', () => {
    const deposit = { txHash: '0xseen', escrowToken: '0xUSDC', escrowAmount: '3000001' };
    expect(crossChainStatusOf(quote, { order: undefined, deposit, dstTime: 1_000n })).toMatchObject({ status: 'deposited', src_tx_hash: '0xseen', escrow: { amount: '3000001' } });
    expect(crossChainStatusOf(quote, { order: undefined, deposit, dstTime: 1_301n }).status).toBe('expired');
  });

  it('a deposit another filler filled while our relayer was down or behind is filled, then settled, by the chains\' records, naming that filler', () => {
    const other = '0x00000000000000000000000000000000000000aa';
    const fill = { filler: other, amountOut: 2_990_000n, filledAt: 1_200, txHash: '0xotherfill' };
    const deposit = { txHash: '0xseen', escrowToken: '0xUSDC', escrowAmount: '3000000', orderId: ORDER_ID };
    // Not recorded by the relayer at all (it was down at the deposit), or recorded as opened only (it stopped since).
    for (const stored of [{ order: undefined, deposit }, { order: order({}) }]) {
      expect(crossChainStatusOf(quote, { ...stored, dstTime: 1_250n, chain: { fill, origin: 'opened' } })).toMatchObject({
        status: 'filled', filler: getAddress(other), dst_tx_hash: '0xotherfill', amount_out_actual: '2990000', filled_at: 1_200, updated_at: 1_200,
        delayed: false, refund_possible_at: null,
      });
      // Past the fill deadline a fill still makes it filled, not expired; settled once the origin paid the filler.
      expect(crossChainStatusOf(quote, { ...stored, dstTime: 1_400n, chain: { fill, origin: 'opened' } }).status).toBe('filled');
      expect(crossChainStatusOf(quote, { ...stored, dstTime: 1_400n, chain: { fill, origin: 'settled' } })).toMatchObject({ status: 'settled', filler: getAddress(other) });
      // Nothing on the chains beyond the deposit: the store's answer stands.
      expect(crossChainStatusOf(quote, { ...stored, dstTime: 1_250n, chain: { origin: 'opened' } })).toMatchObject({ status: 'deposited', filler: null });
      expect(crossChainStatusOf(quote, { ...stored, dstTime: 1_400n, chain: { origin: 'refunded' } }).status).toBe('refunded');
    }
    // What the relayer recorded past opened is not second-guessed.
    const recorded = order({ state: 'filled', relayer: other, fill_tx_hash: '0xfill', fill_ts: 1_100, amount_out: '895' });
    expect(crossChainStatusOf(quote, { order: recorded, chain: { fill: { ...fill, txHash: null } } })).toMatchObject({ status: 'filled', dst_tx_hash: '0xfill', filled_at: 1_100 });
  });

  it('a quote never deposited stays expired once the store says so', () => {
    expect(crossChainStatusOf({ ...quote, status: 'expired' }, { order: undefined }).status).toBe('expired');
  });

  it('a deposit the relayer cannot fill says so, why, and when the refund becomes possible; a delivery with the relayer\'s own bridge asset says how much', () => {
    const note = (over: Partial<FillNote>): FillNote => ({
      orderId: ORDER_ID, reason: 'InsufficientOutput', detail: 'the destination swap gives less than the order\'s minimum (the pool moved)', attempts: 2, reverts: 0,
      gaveUp: false, nextAttemptAtMs: 0, topUp: null, updatedAt: 960, ...over,
    });
    expect(crossChainStatusOf(quote, { order: order({}), dstTime: 960n, refundGraceSec: 86_400 })).toMatchObject({
      status: 'deposited', delayed: false, delay_reason: null, refund_possible_at: 1_301, refund_permissionless_at: 1_300 + 86_400 + 1, relayer_top_up: null,
    });
    const waiting = crossChainStatusOf(quote, { order: order({}), dstTime: 960n, note: note({}), refundGraceSec: 86_400 });
    expect(waiting).toMatchObject({ status: 'deposited', delayed: true, refund_possible_at: 1_301 });
    expect(waiting.delay_reason).toContain('pool moved');
    const gaveUp = crossChainStatusOf(quote, { order: order({}), dstTime: 960n, note: note({ reason: 'NativeTransferFailed', detail: 'the recipient refuses the native coin', gaveUp: true }) });
    expect(gaveUp).toMatchObject({ delayed: true, refund_possible_at: 1_301, refund_permissionless_at: null });
    expect(gaveUp.delay_reason).toMatch(/will not fill.*refuses the native coin.*refunded after the fill deadline/);
    const expired = crossChainStatusOf(quote, { order: order({}), dstTime: 1_301n });
    expect(expired).toMatchObject({ status: 'expired', delayed: true, refund_possible_at: 1_301 });
    expect(expired.delay_reason).toContain('fill deadline passed');
    const refunded = crossChainStatusOf(quote, { order: order({ state: 'refunded', refund_tx_hash: '0xr' }), note: note({}) });
    expect(refunded).toMatchObject({ status: 'refunded', delayed: false, refund_possible_at: null });
    expect(refunded.delay_reason).toContain('pool moved');
    const topped = crossChainStatusOf(quote, { order: order({ state: 'filled', fill_tx_hash: '0xf', amount_out: '895' }), note: note({ reason: 'ToppedUp', detail: 'added', topUp: 4_000_000n }) });
    expect(topped).toMatchObject({ status: 'filled', delayed: false, delay_reason: null, refund_possible_at: null, relayer_top_up: '4000000' });
  });
});

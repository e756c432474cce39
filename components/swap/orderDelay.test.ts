import { describe, expect, it } from 'vitest';
import { DELAYED_AFTER_SEC, orderDelay } from './orderDelay';
import type { QuoteStatus } from './quoteTypes';

const NOW = 1_800_000_000;
const status = (over: Partial<QuoteStatus> & Record<string, unknown> = {}): QuoteStatus => ({
  quote_id: '0x01', status: 'deposited', src_tx_hash: '0xaa', dst_tx_hash: null, amount_out_actual: null, updated_at: NOW - 5,
  src_chain_id: 31337, dst_chain_id: 31338, order_id: '0xbb', fill_deadline: NOW + 300, refund_tx_hash: null, settle_tx_hash: null, escrow: null, ...over,
} as QuoteStatus);

describe('orderDelay', () => {
  it('is on time while a deposit is younger than the threshold or three expected fills', () => {
    expect(orderDelay(status(), { nowSec: NOW, sentAtSec: NOW - 5, expectedFillSec: 2 }).delayed).toBe(false);
    expect(orderDelay(status(), { nowSec: NOW, sentAtSec: NOW - 100, expectedFillSec: 40 }).delayed).toBe(false);
    expect(orderDelay(undefined, { nowSec: NOW, sentAtSec: NOW - 5, expectedFillSec: 2 }).delayed).toBe(false);
    expect(orderDelay(status({ status: 'filled' }), { nowSec: NOW, sentAtSec: NOW - 5, expectedFillSec: 2 }).delayed).toBe(false);
  });

  it('derives a delay, its reason and the refund time from the state and fill deadline', () => {
    expect(orderDelay(status({ updated_at: NOW }), { nowSec: NOW, sentAtSec: NOW - DELAYED_AFTER_SEC - 1, expectedFillSec: 2 }))
      .toEqual({ delayed: true, reason: 'the relayer has not delivered it yet', refundPossibleAt: NOW + 300 });
    expect(orderDelay(status({ status: 'expired', fill_deadline: NOW - 1 }), { nowSec: NOW, sentAtSec: NOW - 5, expectedFillSec: 2 }))
      .toEqual({ delayed: true, reason: 'it was not delivered by its deadline', refundPossibleAt: NOW - 1 });
  });

  it('takes the server\'s delay, reason and refund time when it gives them', () => {
    const served = status({ delayed: true, delay_reason: 'the destination swap would give less than the minimum', refund_possible_at: NOW + 400 });
    expect(orderDelay(served, { nowSec: NOW, sentAtSec: NOW - 5, expectedFillSec: 2 })).toEqual({ delayed: true, reason: 'the destination swap would give less than the minimum', refundPossibleAt: NOW + 400 });
    expect(orderDelay(status({ delayed: false }), { nowSec: NOW, sentAtSec: NOW - 5, expectedFillSec: 2 }).delayed).toBe(false);
    expect(orderDelay(status({ delayed: true, delay_reason: 'InventoryLow' }), { nowSec: NOW, sentAtSec: NOW - 5, expectedFillSec: 2 }).reason).toBe('InventoryLow');
  });

  it('a deposit long past its expected delivery is late even when the server records no reason (a relayer that is down)', () => {
    expect(orderDelay(status({ delayed: false, delay_reason: null }), { nowSec: NOW, sentAtSec: NOW - 1_000, expectedFillSec: 2 }))
      .toEqual({ delayed: true, reason: 'the relayer has not delivered it yet', refundPossibleAt: NOW + 300 });
  });
});

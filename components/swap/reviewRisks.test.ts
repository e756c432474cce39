import { describe, expect, it } from 'vitest';
import { reviewRisks } from './reviewRisks';

describe('reviewRisks', () => {
  it('asks to confirm a price impact above 15 % and a slippage above 5 %, nothing below', () => {
    expect(reviewRisks(1500, 5)).toEqual([]);
    expect(reviewRisks(1501, 0.5).map((r) => r.id)).toEqual(['impact']);
    expect(reviewRisks(10, 50).map((r) => r.id)).toEqual(['slippage']);
    expect(reviewRisks(2500, 6).map((r) => r.label)).toEqual([
      'I accept a price impact of 25.00 %: this order moves the price far against me.',
      'I accept a slippage of 6 %: the swap may pay as little as the minimum shown.',
    ]);
  });
});

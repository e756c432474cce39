import { describe, expect, it } from 'vitest';
import { usdPerToken, usdText } from './usdValue';

describe('usdValue', () => {
  it('prices a token at the route mid price: fee and price impact added back', () => {
    // 1 ETH, 0.2 % fee, 0.5 % impact: 0.998 ETH gave 2,980.05 USDC.
    const price = usdPerToken({ amount_in: '1000000000000000000', fee_amount: '2000000000000000', amount_out: '2980050000', price_impact_bps: 50 }, 18, 6);
    expect(price).toBeCloseTo(2_980.05 / 0.998 / 0.995, 6);
    expect(usdPerToken({ amount_in: '1', fee_amount: '1', amount_out: '5', price_impact_bps: 0 }, 18, 6)).toBeUndefined();
  });

  it('writes dollars with cents, dust as <$0.01, nothing without a price', () => {
    expect(usdText(1_500_000_000_000_000_000n, 18, 2_995.6)).toBe('$4,493.40');
    expect(usdText(1n, 18, 3_000)).toBe('<$0.01');
    expect(usdText(0n, 18, 3_000)).toBe('$0.00');
    expect(usdText(1n, 18, undefined)).toBeUndefined();
  });
});

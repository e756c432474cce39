import { describe, expect, it } from 'vitest';
import { bpsText, impactLevel, rateText, worseByBps } from './quoteFigures';

describe('quote figures', () => {
  it('rate is exact in both directions across decimals', () => {
    // 2 ETH (18) buys 6000 USDC (6)
    expect(rateText(2n * 10n ** 18n, 18, 6_000_000_000n, 6)).toBe('3,000');
    expect(rateText(6_000_000_000n, 6, 2n * 10n ** 18n, 18)).toBe('0.000333333');
  });
  it('price impact colours change above 1 % and 5 %', () => {
    expect([impactLevel(500), impactLevel(501), impactLevel(1500), impactLevel(1501)]).toEqual(['ok', 'warn', 'warn', 'danger']);
  });
  it('formats bps as a percent and measures a worse firm price', () => {
    expect(bpsText(20)).toBe('0.20 %');
    expect(bpsText(1234)).toBe('12.34 %');
    expect(worseByBps(10_000n, 9_850n)).toBe(150n);
    expect(worseByBps(10_000n, 10_100n)).toBe(0n);
  });
});

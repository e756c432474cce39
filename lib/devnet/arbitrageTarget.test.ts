import { describe, expect, it } from 'vitest';
import { arbitrageBand, arbitrageTarget, pairKind, STABLE_BAND } from './arbitrageTarget';

describe('arbitrageTarget', () => {
  it('tells stablecoin pairs from the rest', () => {
    expect(pairKind('DAI', 'USDC')).toBe('stable');
    expect(pairKind('WETH', 'DAI')).toBe('volatile');
    expect(pairKind('WBTC', 'WETH')).toBe('volatile');
  });

  it('gives a pool half its fee, and a stablecoin pair no more than the stable band', () => {
    expect(arbitrageBand(0.003, 'volatile')).toBeCloseTo(0.0015, 12);
    expect(arbitrageBand(0.0005, 'volatile')).toBeCloseTo(0.00025, 12);
    expect(arbitrageBand(0.003, 'stable')).toBe(STABLE_BAND);
    expect(arbitrageBand(0.0001, 'stable')).toBeCloseTo(0.00005, 12);
  });

  it('leaves a pool inside its band alone and brings one outside back inside, on the side it strayed', () => {
    expect(arbitrageTarget(3_003, 3_000, 0.0015)).toBeUndefined();
    const high = arbitrageTarget(3_030, 3_000, 0.0015);
    const low = arbitrageTarget(2_970, 3_000, 0.0015);
    expect(high).toBeGreaterThan(3_000);
    expect(Math.log((high ?? 0) / 3_000)).toBeLessThan(0.0015);
    expect(low).toBeLessThan(3_000);
    expect(Math.log(3_000 / (low ?? 0))).toBeLessThan(0.0015);
  });
});

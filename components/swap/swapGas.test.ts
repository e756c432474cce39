import { describe, expect, it } from 'vitest';
import { SWAP_GAS_UNITS, typicalSwapGas } from './swapGas';

const leg = (...sources: string[]) => ({ hops: sources.map((source) => ({ source })) });

describe('typicalSwapGas', () => {
  it('grows per leg and per hop, a V3 hop costing more than a V2 one', () => {
    const oneV2 = typicalSwapGas([leg('uniswap_v2')]);
    const oneV3 = typicalSwapGas([leg('uniswap_v3')]);
    expect(oneV3).toBeGreaterThan(oneV2);
    expect(typicalSwapGas([leg('uniswap_v2', 'uniswap_v3')])).toBe(oneV2 + (oneV3 - typicalSwapGas([leg()])));
    expect(typicalSwapGas([leg('uniswap_v2'), leg('uniswap_v2')])).toBeGreaterThan(typicalSwapGas([leg('uniswap_v2', 'uniswap_v2')]));
  });

  it('matches the devnet measurement: a 4-leg route of 10 V3 hops used 828,411 gas, above what 400,000 allowed', () => {
    const measured = 828_411n;
    const shape = [leg('uniswap_v3', 'uniswap_v3', 'uniswap_v3'), leg('uniswap_v3', 'uniswap_v3', 'uniswap_v3'), leg('uniswap_v3', 'uniswap_v3'), leg('uniswap_v3', 'uniswap_v3')];
    const typical = typicalSwapGas(shape);
    // The fit is a typical figure: within a fifth of the measurement for the largest route seen.
    expect(Number(typical)).toBeGreaterThan(Number(measured) * 0.8);
    expect(Number(typical)).toBeLessThan(Number(measured) * 1.2);
    expect(SWAP_GAS_UNITS).toBeGreaterThan(measured);
  });

  it('Max keeps room for the largest route the router takes (4 legs of 3 V3 hops)', () => {
    const largest = typicalSwapGas(Array.from({ length: 4 }, () => leg('uniswap_v3', 'uniswap_v3', 'uniswap_v3')));
    expect(SWAP_GAS_UNITS).toBeGreaterThan(largest);
    expect(SWAP_GAS_UNITS).toBe(1_020_000n);
  });
});

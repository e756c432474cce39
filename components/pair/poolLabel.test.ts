import { describe, expect, it } from 'vitest';
import { poolLabel } from './poolLabel';

describe('poolLabel', () => {
  it('names the kind of pool and its fee tier in percent without trailing zeros', () => {
    expect(poolLabel('uniswap_v2', 3000)).toBe('V2 0.3 %');
    expect(poolLabel('uniswap_v3', 100)).toBe('V3 0.01 %');
    expect(poolLabel('uniswap_v3', 500)).toBe('V3 0.05 %');
    expect(poolLabel('uniswap_v3', 3000)).toBe('V3 0.3 %');
    expect(poolLabel('uniswap_v3', 10000)).toBe('V3 1 %');
    expect(poolLabel('uniswap_v3', 12345)).toBe('V3 1.2345 %');
  });
});

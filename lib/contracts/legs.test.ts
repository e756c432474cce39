import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { abiLegs, legsTotal, singleLeg } from './legs';

const A: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const B: Address = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const C: Address = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';

describe('legs', () => {
  it('singleLeg spends the whole amount on one path', () => {
    expect(singleLeg(10n, [A, B])).toEqual([{ amountIn: 10n, path: [A, B] }]);
  });

  it("legsTotal adds the legs' inputs", () => {
    expect(legsTotal([{ amountIn: 7n, path: [A, B] }, { amountIn: 5n, path: [A, C, B] }])).toBe(12n);
    expect(legsTotal([])).toBe(0n);
  });

  it("abiLegs copies paths, so the encoder never shares the caller's arrays", () => {
    const path = [A, B] as const;
    const [copy] = abiLegs([{ amountIn: 1n, path }]);
    expect(copy?.path).toEqual([A, B]);
    expect(copy?.path).not.toBe(path);
  });
});

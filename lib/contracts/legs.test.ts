import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { abiLegs, contractLeg, fromAbiLegs, legsTotal, singleLeg } from './legs';

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

  it('contractLeg names a V3 hop by its fee tier and a V2 hop by 0; an all-V2 leg carries no fees', () => {
    const v2 = { source: 'uniswap_v2', feePpm: 3000 } as const;
    const v3 = { source: 'uniswap_v3', feePpm: 500 } as const;
    expect(contractLeg({ amountIn: 9n, path: [A, C, B], hops: [v2, v3] })).toEqual({ amountIn: 9n, path: [A, C, B], fees: [0, 500] });
    expect(contractLeg({ amountIn: 9n, path: [A, B], hops: [v2] })).toEqual({ amountIn: 9n, path: [A, B] });
  });

  it('fromAbiLegs is the inverse of abiLegs for both kinds of leg', () => {
    const legs = [{ amountIn: 3n, path: [A, B] }, { amountIn: 4n, path: [A, C, B], fees: [100, 0] }];
    expect(fromAbiLegs(abiLegs(legs))).toEqual(legs);
    expect(abiLegs(legs).map((l) => l.fees)).toEqual([[], [100, 0]]);
  });
});

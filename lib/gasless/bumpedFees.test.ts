import { describe, expect, it } from 'vitest';
import { bumpedFees } from './bumpedFees';

const gwei = (n: number) => BigInt(n) * 10n ** 9n;
const CAP = gwei(500);

describe('bumpedFees', () => {
  it('raises both fields by at least 10 % (rounded up) when the chain asks no more', () => {
    expect(bumpedFees({ maxFeePerGas: 1001n, maxPriorityFeePerGas: 11n }, { maxFeePerGas: 900n, maxPriorityFeePerGas: 1n }, CAP))
      .toEqual({ maxFeePerGas: 1102n, maxPriorityFeePerGas: 13n });
  });

  it('takes what the chain asks now when that is more than +10 %', () => {
    expect(bumpedFees({ maxFeePerGas: gwei(3), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(101), maxPriorityFeePerGas: gwei(2) }, CAP))
      .toEqual({ maxFeePerGas: gwei(101), maxPriorityFeePerGas: gwei(2) });
  });

  it('holds maxFeePerGas at the cap, the tip within it, while that is still +10 %', () => {
    expect(bumpedFees({ maxFeePerGas: gwei(400), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(900), maxPriorityFeePerGas: gwei(800) }, CAP))
      .toEqual({ maxFeePerGas: CAP, maxPriorityFeePerGas: CAP });
  });

  it('gives up when +10 % would pass the cap', () => {
    expect(bumpedFees({ maxFeePerGas: gwei(460), maxPriorityFeePerGas: gwei(1) }, { maxFeePerGas: gwei(2), maxPriorityFeePerGas: gwei(1) }, CAP)).toBeUndefined();
  });
});

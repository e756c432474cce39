import { describe, expect, it } from 'vitest';
import { bumpedFees, cancelFees } from './bumpedFees';

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

describe('cancelFees', () => {
  const ORDER_GAS = 300_000n;
  it('is bumpedFees while that fits under the cap', () => {
    const sent = { maxFeePerGas: gwei(400), maxPriorityFeePerGas: gwei(1) };
    const now = { maxFeePerGas: gwei(900), maxPriorityFeePerGas: gwei(2) };
    expect(cancelFees(sent, ORDER_GAS, now, CAP)).toEqual(bumpedFees(sent, now, CAP));
  });

  it('past the cap, still cancels at what the chain asks now, within what the order it replaces could have cost', () => {
    const sent = { maxFeePerGas: gwei(460), maxPriorityFeePerGas: gwei(1) };
    expect(cancelFees(sent, ORDER_GAS, { maxFeePerGas: gwei(2), maxPriorityFeePerGas: gwei(1) }, CAP)).toEqual({ maxFeePerGas: gwei(506), maxPriorityFeePerGas: 1_100_000_000n });
    expect(cancelFees(sent, ORDER_GAS, { maxFeePerGas: gwei(1_900), maxPriorityFeePerGas: gwei(3) }, CAP)).toEqual({ maxFeePerGas: gwei(1_900), maxPriorityFeePerGas: gwei(3) });
    // 300,000 gas at 460 gwei is what the order could have cost: 21,000 gas of cancel at 6,571.43 gwei at most.
    const bound = (ORDER_GAS * gwei(460)) / 21_000n;
    const fees = cancelFees(sent, ORDER_GAS, { maxFeePerGas: gwei(50_000), maxPriorityFeePerGas: gwei(40_000) }, CAP);
    expect(fees).toEqual({ maxFeePerGas: bound, maxPriorityFeePerGas: bound });
    expect(21_000n * (fees?.maxFeePerGas ?? 0n)).toBeLessThanOrEqual(ORDER_GAS * gwei(460));
  });

  it('a cancel of a cancel stuck over the cap cannot cost more than it: none', () => {
    expect(cancelFees({ maxFeePerGas: gwei(600), maxPriorityFeePerGas: gwei(1) }, 21_000n, { maxFeePerGas: gwei(2), maxPriorityFeePerGas: gwei(1) }, CAP)).toBeUndefined();
  });
});

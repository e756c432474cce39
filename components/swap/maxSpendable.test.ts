import { describe, expect, it } from 'vitest';
import { gasReserve, maxSpendable } from './maxSpendable';
import { SWAP_GAS_UNITS } from './swapGas';

describe('maxSpendable', () => {
  it('a token balance is spendable in full', () => {
    expect(maxSpendable(1_000n, false, 10n)).toBe(1_000n);
  });
  it('the native coin keeps room for gas', () => {
    const balance = 10n ** 18n;
    expect(maxSpendable(balance, true, 1_000_000_000n)).toBe(balance - SWAP_GAS_UNITS * 2_000_000_000n);
    expect(maxSpendable(balance, true, undefined)).toBe(balance - gasReserve(undefined));
  });
  it('never goes below zero', () => {
    expect(maxSpendable(5n, true, 1_000_000_000n)).toBe(0n);
  });
});

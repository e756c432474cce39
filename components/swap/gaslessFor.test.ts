import { describe, expect, it } from 'vitest';
import { gaslessFor } from './gaslessFor';

describe('gaslessFor', () => {
  it('offers gasless to a Permit2 token swap from a wallet with no native coin', () => {
    expect(gaslessFor({ approval: 'permit2', nativeBalance: 0n, gasCostWei: 300_000n })).toBe(true);
    expect(gaslessFor({ approval: 'permit2', nativeBalance: 0n, gasCostWei: undefined })).toBe(true);
  });
  it('offers gasless when the native balance is below the swap gas cost', () => {
    expect(gaslessFor({ approval: 'permit2', nativeBalance: 299_999n, gasCostWei: 300_000n })).toBe(true);
  });
  it('keeps the wallet’s own transaction when it can pay the gas', () => {
    expect(gaslessFor({ approval: 'permit2', nativeBalance: 300_000n, gasCostWei: 300_000n })).toBe(false);
    expect(gaslessFor({ approval: 'permit2', nativeBalance: 1n, gasCostWei: undefined })).toBe(false);
  });
  it('never goes gasless for a router approval (native input, cross-chain) or an unread balance', () => {
    expect(gaslessFor({ approval: 'allowance', nativeBalance: 0n, gasCostWei: 300_000n })).toBe(false);
    expect(gaslessFor({ approval: 'permit2', nativeBalance: undefined, gasCostWei: 300_000n })).toBe(false);
  });
});

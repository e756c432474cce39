import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';
import { gaslessFor } from './gaslessFor';

const USDC = '0x2000000000000000000000000000000000000001';
const chain = (id: number, permit2: `0x${string}` | null) => ({ id, permit2 }) as PublicChain;
const chains = [chain(1, '0x000000000022D473030F116dDEE9F6B43aC78BA3'), chain(2, null)];
const usdcOn1 = { src_chain_id: 1, token_in: USDC } as const;

describe('gaslessFor', () => {
  it('offers gasless to a token swap through Permit2 from a wallet with no native coin', () => {
    expect(gaslessFor({ order: usdcOn1, chains, nativeBalance: 0n, gasCostWei: 300_000n })).toBe(true);
    expect(gaslessFor({ order: usdcOn1, chains, nativeBalance: 0n, gasCostWei: undefined })).toBe(true);
  });
  it('offers gasless when the native balance is below the swap gas cost', () => {
    expect(gaslessFor({ order: usdcOn1, chains, nativeBalance: 299_999n, gasCostWei: 300_000n })).toBe(true);
  });
  it('keeps the wallet’s own transaction when it can pay the gas', () => {
    expect(gaslessFor({ order: usdcOn1, chains, nativeBalance: 300_000n, gasCostWei: 300_000n })).toBe(false);
    expect(gaslessFor({ order: usdcOn1, chains, nativeBalance: 1n, gasCostWei: undefined })).toBe(false);
  });
  it('never goes gasless for native input, a source chain without Permit2, or an unread balance', () => {
    expect(gaslessFor({ order: { src_chain_id: 1, token_in: zeroAddress }, chains, nativeBalance: 0n, gasCostWei: 300_000n })).toBe(false);
    expect(gaslessFor({ order: { src_chain_id: 2, token_in: USDC }, chains, nativeBalance: 0n, gasCostWei: 300_000n })).toBe(false);
    expect(gaslessFor({ order: usdcOn1, chains, nativeBalance: undefined, gasCostWei: 300_000n })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';
import { approvalFor } from './approvalFor';

const USDC = '0x2000000000000000000000000000000000000001';
const chain = (id: number, permit2: `0x${string}` | null) => ({ id, permit2 }) as PublicChain;
const chains = [chain(1, '0x000000000022D473030F116dDEE9F6B43aC78BA3'), chain(2, null)];

describe('approvalFor', () => {
  it('takes a same-chain token input through Permit2 where the chain has it', () => {
    expect(approvalFor({ src_chain_id: 1, dst_chain_id: 1, token_in: USDC }, chains)).toBe('permit2');
  });
  it('keeps the router approval for native input, cross-chain orders and chains without Permit2', () => {
    expect(approvalFor({ src_chain_id: 1, dst_chain_id: 1, token_in: zeroAddress }, chains)).toBe('allowance');
    expect(approvalFor({ src_chain_id: 1, dst_chain_id: 2, token_in: USDC }, chains)).toBe('allowance');
    expect(approvalFor({ src_chain_id: 2, dst_chain_id: 2, token_in: USDC }, chains)).toBe('allowance');
  });
});

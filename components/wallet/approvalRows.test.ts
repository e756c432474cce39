import { describe, expect, it } from 'vitest';
import { maxUint160, maxUint256 } from 'viem';
import { isUnlimited, liveApprovals, type ApprovalRow } from './approvalRows';

const token = { address: '0x2000000000000000000000000000000000000001', symbol: 'USDC', decimals: 6 } as const;
const row = (over: Partial<ApprovalRow>): ApprovalRow => ({ kind: 'permit2', token, spender: '0x000000000022D473030F116dDEE9F6B43aC78BA3', amount: 1n, ...over });

describe('approval rows', () => {
  it('lists only approvals that still let something move', () => {
    const rows = [row({ amount: 0n }), row({ amount: 5n }), row({ kind: 'permit2Router', amount: 5n, expiration: 99 }), row({ kind: 'permit2Router', amount: 5n, expiration: 100 }), row({ kind: 'router', amount: 0n })];
    expect(liveApprovals(rows, 100).map((r) => `${r.kind}:${r.amount}`)).toEqual(['permit2:5', 'permit2Router:5']);
  });
  it('calls a max approval unlimited, by the width each contract stores', () => {
    expect(isUnlimited(row({ amount: maxUint256 }))).toBe(true);
    expect(isUnlimited(row({ amount: 10n ** 30n }))).toBe(false);
    expect(isUnlimited(row({ kind: 'permit2Router', amount: maxUint160 }))).toBe(true);
  });
});

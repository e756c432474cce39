import { describe, expect, it } from 'vitest';
import { maxUint256, type Address } from 'viem';
import { gaslessApprovalTypedData, type ApprovalTypedDataToCheck } from './checkGaslessApproval';
import { keptApproval, KEPT_APPROVAL_MIN_LEFT_SEC, signedApproval } from './keptApproval';

const USDC: Address = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const DAI: Address = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PERMIT2: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const SIGNATURE = `0x${'ab'.repeat(65)}` as const;
const NOW = 1_800_000_000;

/** A quote's `gasless.approval.eip712` as the server sends it (integers as decimal strings). */
function offered(deadline: number, over: { token?: Address; nonce?: string; spender?: Address; owner?: Address; chainId?: number } = {}): ApprovalTypedDataToCheck {
  return {
    domain: { name: 'USD Coin', version: '1', chainId: over.chainId ?? 31337, verifyingContract: over.token ?? USDC },
    types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
    primaryType: 'Permit',
    message: { owner: over.owner ?? OWNER, spender: over.spender ?? PERMIT2, value: maxUint256.toString(), nonce: over.nonce ?? '0', deadline: String(deadline) },
  };
}
const quote = (deadline: number, approval: ApprovalTypedDataToCheck | null, amountIn = '2500000000') => ({ amount_in: amountIn, deadline, gasless: { approval: approval ? { eip712: approval } : null } });
/** Signed in the review of a quote whose deadline was `deadline`. */
const signedFor = (deadline: number) => signedApproval(gaslessApprovalTypedData(offered(deadline)), SIGNATURE);

describe('keptApproval', () => {
  it('keeps the signature for the quote it was signed with', () => {
    expect(keptApproval(signedFor(NOW + 60), quote(NOW + 60, offered(NOW + 60)), NOW)).toEqual({ signature: SIGNATURE });
    // However little time that quote has left: its own window is the order's to check.
    expect(keptApproval(signedFor(NOW + 5), quote(NOW + 5, offered(NOW + 5)), NOW)).toEqual({ signature: SIGNATURE });
  });

  it('keeps it for a fresh quote it still covers, with the deadline it signed', () => {
    expect(keptApproval(signedFor(NOW + 40), quote(NOW + 60, offered(NOW + 60)), NOW)).toEqual({ signature: SIGNATURE, deadline: NOW + 40 });
    expect(keptApproval(signedFor(NOW + KEPT_APPROVAL_MIN_LEFT_SEC), quote(NOW + 60, offered(NOW + 60)), NOW)?.deadline).toBe(NOW + KEPT_APPROVAL_MIN_LEFT_SEC);
  });

  it('drops it when the fresh quote is not covered: another token, owner, spender, network or nonce, a permit about to expire, or none offered', () => {
    const signed = signedFor(NOW + 40);
    const fresh = (over: Parameters<typeof offered>[1]) => quote(NOW + 60, offered(NOW + 60, over));
    expect(keptApproval(signed, fresh({ token: DAI }), NOW)).toBeUndefined();
    expect(keptApproval(signed, fresh({ owner: PERMIT2 }), NOW)).toBeUndefined();
    expect(keptApproval(signed, fresh({ spender: OWNER }), NOW)).toBeUndefined();
    expect(keptApproval(signed, fresh({ chainId: 31338 }), NOW)).toBeUndefined();
    // The token's nonce moved on (the permit was used, or another one was): the signature can never be used again.
    expect(keptApproval(signed, fresh({ nonce: '1' }), NOW)).toBeUndefined();
    expect(keptApproval(signed, fresh({}), NOW + 40 - KEPT_APPROVAL_MIN_LEFT_SEC + 1)).toBeUndefined();
    expect(keptApproval(signed, fresh({}), NOW + 41)).toBeUndefined();
    // The allowance is enough now: the quote offers no permit and the order is posted without one.
    expect(keptApproval(signed, quote(NOW + 60, null), NOW)).toBeUndefined();
    expect(keptApproval(undefined, fresh({}), NOW)).toBeUndefined();
  });

  it('drops a permit for less than the amount paid, or past the fresh quote\'s deadline', () => {
    const small = { ...signedFor(NOW + 40), value: 1_000n };
    expect(keptApproval(small, quote(NOW + 60, offered(NOW + 60), '999'), NOW)).toMatchObject({ deadline: NOW + 40 });
    expect(keptApproval(small, quote(NOW + 60, offered(NOW + 60), '1001'), NOW)).toBeUndefined();
    expect(keptApproval(signedFor(NOW + 90), quote(NOW + 60, offered(NOW + 60)), NOW)).toBeUndefined();
  });
});

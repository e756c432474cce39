import { describe, expect, it } from 'vitest';
import { decodeFunctionData, getAddress, maxUint256, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { PERMIT2_ADDRESS } from '@/lib/contracts/permit2';
import { approvalEip712, EIP2612_ABI, gaslessApproval, isApprovalSignature, permitCalldata } from './gaslessApproval';

const owner = privateKeyToAccount(generatePrivateKey());
const token = getAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3');
const approval = gaslessApproval(
  { domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: token }, nonce: 3n }, token, owner.address, PERMIT2_ADDRESS, 2_500_000_000n, 4_102_444_800,
);
const signed = (signer = owner) => {
  const { domain, types, message } = approvalEip712(approval);
  const { EIP712Domain: _domain, ...permitTypes } = types;
  return signer.signTypedData({ domain, types: permitTypes, primaryType: 'Permit', message });
};

describe('gaslessApproval', () => {
  it('offers an unlimited EIP-2612 permit of owner to Permit2 at the token\'s nonce and the quote\'s deadline, in the token\'s domain', () => {
    expect(approvalEip712(approval)).toEqual({
      domain: { name: 'USD Coin', version: '2', chainId: 31337, verifyingContract: token },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: owner.address, spender: PERMIT2_ADDRESS, value: maxUint256.toString(), nonce: '3', deadline: '4102444800' },
    });
  });

  it('takes the owner\'s signature only: a stranger\'s, one over another nonce and a non-signature are refused', async () => {
    expect(await isApprovalSignature(approval, await signed())).toBe(true);
    expect(await isApprovalSignature(approval, await signed(privateKeyToAccount(generatePrivateKey())))).toBe(false);
    expect(await isApprovalSignature({ ...approval, nonce: '4' }, await signed())).toBe(false);
    expect(await isApprovalSignature(approval, `0x${'00'.repeat(65)}`)).toBe(false);
  });

  it('calls permit with the signature split into v, r, s', async () => {
    const signature = await signed();
    const { functionName, args } = decodeFunctionData({ abi: EIP2612_ABI, data: permitCalldata(approval, signature) });
    expect(functionName).toBe('permit');
    const [who, spender, value, deadline, v, r, s] = args as readonly [Hex, Hex, bigint, bigint, number, Hex, Hex];
    expect([who, spender, value, deadline]).toEqual([owner.address, PERMIT2_ADDRESS, maxUint256, 4_102_444_800n]);
    expect([27, 28]).toContain(v);
    expect(`${r}${s.slice(2)}`).toBe(signature.slice(0, 130));
  });
});

// Checks the one-time EIP-2612 permit a gasless firm quote may offer (`gasless.approval`, API.md §9) before the wallet
// signs it: the signature lets Permit2 move the token for good, so it must be this wallet's permit of the token paid,
// to the network's Permit2 alone, on this network, for no longer than the quote lives. The wallet then signs the permit
// rebuilt from these checked fields (gaslessApprovalTypedData), never the answer as it came.
import { isAddress, isAddressEqual, maxUint256, type Address } from 'viem';

/** `gasless.approval.eip712` as it arrived (untrusted: every field is checked). */
export type ApprovalTypedDataToCheck = {
  domain: { name?: unknown; version?: unknown; chainId?: unknown; verifyingContract?: unknown };
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
};

export type ExpectedApproval = { chainId: number; tokenIn: Address; owner: Address; permit2: Address; deadline: bigint; latestDeadlineSec?: number };

const PERMIT_FIELDS = 'owner:address,spender:address,value:uint256,nonce:uint256,deadline:uint256';
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const sameAddress = (value: unknown, want: Address) => typeof value === 'string' && isAddress(value, { strict: false }) && isAddressEqual(value, want);

function integer(value: unknown): bigint | undefined {
  if ((typeof value === 'string' && /^(0|[1-9][0-9]*)$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value))) return BigInt(value);
  return undefined;
}

/** Every way the permit differs from the one-time approval of Permit2 this order needs, in words; empty when it is safe to sign. */
export function checkGaslessApproval(typed: ApprovalTypedDataToCheck, want: ExpectedApproval): string[] {
  const problems: string[] = [];
  const { domain, message } = typed;
  const fields = (typed.types.Permit ?? []).map((f) => `${f.name}:${f.type}`).join(',');
  if (typed.primaryType !== 'Permit' || fields !== PERMIT_FIELDS) problems.push('the approval is not an EIP-2612 Permit');
  if (typeof domain.name !== 'string' || (domain.version !== undefined && typeof domain.version !== 'string')) problems.push('the approval names no token domain');
  if (integer(domain.chainId) !== BigInt(want.chainId)) problems.push('the approval is for another network');
  if (!sameAddress(domain.verifyingContract, want.tokenIn)) problems.push(`the approval is for the token ${short(String(domain.verifyingContract))}, not the token you pay`);
  if (!sameAddress(message.owner, want.owner)) problems.push(`the approval is of ${short(String(message.owner))}'s tokens, not of your wallet's`);
  if (!sameAddress(message.spender, want.permit2)) problems.push(`the approval lets ${short(String(message.spender))} move the token, not the network's Permit2 ${short(want.permit2)}`);
  if (integer(message.value) !== maxUint256) problems.push('the approval is not the one-time approval of Permit2 for any amount');
  if (integer(message.nonce) === undefined) problems.push('the approval carries no nonce');
  const deadline = integer(message.deadline);
  if (deadline !== want.deadline) problems.push('the approval\'s deadline is not the quote\'s');
  else if (want.latestDeadlineSec !== undefined && deadline > BigInt(want.latestDeadlineSec)) problems.push('the approval can be used far longer than the quote you asked for');
  return problems;
}

/** The permit to sign, rebuilt from the checked typed data: EIP712Domain left to the wallet, integers as bigints. */
export function gaslessApprovalTypedData(typed: ApprovalTypedDataToCheck) {
  const { domain, message } = typed;
  return {
    domain: {
      name: String(domain.name), ...(typeof domain.version === 'string' ? { version: domain.version } : {}),
      chainId: Number(domain.chainId), verifyingContract: domain.verifyingContract as Address,
    },
    types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
    primaryType: 'Permit',
    message: { owner: message.owner as Address, spender: message.spender as Address, value: BigInt(String(message.value)), nonce: BigInt(String(message.nonce)), deadline: BigInt(String(message.deadline)) },
  } as const;
}

// A gasless sender who has not approved Permit2 yet, on a token with EIP-2612 `permit` (real USDC, the devnet tokens):
// the quote offers the permit to sign (`gasless.approval`), so a wallet without native coin still needs no transaction,
// and the submitter sends `token.permit(...)` from its own account before the order.
import {
  BaseError, ContractFunctionRevertedError, ContractFunctionZeroDataError, domainSeparator, encodeFunctionData, erc20Abi, isAddressEqual,
  maxUint256, parseAbi, parseSignature, recoverTypedDataAddress, zeroAddress, type Address, type Hex, type PublicClient,
} from 'viem';

/**
 * Gas of `permit` on an OpenZeppelin ERC20Permit sent by the submitter: a first nonce and a first allowance written
 * (74,521 measured in app/v1/orders/gaslessOrders.test.ts, which holds the permit under this figure).
 */
export const GASLESS_PERMIT_GAS = 90_000n;

export const EIP2612_ABI = parseAbi([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function nonces(address owner) view returns (uint256)',
  'function DOMAIN_SEPARATOR() view returns (bytes32)',
  'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
  'function name() view returns (string)',
]);

export type PermitDomain = { name: string; version?: string; chainId: number; verifyingContract: Address };

/** The permit an order's quote offered, as stored with the order. */
export type GaslessApproval = {
  token: Address;
  owner: Address;
  spender: Address;
  /** Always max uint256: approved once, as the one-time approval would be. */
  value: string;
  nonce: string;
  deadline: number;
  /** The input the allowance must cover for the order. */
  amount: string;
  domain: PermitDomain;
};

/** What the sender signs: EIP-2612 `Permit`, EIP712Domain listed, integers as decimal strings (eth_signTypedData_v4). */
export type PermitEip712 = {
  domain: PermitDomain;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: 'Permit';
  message: { owner: Address; spender: Address; value: string; nonce: string; deadline: string };
};

const PERMIT_TYPES = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
};

/** The token's answer (a revert, no data), as opposed to a node that did not answer. */
function isRevert(error: unknown): boolean {
  return error instanceof BaseError && Boolean(error.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError));
}

/** EIP-2612 support per chain and token: the domain whose separator the token answers, or null (no permit). */
const domains = new Map<string, Promise<PermitDomain | null>>();

async function readDomain(client: Pick<PublicClient, 'readContract'>, chainId: number, token: Address): Promise<PermitDomain | null> {
  const read = <T>(functionName: 'DOMAIN_SEPARATOR' | 'eip712Domain' | 'name' | 'nonces', args?: readonly [Address]) =>
    client.readContract({ address: token, abi: EIP2612_ABI, functionName, args } as never) as Promise<T>;
  let separator: Hex;
  try {
    separator = await read<Hex>('DOMAIN_SEPARATOR');
    await read<bigint>('nonces', [zeroAddress]);
  } catch (error: unknown) {
    if (isRevert(error)) return null;
    throw error;
  }
  // EIP-5267 names the domain; without it, the name with the versions tokens use ("1", USDC's "2"), each checked
  // against the separator the token itself answers.
  const candidates: PermitDomain[] = [];
  const stated = await read<readonly [Hex, string, string, bigint, Address]>('eip712Domain').catch(() => undefined);
  if (stated) candidates.push({ name: stated[1], version: stated[2], chainId: Number(stated[3]), verifyingContract: stated[4] });
  const name = await read<string>('name').catch(() => undefined);
  if (name !== undefined) for (const version of ['1', '2']) candidates.push({ name, version, chainId, verifyingContract: token });
  return candidates.find((domain) => domain.chainId === chainId && isAddressEqual(domain.verifyingContract, token) && domainSeparator({ domain }) === separator) ?? null;
}

/** The token's EIP-2612 domain, or null when it has no `permit` (cached per chain and token; a node that fails is not cached). */
export function permitDomain(client: Pick<PublicClient, 'readContract'>, chainId: number, token: Address): Promise<PermitDomain | null> {
  const key = `${chainId}:${token.toLowerCase()}`;
  let domain = domains.get(key);
  if (!domain) {
    domain = readDomain(client, chainId, token);
    domains.set(key, domain);
    domain.catch(() => domains.delete(key));
  }
  return domain;
}

export type OfferedApproval = { domain: PermitDomain; nonce: bigint };

/**
 * The permit to offer with a gasless quote: when `owner`'s Permit2 allowance of `token` is short of `amount`, the token
 * has EIP-2612 and `owner` has no code (an ERC20Permit checks an ECDSA signature); else undefined.
 */
export async function offeredApproval(
  client: Pick<PublicClient, 'readContract' | 'getCode'>, chainId: number, token: Address, owner: Address, amount: bigint, permit2: Address,
): Promise<OfferedApproval | undefined> {
  const allowance = await client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, permit2] });
  if (allowance >= amount) return undefined;
  const domain = await permitDomain(client, chainId, token);
  if (!domain) return undefined;
  const code = await client.getCode({ address: owner });
  if (code && code !== '0x') return undefined;
  const nonce = await client.readContract({ address: token, abi: EIP2612_ABI, functionName: 'nonces', args: [owner] });
  return { domain, nonce };
}

export function gaslessApproval(offered: OfferedApproval, token: Address, owner: Address, permit2: Address, amount: bigint, deadline: number): GaslessApproval {
  return { token, owner, spender: permit2, value: maxUint256.toString(), nonce: offered.nonce.toString(), deadline, amount: amount.toString(), domain: offered.domain };
}

export function approvalEip712(approval: GaslessApproval): PermitEip712 {
  const { domain } = approval;
  const domainType = [
    { name: 'name', type: 'string' },
    ...(domain.version !== undefined ? [{ name: 'version', type: 'string' }] : []),
    { name: 'chainId', type: 'uint256' },
    { name: 'verifyingContract', type: 'address' },
  ];
  return {
    domain,
    types: { EIP712Domain: domainType, ...PERMIT_TYPES },
    primaryType: 'Permit',
    message: { owner: approval.owner, spender: approval.spender, value: approval.value, nonce: approval.nonce, deadline: String(approval.deadline) },
  };
}

/** True when `signature` is `approval.owner`'s signature of the permit (false for anything that is not a signature). */
export async function isApprovalSignature(approval: GaslessApproval, signature: Hex): Promise<boolean> {
  const { domain, types, message } = approvalEip712(approval);
  const { EIP712Domain: _domain, ...signed } = types;
  try {
    const signer = await recoverTypedDataAddress({
      domain, types: signed, primaryType: 'Permit', signature,
      message: { ...message, value: BigInt(message.value), nonce: BigInt(message.nonce), deadline: BigInt(message.deadline) },
    });
    return isAddressEqual(signer, approval.owner);
  } catch {
    return false;
  }
}

/** `token.permit(owner, Permit2, value, deadline, v, r, s)` with the sender's signature. */
export function permitCalldata(approval: GaslessApproval, signature: Hex): Hex {
  const { r, s, v, yParity } = parseSignature(signature);
  return encodeFunctionData({
    abi: EIP2612_ABI, functionName: 'permit',
    args: [approval.owner, approval.spender, BigInt(approval.value), BigInt(approval.deadline), Number(v ?? BigInt(27 + yParity)), r, s],
  });
}

export const parseApproval = (json: string): GaslessApproval => JSON.parse(json) as GaslessApproval;

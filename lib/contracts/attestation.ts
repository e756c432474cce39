// The settlement attester's signature: what the destination chain showed for an order, as SwapRouter checks it in
// `settle` (kind 1, filled by `relayer`) and `refund(orderId, attestation)` (kind 2, expired unfilled).
import { encodeAbiParameters, hashMessage, keccak256, type Address, type Hex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export const ATTESTATION_KIND = { filled: 1, expired: 2 } as const;

export type Attestation = {
  originChainId: number | bigint;
  /** The router (origin settler) that holds the escrow. */
  originSettler: Address;
  orderId: Hex;
  kind: number;
  /** The relayer that filled (kind 1); the zero address for kind 2. */
  relayer: Address;
};

/** keccak256(abi.encode("SwapdeskAttestation", originChainId, originSettler, orderId, kind, relayer)). */
export function attestationHash(a: Attestation): Hex {
  return keccak256(encodeAbiParameters(
    [{ type: 'string' }, { type: 'uint256' }, { type: 'address' }, { type: 'bytes32' }, { type: 'uint8' }, { type: 'address' }],
    ['SwapdeskAttestation', BigInt(a.originChainId), a.originSettler, a.orderId, a.kind, a.relayer],
  ));
}

/** The digest the router recovers the attester from (eth_sign of attestationHash; `SwapRouter.attestationDigest`). */
export function attestationDigest(a: Attestation): Hex {
  return hashMessage({ raw: attestationHash(a) });
}

/** Signs the attestation eth_sign style with the attester's key (a private key or an account). */
export async function signAttestation(a: Attestation, key: Hex | LocalAccount): Promise<Hex> {
  const account = typeof key === 'string' ? privateKeyToAccount(key) : key;
  return account.signMessage({ message: { raw: attestationHash(a) } });
}

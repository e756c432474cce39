// Address rules of the domain: the zero address stands for the chain's native coin; others are checksummed once.
import { getAddress, zeroAddress } from 'viem';

export function isNative(address: string): boolean {
  return BigInt(address) === 0n;
}

/** Normalises an accepted address once, at the boundary (the zero address stays the zero address). */
export function normaliseAddress(address: string): `0x${string}` {
  return isNative(address) ? zeroAddress : getAddress(address.toLowerCase());
}

// What a handler learns about the caller of an authenticated route.
import { getAddress, isAddress } from 'viem';
import { parseScopes, type Scope } from './scopes';

export type AuthContext = {
  sub: string;
  scopes: Scope[];
  /** True when `sub` is a wallet address (Sign-In with Ethereum tokens). */
  isWallet: boolean;
  /** `sub` checksummed, when it is an address. */
  walletAddress?: `0x${string}`;
};

export function authContext(sub: string, scopeClaim: string): AuthContext {
  const scopes = parseScopes(scopeClaim);
  if (!isAddress(sub, { strict: false })) return { sub, scopes, isWallet: false };
  return { sub, scopes, isWallet: true, walletAddress: getAddress(sub) };
}

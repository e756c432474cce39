// API.md §3: a wallet token may only ask firm quotes for its own address; integrator tokens may quote for anyone.
import { isAddress, isAddressEqual } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import type { AuthContext } from './authContext';

export function assertMayQuoteFor(auth: AuthContext, fromAddress: string): void {
  if (!auth.walletAddress) return;
  if (!isAddress(fromAddress, { strict: false }) || !isAddressEqual(auth.walletAddress, fromAddress)) {
    throw new DomainError('FORBIDDEN', 'from_address must be the signed-in wallet address of the access token', { field: 'from_address' });
  }
}

// The output's recipient must be able to keep it: refused before signing, same-chain and cross-chain alike.
import { isAddressEqual, zeroAddress, type Address } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';

/**
 * The contract that pays out (the router, or the destination settler of a cross-chain order) refuses, and a token
 * contract would keep, an output sent to the paying contract itself, to the output token's own contract, or, for
 * native output, to the wrapped-native contract (which would mint the coin back to the payer): say so before signing.
 */
export function assertRecipientCanReceive(recipient: Address, tokenOut: Address, payer: { address: Address; name: string }, weth: Address): void {
  const what = isAddressEqual(recipient, payer.address)
    ? payer.name
    : tokenOut === zeroAddress && isAddressEqual(recipient, weth)
      ? 'the wrapped native token contract, which cannot take the native coin'
      : tokenOut !== zeroAddress && isAddressEqual(recipient, tokenOut)
        ? 'the output token\'s own contract'
        : undefined;
  if (what) throw new DomainError('INVALID_ARGUMENT', `to_address is ${what}: the output would be lost`, { field: 'to_address' });
}

import { BaseError, encodeErrorResult, UserRejectedRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { isUserRejection, routerErrorMessage } from './routerErrors';

/** A revert as viem reports it: the router's error data deep in the cause chain. */
function revert(errorName: string, args: readonly unknown[]) {
  const data = encodeErrorResult({ abi: swapRouterAbi, errorName, args } as never);
  const rpc = Object.assign(new BaseError('execution reverted'), { data });
  return new BaseError('The contract function reverted.', { cause: rpc });
}

describe('router errors in words', () => {
  it('decodes the router custom errors a trader can meet', () => {
    expect(routerErrorMessage(revert('QuoteExpired', [1n, 2n]))).toMatch(/expired/);
    expect(routerErrorMessage(revert('QuoteAlreadyUsed', [`0x${'ab'.repeat(32)}`]))).toMatch(/already used/);
    expect(routerErrorMessage(revert('InsufficientOutput', [1n, 2n]))).toMatch(/price moved/);
  });
  it('has a sentence for every router error a swap can revert with (the mapping follows the ABI)', () => {
    // Errors only the owner's configuration calls raise; a swap never reverts with them.
    const adminOnly = new Set(['OwnableInvalidOwner', 'OwnableUnauthorizedAccount', 'ZeroAddress', 'InvalidFeeRecipient', 'RenounceOwnershipDisabled', 'InvalidShortString', 'StringTooLong']);
    const unmapped = swapRouterAbi
      .flatMap((item) => (item.type === 'error' && !adminOnly.has(item.name) ? [item] : []))
      .filter((item) => {
        const args = item.inputs.map((input) => (input.type === 'address' ? `0x${'11'.repeat(20)}` : input.type === 'bytes32' ? `0x${'ab'.repeat(32)}` : input.type.startsWith('uint') ? 1n : 0));
        return routerErrorMessage(revert(item.name, args)).includes(`(${item.name})`);
      })
      .map((item) => item.name);
    expect(unmapped).toEqual([]);
  });
  it('recognises a declined signature anywhere in the cause chain', () => {
    expect(isUserRejection(new BaseError('wrapped', { cause: new UserRejectedRequestError(new Error('no')) }))).toBe(true);
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection(new Error('boom'))).toBe(false);
  });
  it('falls back to a short sentence without internals', () => {
    expect(routerErrorMessage(new Error('socket hang up at http://10.0.0.1'))).toBe('The transaction failed. Nothing was sent.');
  });
});

import { BaseError, encodeErrorResult, UserRejectedRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { permit2Abi } from '@/contracts/generated/permit2';
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

/** A revert from inside Permit2, as viem reports the router call that reached it. */
function permit2Revert(errorName: string, args: readonly unknown[]) {
  const data = encodeErrorResult({ abi: permit2Abi, errorName, args } as never);
  return new BaseError('The contract function reverted.', { cause: Object.assign(new BaseError('execution reverted'), { data }) });
}

describe('Permit2 errors in words', () => {
  it('decodes the Permit2 errors a Permit2 swap or a revoke can meet', () => {
    expect(routerErrorMessage(permit2Revert('InvalidNonce', []))).toMatch(/already used or cancelled/);
    expect(routerErrorMessage(permit2Revert('SignatureExpired', [1n]))).toMatch(/signature expired/);
    expect(routerErrorMessage(permit2Revert('InvalidSigner', []))).toMatch(/not from the wallet that pays/);
    expect(routerErrorMessage(permit2Revert('InsufficientAllowance', [5n]))).toMatch(/may not move enough/);
    expect(routerErrorMessage(permit2Revert('AllowanceExpired', [1n]))).toMatch(/allowance for this spender has expired/);
    expect(routerErrorMessage(permit2Revert('InvalidAmount', [1n]))).toMatch(/does not cover the amount/);
  });
  it('has a sentence for every Permit2 error (the mapping follows the ABI)', () => {
    const unmapped = permit2Abi
      .flatMap((item) => (item.type === 'error' ? [item] : []))
      .filter((item) => {
        const message = routerErrorMessage(permit2Revert(item.name, item.inputs.map(() => 1n)));
        return message.includes(`(${item.name})`) || message.startsWith('The router refused');
      })
      .map((item) => item.name);
    expect(unmapped).toEqual([]);
  });
  it('tells the router\'s and Permit2\'s InvalidSignature apart only as far as the call allows (one selector)', () => {
    expect(routerErrorMessage(permit2Revert('InvalidSignature', []))).toMatch(/did not accept the quote signature/);
    expect(routerErrorMessage(permit2Revert('InvalidSignature', []), { viaPermit2: true })).toMatch(/your Permit2 signature does not match the quote/);
  });
  it('reads Permit2\'s failed pull from a wallet that has not enabled the token', () => {
    const data = encodeErrorResult({ abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }], errorName: 'Error', args: ['TRANSFER_FROM_FAILED'] });
    const error = new BaseError('The contract function reverted.', { cause: Object.assign(new BaseError('execution reverted'), { data }) });
    expect(routerErrorMessage(error)).toMatch(/enable it for Permit2 first/);
  });
});

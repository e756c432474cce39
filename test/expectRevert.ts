// Contract tests: the custom error a failed call reverted with, decoded from viem's error chain.
import { expect } from 'vitest';
import { BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex } from 'viem';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import { permit2Abi } from '@/contracts/generated/permit2';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';

/** Errors our contracts (and the OpenZeppelin tokens and Permit2 they call) may revert with. */
const ERRORS_ABI = [...swapRouterAbi, ...destinationSettlerAbi, ...testERC20Abi, ...permit2Abi].filter((item) => item.type === 'error');

export function revertName(error: unknown): string {
  if (!(error instanceof BaseError)) throw error;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError) {
    if (reverted.data?.errorName) return reverted.data.errorName;
    if (reverted.raw) return decodeErrorResult({ abi: ERRORS_ABI, data: reverted.raw }).errorName;
  }
  const raw = error.walk((e) => typeof (e as { data?: unknown }).data === 'string');
  const data = (raw as { data?: unknown } | null)?.data;
  if (typeof data === 'string' && data.startsWith('0x') && data.length >= 10) {
    return decodeErrorResult({ abi: ERRORS_ABI, data: data as Hex }).errorName;
  }
  throw error;
}

/** Awaits `action` and expects it to revert with the custom error `errorName`. */
export async function expectRevert(action: Promise<unknown>, errorName: string): Promise<void> {
  let caught: unknown;
  try {
    await action;
  } catch (error: unknown) {
    caught = error;
  }
  expect(caught, `expected a revert with ${errorName}`).toBeDefined();
  expect(revertName(caught)).toBe(errorName);
}

// Names why a gasless order would revert (or did): the router's or Permit2's custom error from the node's revert data.
import { decodeErrorResult } from 'viem';
import { revertData } from '@/lib/contracts/revertData';
import { permit2Abi } from '@/contracts/generated/permit2';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';

const ABI = [...swapRouterAbi, ...permit2Abi.filter((item) => item.type === 'error'), ...testERC20Abi.filter((item) => item.type === 'error')];

const TEXT: Record<string, string> = {
  QuoteAlreadyUsed: 'the quote was executed already, by another transaction',
  InvalidNonce: 'the Permit2 nonce of this quote was used already (the quote was executed by another transaction)',
  QuoteExpired: 'the quote\'s deadline passed before it could be sent',
  SignatureExpired: 'the permit\'s deadline passed before it could be sent',
  InsufficientOutput: 'the pools moved: the swap would pay less than min_amount_out',
  InvalidSigner: 'the permit signature is not the sender\'s',
  ERC20InsufficientBalance: 'the sender no longer holds amount_in of token_in',
  ERC20InsufficientAllowance: 'the sender has not approved Permit2 for token_in',
};

/** A sentence for the quote status (`error.reason`), ending with the error's name when the node gave one. */
export function submitterRevert(error: unknown): { name: string; text: string } {
  const data = revertData(error);
  if (data) {
    try {
      const { errorName, args } = decodeErrorResult({ abi: ABI, data });
      // A require() message (Permit2's token transfer says TRANSFER_FROM_FAILED when the allowance or balance is short).
      if ((errorName as string) === 'Error') return { name: String(args?.[0] ?? 'Error'), text: `the token transfer from the sender failed (${String(args?.[0] ?? 'Error')}): it no longer holds amount_in or has not approved Permit2` };
      return { name: errorName, text: `${TEXT[errorName] ?? 'the router refused it'} (${errorName})` };
    } catch {
      return { name: 'Unknown', text: `it would revert with unrecognised data ${data.slice(0, 10)}` };
    }
  }
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  return { name: 'Unknown', text: `it would revert: ${message.slice(0, 200)}` };
}

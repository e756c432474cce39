'use client';
// How much of the firm quote's input token the router may already take from the account.
import { erc20Abi, type Address } from 'viem';
import { useReadContract } from 'wagmi';
import type { FirmQuote } from './quoteTypes';

const ZERO: Address = '0x0000000000000000000000000000000000000000';

export function useAllowance(firm: FirmQuote | undefined, account: Address | undefined) {
  const target = firm?.allowance_target ?? null;
  return useReadContract({
    chainId: firm?.src_chain_id,
    address: firm?.token_in,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [account ?? ZERO, target ?? ZERO],
    query: { enabled: firm !== undefined && target !== null && account !== undefined },
  });
}

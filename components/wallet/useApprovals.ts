'use client';
// Reads the connected wallet's swap approvals on its chain, one row per token and spender (see approvalRows).
import { erc20Abi, zeroAddress, type Address } from 'viem';
import { useReadContracts } from 'wagmi';
import { permit2BrowserAbi as permit2Abi } from '@/lib/contracts/permit2BrowserAbi';
import type { PublicChain } from '@/lib/chains/publicChain';
import type { ApprovalKind, ApprovalRow } from './approvalRows';

type Read = { kind: ApprovalKind; token: PublicChain['tokens'][number]; spender: Address };

function readsOf(chain: PublicChain | undefined): Read[] {
  if (!chain) return [];
  return chain.tokens.flatMap((token) => {
    const reads: Read[] = [];
    if (chain.permit2) reads.push({ kind: 'permit2', token, spender: chain.permit2 });
    if (chain.permit2 && chain.swapRouter) reads.push({ kind: 'permit2Router', token, spender: chain.swapRouter });
    if (chain.swapRouter) reads.push({ kind: 'router', token, spender: chain.swapRouter });
    return reads;
  });
}

export function useApprovals(chain: PublicChain | undefined, account: Address | undefined) {
  const reads = readsOf(chain);
  const owner = account ?? zeroAddress;
  const result = useReadContracts({
    contracts: reads.map((r) =>
      r.kind === 'permit2Router' && chain?.permit2
        ? { chainId: chain.id, address: chain.permit2, abi: permit2Abi, functionName: 'allowance' as const, args: [owner, r.token.address, r.spender] as const }
        : { chainId: chain?.id, address: r.token.address, abi: erc20Abi, functionName: 'allowance' as const, args: [owner, r.spender] as const },
    ),
    query: { enabled: account !== undefined && reads.length > 0 },
  });
  const rows: ApprovalRow[] = [];
  reads.forEach((r, i) => {
    const answer = result.data?.[i];
    if (answer?.status !== 'success') return;
    const token = { address: r.token.address, symbol: r.token.symbol, decimals: r.token.decimals };
    if (typeof answer.result === 'bigint') rows.push({ kind: r.kind, token, spender: r.spender, amount: answer.result });
    else {
      const [amount, expiration] = answer.result as readonly [bigint, number, number];
      rows.push({ kind: r.kind, token, spender: r.spender, amount, expiration: Number(expiration) });
    }
  });
  return { rows, isLoading: result.isLoading, isError: result.isError, refetch: result.refetch };
}

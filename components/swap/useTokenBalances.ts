'use client';
// Balances of an account for a list of tokens on one chain (native through eth_getBalance, ERC-20s through balanceOf),
// read again at every new block of that chain, so a swap or a cross-chain fill shows in them as soon as it lands.
import { useEffect } from 'react';
import { erc20Abi, type Address } from 'viem';
import { useBalance, useBlockNumber, useReadContracts } from 'wagmi';
import { isNativeToken, type SwapToken } from './swapTokens';

export function useTokenBalances(chainId: number, tokens: SwapToken[], account: Address | undefined): Map<string, bigint> {
  const erc20s = tokens.filter((t) => !isNativeToken(t));
  const native = useBalance({ address: account, chainId, query: { enabled: account !== undefined } });
  const reads = useReadContracts({
    contracts: erc20s.map((t) => ({ chainId, address: t.address, abi: erc20Abi, functionName: 'balanceOf' as const, args: [account ?? '0x0000000000000000000000000000000000000000'] as const })),
    query: { enabled: account !== undefined && erc20s.length > 0 },
  });
  const block = useBlockNumber({ chainId, watch: account !== undefined });
  const { refetch: refetchNative } = native;
  const { refetch: refetchTokens } = reads;
  const readsTokens = account !== undefined && erc20s.length > 0;
  useEffect(() => {
    if (block.data === undefined || account === undefined) return;
    void refetchNative();
    if (readsTokens) void refetchTokens();
  }, [block.data, account, readsTokens, refetchNative, refetchTokens]);
  const out = new Map<string, bigint>();
  if (!account) return out;
  const nativeToken = tokens.find(isNativeToken);
  if (nativeToken && native.data) out.set(nativeToken.address.toLowerCase(), native.data.value);
  erc20s.forEach((t, i) => {
    const r = reads.data?.[i];
    if (r?.status === 'success') out.set(t.address.toLowerCase(), r.result);
  });
  return out;
}

export function useTokenBalance(token: SwapToken, account: Address | undefined): bigint | undefined {
  return useTokenBalances(token.chainId, [token], account).get(token.address.toLowerCase());
}

'use client';
// What sending the firm quote costs in gas, in the chain's native coin and in dollars: the wallet's gas estimate of the
// router call when it can be estimated (after any approval), else a typical figure for the route's legs and hops by pool kind.
import type { Address } from 'viem';
import { useEstimateGas, useGasPrice } from 'wagmi';
import { useChains } from '@/components/wallet/ChainsContext';
import type { FirmQuote } from './quoteTypes';
import { swapTokens, type SwapToken } from './swapTokens';
import { typicalSwapGas } from './swapGas';
import { useUsdPrice } from './useUsdPrice';

export type NetworkCost = { native: SwapToken; wei: bigint; usdPerNative: number | undefined; estimated: boolean };

export function useNetworkCost(firm: FirmQuote, account: Address | undefined, canEstimate: boolean): NetworkCost | undefined {
  const chain = useChains().find((c) => c.id === firm.src_chain_id);
  const native = chain ? swapTokens(chain)[0] : undefined;
  const gasPrice = useGasPrice({ chainId: firm.src_chain_id });
  const estimate = useEstimateGas({
    chainId: firm.src_chain_id, account, to: firm.router_address as Address, data: firm.calldata as `0x${string}`, value: BigInt(firm.value),
    query: { enabled: canEstimate && account !== undefined, retry: false },
  });
  const usdPerNative = useUsdPrice(native);
  if (!native || gasPrice.data === undefined) return undefined;
  const gas = estimate.data ?? typicalSwapGas(firm.route.filter((leg) => leg.chain_id === firm.src_chain_id));
  return { native, wei: gas * gasPrice.data, usdPerNative, estimated: estimate.data !== undefined };
}

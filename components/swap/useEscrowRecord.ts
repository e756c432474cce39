'use client';
// The origin router's record of an order's escrow (`escrows(orderId)`): what a refund returns, the held service fee
// included, read from the chain itself once the order is on its way back.
import type { Address, Hex } from 'viem';
import { useReadContract } from 'wagmi';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { useChains } from '@/components/wallet/ChainsContext';
import type { QuoteStatus } from './quoteTypes';

export type EscrowRecord = { token: Address; amount: bigint; feeToken: Address; feeAmount: bigint };

export function useEscrowRecord(srcChainId: number, status: QuoteStatus | undefined): EscrowRecord | undefined {
  const router = useChains().find((c) => c.id === srcChainId)?.swapRouter ?? undefined;
  const orderId = status?.order_id ?? undefined;
  const returning = status?.status === 'expired' || status?.status === 'refunded';
  const read = useReadContract({
    chainId: srcChainId,
    address: router,
    abi: swapRouterAbi,
    functionName: 'escrows',
    args: orderId ? [orderId as Hex] : undefined,
    // Read again once refunded: the record is final then.
    scopeKey: status?.status,
    query: { enabled: returning && router !== undefined && orderId !== undefined },
  });
  if (!read.data) return undefined;
  const [, , , token, feeAmount, amount, feeToken] = read.data;
  return { token, amount, feeToken, feeAmount };
}

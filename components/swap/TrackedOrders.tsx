'use client';
// Cross-chain swaps this browser sent, followed under the form until they end; a reload picks them up again.
import { useSyncExternalStore } from 'react';
import { isAddressEqual } from 'viem';
import { useConnection } from 'wagmi';
import { useChains } from '@/components/wallet/ChainsContext';
import { useApiToken } from '@/components/wallet/useApiToken';
import { formatAmount } from './amountText';
import { CrossChainTracker } from './CrossChainTracker';
import { forgetOrder, noTrackedOrders, subscribeTrackedOrders, trackedOrders, type TrackedOrder } from './trackedOrder';
import { isFinalStatus, useQuoteStatus } from './useQuoteStatus';

export function TrackedOrders() {
  const orders = useSyncExternalStore(subscribeTrackedOrders, trackedOrders, noTrackedOrders);
  const { address } = useConnection();
  const mine = orders.filter((o) => address !== undefined && isAddressEqual(o.account, address));
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="tracked-title" className="mx-auto mt-4 w-full max-w-md rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-4 sm:p-5">
      <h2 id="tracked-title" className="mb-3 text-base font-semibold">
        Cross-chain swaps
      </h2>
      <ul className="flex flex-col gap-4">
        {[...mine].reverse().map((o) => (
          <TrackedOrderItem key={o.quoteId} order={o} />
        ))}
      </ul>
    </section>
  );
}

function TrackedOrderItem({ order }: { order: TrackedOrder }) {
  const { walletToken } = useApiToken();
  const status = useQuoteStatus(order.quoteId, walletToken);
  const chains = useChains();
  const name = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  return (
    <li className="flex flex-col gap-2 border-t border-[var(--border)] pt-3 first:border-t-0 first:pt-0">
      <p className="text-sm">
        {formatAmount(BigInt(order.amountIn), order.tokenIn.decimals)} {order.tokenIn.symbol} on {name(order.srcChainId)} →{' '}
        {order.tokenOut.symbol} on {name(order.dstChainId)}
      </p>
      <CrossChainTracker order={order} token={walletToken} />
      {isFinalStatus(status.data) ? (
        <button type="button" onClick={() => forgetOrder(order.quoteId)} className="self-start text-xs text-[var(--muted)] underline hover:text-[var(--accent)]">
          Dismiss
        </button>
      ) : null}
    </li>
  );
}

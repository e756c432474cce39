'use client';
// The review of a cross-chain quote: both chains, the relayer fee, when it arrives and what comes back if it does not;
// once the deposit is sent, the tracker.
import { useSyncExternalStore, type ReactNode } from 'react';
import { useChains } from '@/components/wallet/ChainsContext';
import { formatAmount } from './amountText';
import { clockText } from './crossChain';
import { CrossChainRows } from './CrossChainRows';
import { CrossChainTracker } from './CrossChainTracker';
import type { FirmQuote } from './quoteTypes';
import { findToken, type SwapToken } from './swapTokens';
import { noTrackedOrders, subscribeTrackedOrders, trackedOrders } from './trackedOrder';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-[var(--muted)]">{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function CrossChainReviewRows({ firm, tokenIn, tokenOut }: { firm: FirmQuote; tokenIn: SwapToken; tokenOut: SwapToken }) {
  const chains = useChains();
  const name = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  const escrow = firm.bridge?.src;
  const escrowToken = escrow ? findToken(chains, escrow.chain_id, escrow.token) : undefined;
  return (
    <>
      <Row label="From" testId="review-src-chain">
        {name(firm.src_chain_id)}
      </Row>
      <Row label="To" testId="review-dst-chain">
        {name(firm.dst_chain_id)}
      </Row>
      <CrossChainRows quote={firm} tokenIn={tokenIn} tokenOut={tokenOut} Row={Row} />
      {firm.fill_deadline && escrow && escrowToken ? (
        <Row label={`Not delivered by ${clockText(firm.fill_deadline)}?`} testId="review-refund">
          About {formatAmount(BigInt(escrow.amount), escrowToken.decimals)} {escrowToken.symbol} back on {name(firm.src_chain_id)}
        </Row>
      ) : null}
    </>
  );
}

/** After the deposit is sent: the tracker for this quote, which also stays under the form once the dialog closes. */
export function CrossChainSent({ quoteId, token, onClose }: { quoteId: string; token: string | undefined; onClose: () => void }) {
  const orders = useSyncExternalStore(subscribeTrackedOrders, trackedOrders, noTrackedOrders);
  const order = orders.find((o) => o.quoteId === quoteId);
  return (
    <div className="flex flex-col gap-3">
      {order ? <CrossChainTracker order={order} token={token} /> : null}
      <p className="text-xs text-[var(--muted)]">You can close this window: the swap stays tracked below the form, also after a reload.</p>
      <button type="button" onClick={onClose} className="w-full rounded-xl border border-[var(--border)] px-4 py-3 font-semibold">
        Close
      </button>
    </div>
  );
}

'use client';
// A cross-chain swap followed to its end: Deposited on the source (tx) → Filled on the destination (tx, amount
// received) → done, or Expired → Refunded (what came back). Everything it shows comes from the status endpoint.
import type { Address } from 'viem';
import { useNow } from '@/components/ui/useNow';
import { useChains } from '@/components/wallet/ChainsContext';
import { formatAmount } from './amountText';
import { fillerText } from './fillerText';
import { clockText, durationText } from './crossChain';
import { orderDelay, type OrderDelay } from './orderDelay';
import { refundText, type Refund } from './refundText';
import { findToken } from './swapTokens';
import type { TrackedOrder } from './trackedOrder';
import { trackerView, type StepState, type TrackerStep, type TrackerView } from './trackerSteps';
import { useEscrowRecord } from './useEscrowRecord';
import { useQuoteStatus } from './useQuoteStatus';

const shortHash = (h: string) => `${h.slice(0, 10)}…${h.slice(-6)}`;

const MARK: Record<StepState, string> = { done: '✓', active: '…', waiting: '○', warning: '!' };
const MARK_CLASS: Record<StepState, string> = {
  done: 'bg-[var(--up)] text-white',
  active: 'animate-pulse bg-[var(--accent)] text-[var(--on-accent)]',
  waiting: 'border border-[var(--border)] text-[var(--muted)]',
  warning: 'bg-amber-500 text-white',
};

type Props = { order: TrackedOrder; token: string | undefined };

export function CrossChainTracker({ order, token }: Props) {
  const status = useQuoteStatus(order.quoteId, token);
  const nowSec = Math.floor(useNow(5_000) / 1_000);
  const delay = orderDelay(status.data, { nowSec, sentAtSec: Math.floor(order.savedAtMs / 1_000), expectedFillSec: order.estimatedFillTimeSec });
  const view = trackerView(order, status.data, delay);
  const escrow = useEscrowRecord(order.srcChainId, status.data);
  const chains = useChains();
  const chainName = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  // The chain's record names the fee held beside the escrow; until it is read, the status's escrow alone.
  const refund: Refund | null = escrow ?? (view.refunded ? { token: view.refunded.token as Address, amount: view.refunded.amount } : null);
  const relayer = chains.find((c) => c.id === order.dstChainId)?.crossChain?.relayer ?? null;
  const words = stepWords(order, view, { fillDeadline: status.data?.fill_deadline ?? order.fillDeadline, delay, refund, relayer, failure: status.data?.error?.reason }, chainName, (chainId, address) => findToken(chains, chainId, address as `0x${string}`));
  return (
    <div data-testid="crosschain-tracker" data-quote-id={order.quoteId} className="flex flex-col gap-2">
      <ol className="flex flex-col gap-2" aria-label="Cross-chain swap progress">
        {view.steps.map((step) => (
          <li key={step.key} data-testid={`tracker-step-${step.key}`} data-state={step.state} className="flex items-start gap-3">
            <span aria-hidden="true" className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${MARK_CLASS[step.state]}`}>
              {MARK[step.state]}
            </span>
            <span className="flex min-w-0 flex-col text-sm">
              <span className={step.state === 'waiting' ? 'text-[var(--muted)]' : 'font-medium'}>{words(step)}</span>
              {step.txHash ? (
                <span className="truncate text-xs text-[var(--muted)]" title={step.txHash}>
                  {chainName(step.chainId)} · tx {shortHash(step.txHash)}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      {delay.delayed && !view.final ? (
        <p role="status" data-testid="tracker-delay" className="rounded-lg bg-amber-500/10 px-3 py-2 text-xs">
          {delayText(delay, chainName(order.dstChainId), nowSec)}
        </p>
      ) : null}
      {!token ? <p className="text-xs text-[var(--muted)]">Sign in with the wallet that sent this swap to follow it.</p> : null}
      {status.error && !status.data ? <p className="text-xs text-[var(--down)]">The status could not be read right now; retrying.</p> : null}
    </div>
  );
}

type TokenLookup = (chainId: number, address: string) => { symbol: string; decimals: number } | undefined;

/** Why the order is late and from when the trader's money can come back. */
function delayText(delay: OrderDelay, dst: string, nowSec: number): string {
  const when = delay.refundPossibleAt;
  const back = when === null ? 'If it is never delivered, your deposit and the service fee come back to you.'
    : when > nowSec ? `If it is not delivered by ${clockText(when)}, your deposit and the service fee come back to you from then.`
      : 'Your deposit and the service fee are on their way back.';
  return `Delayed on ${dst}: ${delay.reason ?? 'not delivered yet'}. ${back}`;
}

type Facts = { fillDeadline: number | null | undefined; delay: OrderDelay; refund: Refund | null; relayer: string | null; failure?: string };

function stepWords(order: TrackedOrder, view: TrackerView, facts: Facts, chainName: (id: number) => string, tokenOn: TokenLookup) {
  const { fillDeadline, delay, refund, relayer } = facts;
  const src = chainName(order.srcChainId);
  const dst = chainName(order.dstChainId);
  const out = order.tokenOut;
  return (step: TrackerStep): string => {
    switch (step.key) {
      case 'deposit':
        if (step.state === 'done') return `Deposited on ${src}`;
        if (step.state === 'warning') return `Not deposited on ${src}: ${facts.failure ?? 'not before the quote\'s deadline'}. Nothing of yours moved`;
        return order.gasless ? `Swapdesk is depositing on ${src} for you…` : `Depositing on ${src}…`;
      case 'fill':
        if (step.state === 'done') {
          const received = view.amountReceived === null ? '' : `: received ${formatAmount(view.amountReceived, out.decimals)} ${out.symbol}`;
          return `Filled on ${dst}${fillerText(view.filler, relayer)}${view.filledAt ? ` at ${clockText(view.filledAt)}` : ''}${received}`;
        }
        if (step.state === 'warning') return `Delayed on ${dst}: ${delay.reason ?? 'not delivered yet'}`;
        if (step.state === 'active') return `Delivering on ${dst}${order.estimatedFillTimeSec ? ` (${durationText(order.estimatedFillTimeSec)})` : ''}…`;
        return `Filled on ${dst}`;
      case 'done':
        if (step.state === 'done') return 'Done';
        return step.state === 'active' ? `You have your ${out.symbol}; the filler is being repaid on ${src}` : 'Done';
      case 'expired':
        return `Expired: not delivered on ${dst}${fillDeadline ? ` by ${clockText(fillDeadline)}` : ''}`;
      case 'refund': {
        if (step.state !== 'done') return `Refunding on ${src}: your deposit and the service fee are coming back`;
        const amount = refund ? refundText(refund, (address) => tokenOn(order.srcChainId, address)) : 'your deposit and the service fee';
        return `Refunded on ${src}: ${amount} back to your wallet`;
      }
    }
  };
}

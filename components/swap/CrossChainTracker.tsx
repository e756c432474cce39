'use client';
// A cross-chain swap followed to its end: Deposited on the source (tx) → Filled on the destination (tx, amount
// received) → done, or Expired → Refunded (what came back). Everything it shows comes from the status endpoint.
import { useChains } from '@/components/wallet/ChainsContext';
import { formatAmount } from './amountText';
import { clockText, durationText } from './crossChain';
import { findToken } from './swapTokens';
import type { TrackedOrder } from './trackedOrder';
import { trackerView, type StepState, type TrackerStep, type TrackerView } from './trackerSteps';
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
  const view = trackerView(order, status.data);
  const chains = useChains();
  const chainName = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  const words = stepWords(order, view, status.data?.fill_deadline ?? order.fillDeadline, chainName, (chainId, address) => findToken(chains, chainId, address as `0x${string}`));
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
      {!token ? <p className="text-xs text-[var(--muted)]">Sign in with the wallet that sent this swap to follow it.</p> : null}
      {status.error && !status.data ? <p className="text-xs text-[var(--down)]">The status could not be read right now; retrying.</p> : null}
    </div>
  );
}

type TokenLookup = (chainId: number, address: string) => { symbol: string; decimals: number } | undefined;

function stepWords(order: TrackedOrder, view: TrackerView, fillDeadline: number | null | undefined, chainName: (id: number) => string, tokenOn: TokenLookup) {
  const src = chainName(order.srcChainId);
  const dst = chainName(order.dstChainId);
  const out = order.tokenOut;
  return (step: TrackerStep): string => {
    switch (step.key) {
      case 'deposit':
        return step.state === 'done' ? `Deposited on ${src}` : `Depositing on ${src}…`;
      case 'fill':
        if (step.state === 'done') {
          const received = view.amountReceived === null ? '' : `: received ${formatAmount(view.amountReceived, out.decimals)} ${out.symbol}`;
          return `Filled on ${dst}${received}`;
        }
        if (step.state === 'active') return `Delivering on ${dst}${order.estimatedFillTimeSec ? ` (${durationText(order.estimatedFillTimeSec)})` : ''}…`;
        return `Filled on ${dst}`;
      case 'done':
        if (step.state === 'done') return 'Done';
        return step.state === 'active' ? `You have your ${out.symbol}; the relayer is being repaid on ${src}` : 'Done';
      case 'expired':
        return `Expired: not delivered on ${dst}${fillDeadline ? ` by ${clockText(fillDeadline)}` : ''}`;
      case 'refund': {
        const back = view.refunded ? tokenOn(order.srcChainId, view.refunded.token) : undefined;
        const amount = view.refunded && back ? `${formatAmount(view.refunded.amount, back.decimals)} ${back.symbol}` : 'your deposit';
        return step.state === 'done' ? `Refunded on ${src}: ${amount} back to your wallet` : `Refunding on ${src}: your deposit is coming back`;
      }
    }
  };
}

'use client';
// One quote of the activity list: pair and chains, amounts quoted and received, live status, time, transactions.
import type { Address } from 'viem';
import { formatAmount } from '@/components/swap/amountText';
import { findToken, type SwapToken } from '@/components/swap/swapTokens';
import { useChains } from '@/components/wallet/ChainsContext';
import type { QuoteActivity } from './activityOptions';
import { CopyButton } from './CopyButton';
import { quoteStatusView, type StatusTone } from './quoteStatusView';

const TONE: Record<StatusTone, string> = {
  pending: 'bg-[var(--accent)]/15 text-[var(--accent)]',
  done: 'bg-[var(--up)]/15 text-[var(--up)]',
  failed: 'bg-[var(--down)]/15 text-[var(--down)]',
  returned: 'bg-[var(--muted)]/15 text-[var(--muted)]',
};

const short = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

function amount(units: string | null, token: SwapToken | undefined): string {
  if (units === null) return '—';
  return token ? `${formatAmount(BigInt(units), token.decimals)} ${token.symbol}` : `${units} (base units)`;
}

function TxHash({ label, hash }: { label: string; hash: string | null | undefined }) {
  if (!hash) return null;
  return (
    <span className="inline-flex items-center gap-1">
      <span className="text-[var(--muted)]">{label}</span>
      <code className="text-xs" title={hash}>
        {short(hash)}
      </code>
      <CopyButton value={hash} label={`${label} transaction hash`} />
    </span>
  );
}

export function ActivityRow({ quote }: { quote: QuoteActivity }) {
  const chains = useChains();
  const crossChain = quote.src_chain_id !== quote.dst_chain_id;
  const tokenIn = findToken(chains, quote.src_chain_id, quote.token_in as Address);
  const tokenOut = findToken(chains, quote.dst_chain_id, quote.token_out as Address);
  const chainName = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  const view = quoteStatusView(quote.status, crossChain, quote.src_tx_hash !== null);
  const when = new Date(quote.created_at * 1_000);
  return (
    <li data-testid="activity-row" data-quote-id={quote.quote_id} className="flex flex-col gap-2 rounded-xl border border-[var(--border)] bg-[var(--panel)] p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          {tokenIn?.symbol ?? 'token'} → {tokenOut?.symbol ?? 'token'}
          <span className="ml-2 text-xs font-normal text-[var(--muted)]">{crossChain ? `${chainName(quote.src_chain_id)} → ${chainName(quote.dst_chain_id)}` : chainName(quote.src_chain_id)}</span>
        </p>
        <p>
          <span className="text-[var(--muted)]">Paid </span>
          {amount(quote.amount_in, tokenIn)}
        </p>
        <p>
          <span className="text-[var(--muted)]">Quoted </span>
          {amount(quote.amount_out, tokenOut)}
          <span className="text-[var(--muted)]"> · received </span>
          <span data-testid="activity-received">{amount(quote.amount_out_actual, tokenOut)}</span>
        </p>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          <TxHash label={crossChain ? 'Deposit' : 'Swap'} hash={quote.src_tx_hash} />
          {crossChain ? <TxHash label="Delivery" hash={quote.dst_tx_hash} /> : null}
          <TxHash label="Refund" hash={quote.refund_tx_hash} />
        </div>
      </div>
      <div className="flex flex-row items-center gap-3 sm:flex-col sm:items-end">
        <span data-testid="activity-status" title={view.detail} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${TONE[view.tone]}`}>
          {view.final ? null : <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" />}
          {view.label}
        </span>
        <time dateTime={when.toISOString()} className="text-xs text-[var(--muted)]">
          {when.toLocaleString()}
        </time>
      </div>
    </li>
  );
}

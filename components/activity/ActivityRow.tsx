'use client';
// One quote of the activity list: pair and chains, amounts quoted and received, live status, time, transactions.
import type { Address } from 'viem';
import { formatAmount } from '@/components/swap/amountText';
import { clockText } from '@/components/swap/crossChain';
import { orderDelay } from '@/components/swap/orderDelay';
import { findToken, type SwapToken } from '@/components/swap/swapTokens';
import { useChains } from '@/components/wallet/ChainsContext';
import type { ActivityKind } from './activityKind';
import type { QuoteActivity } from './activityOptions';
import { CopyButton } from './CopyButton';
import { filledByText } from './filledByText';
import { quoteStatusView, type StatusTone, type StatusView } from './quoteStatusView';

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

/** The badge: a quote never sent says so; a late cross-chain delivery says why and when the refund comes. */
function rowView(quote: QuoteActivity, kind: ActivityKind, nowSec: number, dstName: string): StatusView & { note?: string } {
  if (kind === 'unused-quote') return { label: 'Quote not used', tone: 'returned', final: true, detail: 'Reviewed but never sent: nothing was paid' };
  if (kind === 'open-quote') return { label: 'Quote, not sent', tone: 'returned', final: false, detail: 'Reviewed; not sent yet' };
  const crossChain = quote.src_chain_id !== quote.dst_chain_id;
  const view = quoteStatusView(quote.status, crossChain, quote.src_tx_hash !== null);
  const delay = crossChain ? orderDelay(quote, { nowSec, sentAtSec: quote.created_at, expectedFillSec: null }) : undefined;
  if (!delay?.delayed || quote.status !== 'deposited') return view;
  const when = delay.refundPossibleAt;
  const note = `Delayed on ${dstName}: ${delay.reason ?? 'not delivered yet'}.${when !== null && when > nowSec ? ` If not delivered by ${clockText(when)}, the deposit and the service fee come back.` : ''}`;
  return { label: 'Delayed', tone: 'failed', final: false, detail: note, note };
}

export function ActivityRow({ quote, kind, nowSec }: { quote: QuoteActivity; kind: ActivityKind; nowSec: number }) {
  const chains = useChains();
  const crossChain = quote.src_chain_id !== quote.dst_chain_id;
  const tokenIn = findToken(chains, quote.src_chain_id, quote.token_in as Address);
  const tokenOut = findToken(chains, quote.dst_chain_id, quote.token_out as Address);
  const chainName = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  const view = rowView(quote, kind, nowSec, chainName(quote.dst_chain_id));
  const sent = kind === 'trade';
  const filledBy = crossChain ? filledByText(quote, chains.find((c) => c.id === quote.dst_chain_id)?.crossChain?.relayer ?? null) : null;
  const when = new Date(quote.created_at * 1_000);
  return (
    <li data-testid="activity-row" data-quote-id={quote.quote_id} data-kind={kind} className={`${sent ? '' : 'opacity-70 '}flex flex-col gap-2 rounded-xl border border-[var(--border)] bg-[var(--panel)] p-3 text-sm sm:flex-row sm:items-start sm:justify-between`}>
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          {tokenIn?.symbol ?? 'token'} → {tokenOut?.symbol ?? 'token'}
          <span className="ml-2 text-xs font-normal text-[var(--muted)]">{crossChain ? `${chainName(quote.src_chain_id)} → ${chainName(quote.dst_chain_id)}` : chainName(quote.src_chain_id)}</span>
        </p>
        {sent ? (
          <>
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
          </>
        ) : (
          <p className="text-[var(--muted)]">
            Quoted {amount(quote.amount_in, tokenIn)} for {amount(quote.amount_out, tokenOut)}; never sent, nothing paid
          </p>
        )}
        {filledBy ? (
          <p data-testid="activity-filler" className="text-xs text-[var(--muted)]">
            {filledBy}
          </p>
        ) : null}
        {view.note ? (
          <p data-testid="activity-delay" className="text-xs text-[var(--down)]">
            {view.note}
          </p>
        ) : null}
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

'use client';
// The pair's latest trades beside its chart: live from the page's market stream, buys and sells told apart by
// word and arrow as well as colour, each transaction hash copyable, older pages on demand; fits 375 px.
import { useEffect, useReducer, useState } from 'react';
import type { TradeDTO, TradesPage } from '@/lib/api/schemas/trades';
import { formatAmount, formatPrice, formatUsd } from './formatMarket';
import { PAIR_TEST_IDS } from './pairTestIds';
import { useTradeFeed } from './tradeFeed';
import { initialTrades, tradesReducer } from './tradesReducer';

type Props = { apiBase: string; chainId: number; pairId: number; baseSymbol: string; quoteSymbol: string; initial: TradesPage };

const OLDER_PAGE = 100;
const COPIED_MS = 1_500;
const timeText = (unix: number) => new Date(unix * 1000).toISOString().slice(11, 19);
const short = (hex: string) => `${hex.slice(0, 6)}…${hex.slice(-4)}`;

function CopyHash({ hash }: { hash: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => void navigator.clipboard.writeText(hash).then(() => setCopied(true), () => setCopied(false))}
      title={hash}
      className="whitespace-nowrap rounded px-1 font-mono text-xs text-[var(--muted)] hover:text-[var(--accent)] focus-visible:outline-2 focus-visible:outline-[var(--accent)]"
    >
      {/* The name comes from the content (no aria-label that would differ from the words shown: WCAG 2.5.3). */}
      <span className="sr-only">Copy transaction hash {hash} </span>
      <span aria-hidden={!copied}>{copied ? 'Copied ✓' : short(hash)}</span>
    </button>
  );
}

function Side({ side }: { side: TradeDTO['side'] }) {
  if (side === null) return <span className="text-[var(--muted)]">–</span>;
  const buy = side === 'buy';
  return (
    <span className={`whitespace-nowrap font-medium ${buy ? 'text-[var(--up)]' : 'text-[var(--down)]'}`}>
      <span aria-hidden="true">{buy ? '▲ ' : '▼ '}</span>
      {buy ? 'Buy' : 'Sell'}
    </span>
  );
}

export function TradesTable({ apiBase, chainId, pairId, baseSymbol, quoteSymbol, initial }: Props) {
  const [state, dispatch] = useReducer(tradesReducer, initial, (p) => initialTrades(p.trades, p.next_cursor));
  const [loadingOlder, setLoadingOlder] = useState(false);
  const feed = useTradeFeed();
  const { subscribe } = feed;
  useEffect(() => subscribe(dispatch), [subscribe]);
  const loadOlder = async () => {
    if (!state.nextCursor) return;
    setLoadingOlder(true);
    try {
      const q = new URLSearchParams({ chainId: String(chainId), pairId: String(pairId), limit: String(OLDER_PAGE), before: state.nextCursor });
      const res = await fetch(`${apiBase}/v1/market/trades?${q}`);
      const body = (await res.json()) as { data: TradesPage | null };
      if (body.data) dispatch({ type: 'older', trades: body.data.trades, nextCursor: body.data.next_cursor });
    } finally {
      setLoadingOlder(false);
    }
  };
  return (
    <section aria-labelledby="trades-title" className="rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="trades-title" className="font-semibold">Trades</h2>
        <span className="text-xs text-[var(--muted)]">{feed.status === 'live' ? 'Live' : 'Updating…'} · times UTC</span>
      </div>
      {state.removedByReorg > 0 ? (
        <p role="status" className="mt-2 text-xs text-[var(--muted)]">
          {state.removedByReorg} trade{state.removedByReorg === 1 ? '' : 's'} removed by a chain reorganisation.
        </p>
      ) : null}
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-sm" data-testid={PAIR_TEST_IDS.tradesTable}>
          <caption className="sr-only">Latest trades of {baseSymbol}/{quoteSymbol}, newest first</caption>
          <thead className="text-xs text-[var(--muted)]">
            <tr>
              <th scope="col" className="py-1 pr-2 text-left font-medium">Time</th>
              <th scope="col" className="px-2 py-1 text-left font-medium">Side</th>
              <th scope="col" className="px-2 py-1 text-right font-medium">Price</th>
              <th scope="col" className="px-2 py-1 text-right font-medium">{baseSymbol}</th>
              <th scope="col" className="hidden px-2 py-1 text-right font-medium sm:table-cell">Value</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">Tx</th>
            </tr>
          </thead>
          <tbody>
            {state.trades.map((t) => (
              <tr key={`${t.tx_hash}:${t.log_index}`} data-side={t.side ?? undefined} className="border-t border-[var(--border)]">
                <td className="py-1.5 pr-2 tabular-nums text-[var(--muted)]">{timeText(t.time)}</td>
                <td className="px-2 py-1.5"><Side side={t.side} /></td>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatPrice(t.price)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{formatAmount(t.amount_base)}</td>
                <td className="hidden px-2 py-1.5 text-right tabular-nums sm:table-cell">{formatUsd(t.value_usd)}</td>
                <td className="py-1.5 pl-2 text-right"><CopyHash hash={t.tx_hash} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        {state.trades.length === 0 ? <p className="p-4 text-center text-sm text-[var(--muted)]">No trades yet.</p> : null}
      </div>
      {state.nextCursor ? (
        <button type="button" onClick={() => void loadOlder()} disabled={loadingOlder} className="mt-2 w-full rounded-lg border border-[var(--border)] py-1.5 text-sm hover:border-[var(--accent)] disabled:opacity-60">
          {loadingOlder ? 'Loading…' : 'Older trades'}
        </button>
      ) : null}
    </section>
  );
}

'use client';
// The header's figures follow the market while the page is open: the price and 24 h change move with the live
// candle's close at once, and the whole overview (volumes, FDV, source) is read again shortly after each trade
// and once a minute, as the 24 h window rolls on.
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import type { PairOverview } from '@/lib/market/marketDto';
import { getPairOverview } from './marketApi';
import { changeDirection, formatAmount, formatChange, formatPrice, formatUsd } from './formatMarket';
import { PAIR_TEST_IDS } from './pairTestIds';

type LivePrice = { close: string | null; setClose: (close: string) => void };

const LivePriceContext = createContext<LivePrice>({ close: null, setClose: () => {} });

export function PairLiveProvider({ children }: { children: ReactNode }) {
  const [close, setClose] = useState<string | null>(null);
  return <LivePriceContext value={{ close, setClose }}>{children}</LivePriceContext>;
}

export function usePublishClose(): (close: string) => void {
  return use(LivePriceContext).setClose;
}

/** After a trade, the indexer has usually stored it within this long. */
const AFTER_TRADE_MS = 1_500;
const REFRESH_MS = 60_000;

/** The latest overview: `initial` from the server, then read again after each new close and every minute. */
function useLiveOverview(apiBase: string, initial: PairOverview, close: string | null): PairOverview {
  const [overview, setOverview] = useState(initial);
  const { chain_id: chainId, pair_id: pairId } = initial;
  useEffect(() => {
    const abort = new AbortController();
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      getPairOverview(apiBase, { chainId, pairId }, abort.signal)
        .then((next) => !abort.signal.aborted && setOverview(next))
        .catch(() => undefined); // keep the last figures; the next trade or minute tries again
    };
    const afterTrade = close === null ? undefined : setTimeout(refresh, AFTER_TRADE_MS);
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      abort.abort();
      clearTimeout(afterTrade);
      clearInterval(timer);
    };
  }, [apiBase, chainId, pairId, close]);
  return overview;
}

function Stat({ label, value, testId, children }: { label: string; value: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-[var(--muted)]">{label}</dt>
      <dd className="text-sm font-medium tabular-nums" data-testid={testId} data-value={value}>{children}</dd>
    </div>
  );
}

const SOURCE_TEXT: Record<PairOverview['price_source'], string> = {
  kline: 'Last trade',
  swap_indicative: 'Pool quote (no trade in 24h)',
};

type Props = { apiBase: string; initial: PairOverview; baseSymbol: string; quoteSymbol: string };

/** Price (quote token and USD), 24 h change, volumes, FDV and price source of the pair header. */
export function PairLiveStats({ apiBase, initial, baseSymbol, quoteSymbol }: Props) {
  const { close } = use(LivePriceContext);
  const o = useLiveOverview(apiBase, initial, close);
  const price = close ?? o.price;
  // Floats from here on: display only. The reference price of 24 h ago is the one the overview implies.
  const ratio = Number(o.price) === 0 ? 1 : Number(price) / Number(o.price);
  const usd = Number(o.price_usd) * ratio;
  const change = String((1 + Number(o.change_24h)) * ratio - 1);
  const dir = changeDirection(change);
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-2xl font-semibold tabular-nums" data-testid={PAIR_TEST_IDS.headerPrice} data-value={price}>
          {formatPrice(price)} <span className="text-sm font-normal text-[var(--muted)]">{quoteSymbol}</span>
        </p>
        <p className="text-sm tabular-nums text-[var(--muted)]">${formatPrice(usd)}</p>
        <p
          className={`text-sm font-medium tabular-nums ${dir === 'up' ? 'text-[var(--up)]' : dir === 'down' ? 'text-[var(--down)]' : ''}`}
          data-testid={PAIR_TEST_IDS.headerChange}
          data-value={change}
        >
          {formatChange(change)} <span className="sr-only">in 24 hours</span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label={`Volume 24h (${baseSymbol})`} value={o.volume_base_24h} testId={PAIR_TEST_IDS.headerVolumeBase}>
          {formatAmount(o.volume_base_24h)}
        </Stat>
        <Stat label={`Volume 24h (${quoteSymbol})`} value={o.volume_quote_24h}>{formatAmount(o.volume_quote_24h)}</Stat>
        <Stat label="Volume 24h (USD)" value={o.volume_usd_24h}>{formatUsd(o.volume_usd_24h)}</Stat>
        <Stat label="FDV" value={o.fdv_usd}>{formatUsd(o.fdv_usd)}</Stat>
        <Stat label="Price source" value={o.price_source}>{SOURCE_TEXT[o.price_source]}</Stat>
      </dl>
    </>
  );
}

'use client';
// The header's price follows the live candle: the chart publishes the newest close, the header reads it.
import { createContext, use, useState, type ReactNode } from 'react';
import { formatPrice } from './formatMarket';
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

type Props = { initialPrice: string; initialPriceUsd: string; quoteSymbol: string };

/** Price in the quote token and in USD (the quote token's USD value taken as it was at page load). */
export function PairLivePrice({ initialPrice, initialPriceUsd, quoteSymbol }: Props) {
  const { close } = use(LivePriceContext);
  const price = close ?? initialPrice;
  const usdPerQuote = Number(initialPrice) === 0 ? 0 : Number(initialPriceUsd) / Number(initialPrice);
  const usd = close === null ? initialPriceUsd : Number(close) * usdPerQuote;
  return (
    <>
      <p className="text-2xl font-semibold tabular-nums" data-testid={PAIR_TEST_IDS.headerPrice} data-value={price}>
        {formatPrice(price)} <span className="text-sm font-normal text-[var(--muted)]">{quoteSymbol}</span>
      </p>
      <p className="text-sm tabular-nums text-[var(--muted)]">${formatPrice(usd)}</p>
    </>
  );
}

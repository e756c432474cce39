// /markets/<chainId>/<pairId>: the pair's overview, its live candlestick chart and its latest trades.
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { HISTORY_PAGE, intervalFromCookie, INTERVAL_COOKIE, utcFromCookie, UTC_COOKIE } from '@/components/pair/chartPrefs';
import { PairHeader } from '@/components/pair/PairHeader';
import { PairLiveProvider } from '@/components/pair/PairLiveStats';
import { PairView } from '@/components/pair/PairView';
import { TradeFeedProvider } from '@/components/pair/tradeFeed';
import { TradesTable } from '@/components/pair/TradesTable';
import { DomainError } from '@/lib/domain/DomainError';
import { findChain } from '@/lib/chains/loadChains';
import { env } from '@/lib/env';
import { marketKlines, marketPair, marketPairs, marketTrades } from '@/lib/market/marketAnswers';

type Params = { chainId: string; pairId: string };

/** Trades drawn with the page; the stream adds new ones, "Older trades" pages back. */
const TRADES_FIRST_PAGE = 50;

function parseId(value: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const raw = await params;
  const chainId = parseId(raw.chainId);
  const pairId = parseId(raw.pairId);
  if (chainId === null || pairId === null) return { title: 'Pair · Swapdesk' };
  const pairs = await marketPairs({ chainId }).catch(() => []);
  const name = pairs.find((p) => p.pair_id === pairId)?.pair_name;
  return { title: name ? `${name} · Swapdesk` : 'Pair · Swapdesk' };
}

export default async function PairPage({ params }: { params: Promise<Params> }) {
  const raw = await params;
  const chainId = parseId(raw.chainId);
  const pairId = parseId(raw.pairId);
  const chain = chainId === null ? undefined : findChain(chainId);
  if (chainId === null || pairId === null || !chain) notFound();

  const jar = await cookies();
  const interval = intervalFromCookie(jar.get(INTERVAL_COOKIE)?.value);
  const [overview, bars, trades] = await Promise.all([
    marketPair({ chainId, pairId, interval }),
    marketKlines({ chainId, pairId, interval, limit: HISTORY_PAGE }),
    marketTrades({ chainId, pairId, limit: TRADES_FIRST_PAGE }),
  ]).catch((e: unknown) => {
    if (e instanceof DomainError && e.type === 'NOT_FOUND') notFound();
    throw e;
  });
  const [base = '', quote = ''] = overview.pair_name.split('/');
  const apiBase = env().BASE_PATH ?? '';

  return (
    <PairLiveProvider>
      <TradeFeedProvider>
        <div className="flex flex-col gap-4">
          <PairHeader overview={overview} chainName={chain.name} apiBase={apiBase} />
          <PairView
            apiBase={apiBase}
            chainId={chainId}
            pairId={pairId}
            pairName={overview.pair_name}
            baseSymbol={base}
            quoteSymbol={quote}
            price={overview.price}
            initialInterval={interval}
            initialUtc={utcFromCookie(jar.get(UTC_COOKIE)?.value)}
            initialBars={bars}
          />
          <TradesTable apiBase={apiBase} chainId={chainId} pairId={pairId} baseSymbol={base} quoteSymbol={quote} initial={trades} />
        </div>
      </TradeFeedProvider>
    </PairLiveProvider>
  );
}

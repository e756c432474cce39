'use client';
// The markets table's rows for a view, asked of the server (GET /api/markets/rows). While an answer is on its way
// the rows already here are filtered and sorted as asked, so typing and sorting show at once what they can.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { filterRows, sortRows } from './marketRow';
import { DEFAULT_MARKETS_VIEW, marketsViewQuery, sameView, type MarketRowsPage, type MarketsView } from './marketsView';

/** Typing settles this long before the server is asked. */
export const MARKETS_SEARCH_DEBOUNCE_MS = 150;
/** The server-rendered first view stays current this long before a revisit asks again. */
const MARKET_ROWS_STALE_MS = 30_000;

export function marketRowsOptions(apiBase: string, view: MarketsView) {
  return queryOptions({
    queryKey: ['marketRows', marketsViewQuery(view)] as const,
    queryFn: async ({ signal }): Promise<MarketRowsPage> => {
      const res = await fetch(`${apiBase}/api/markets/rows?${marketsViewQuery(view)}`, { signal, cache: 'no-store' });
      if (!res.ok) throw new Error(`markets rows: HTTP ${res.status}`);
      return (await res.json()) as MarketRowsPage;
    },
    staleTime: MARKET_ROWS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** `busy` while the rows shown are the local stand-in for an answer still to come. */
export function useMarketRows(view: MarketsView, initial: MarketRowsPage): MarketRowsPage & { busy: boolean; failed: boolean } {
  const apiBase = useApiBase();
  // Only typing waits; a click (sort, chain, more rows) asks at once.
  const asked = useDebounced(view, MARKETS_SEARCH_DEBOUNCE_MS);
  const [renderedAt] = useState(() => Date.now());
  const settledSearch = asked.search === view.search;
  const target = settledSearch ? view : asked;
  const query = useQuery({
    ...marketRowsOptions(apiBase, target),
    initialData: sameView(target, DEFAULT_MARKETS_VIEW) ? initial : undefined,
    initialDataUpdatedAt: renderedAt,
  });
  const data = query.data ?? initial;
  const exact = !query.isPlaceholderData && sameView(target, view) && query.data !== undefined;
  if (exact) return { ...data, busy: false, failed: false };
  const local = filterRows(data.rows, view.search, view.chainId);
  return { rows: sortRows(local, view.sort).slice(0, view.rows), total: local.length, failedChains: data.failedChains, busy: !query.isError, failed: query.isError };
}

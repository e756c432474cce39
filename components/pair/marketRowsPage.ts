// The markets table's rows for one view: every pair of every chain searched, sorted and cut on the server, from
// the pairs list's shared figures, so the page sends the browser the rows it shows rather than thousands.
import 'server-only';
import { backgroundValue } from '@/lib/chainstate/backgroundValue';
import { loadMarketRows, type MarketRowsResult } from './loadMarketRows';
import { filterRows, sortRows } from './marketRow';
import type { MarketRowsPage, MarketsView } from './marketsView';

/**
 * Every chain's rows take tens of milliseconds at thousands of pools (the pairs list's figures): a page view uses the
 * rows while they are at most ROWS_MAX_STALE_MS old and has them rebuilt behind it once they are older than
 * ROWS_FRESH_MS, so only the first view after a quiet spell waits for them.
 */
const ROWS_FRESH_MS = 1_000;
const ROWS_MAX_STALE_MS = 15_000;
const allRows = backgroundValue<MarketRowsResult>({ read: loadMarketRows, refreshMs: ROWS_FRESH_MS, maxAgeMs: ROWS_MAX_STALE_MS });

export async function marketRowsPage(view: MarketsView): Promise<MarketRowsPage> {
  const { rows, failedChains } = await allRows.get();
  const matched = filterRows(rows, view.search, view.chainId);
  return { rows: sortRows(matched, view.sort).slice(0, view.rows), total: matched.length, failedChains };
}

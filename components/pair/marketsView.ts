// What the markets table shows (search, chain, sort, how many rows) and its wire form: the server searches, sorts
// and pages every pair, and the browser receives only the rows on screen.
import { z } from 'zod';
import type { MarketRow, Sort, SortKey } from './marketRow';

/** Rows drawn at first and added per "Show more". */
export const MARKETS_PAGE_ROWS = 100;
/** The most rows one answer carries (ten "Show more"s). */
export const MARKETS_MAX_ROWS = 1_000;
const MARKETS_MAX_SEARCH_CHARS = 100;
const SORT_KEYS = ['pairName', 'chainName', 'priceUsd', 'change24h', 'volumeUsd24h', 'liquidityUsd'] as const satisfies readonly SortKey[];

export type MarketsView = { search: string; chainId: number | null; sort: Sort; rows: number };
export type MarketRowsPage = { rows: MarketRow[]; total: number; failedChains: string[] };

export const DEFAULT_MARKETS_VIEW: MarketsView = { search: '', chainId: null, sort: { key: 'volumeUsd24h', dir: 'desc' }, rows: MARKETS_PAGE_ROWS };

/** The query of GET /api/markets/rows, as the browser sends it. */
export function marketsViewQuery(v: MarketsView): string {
  const p = new URLSearchParams({ q: v.search, sort: v.sort.key, dir: v.sort.dir, rows: String(v.rows) });
  if (v.chainId !== null) p.set('chainId', String(v.chainId));
  return p.toString();
}

export const MarketsViewQuery = z.object({
  q: z.string().max(MARKETS_MAX_SEARCH_CHARS).default(''),
  chainId: z.coerce.number().int().positive().optional(),
  sort: z.enum(SORT_KEYS).default('volumeUsd24h'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  rows: z.coerce.number().int().min(1).max(MARKETS_MAX_ROWS).default(MARKETS_PAGE_ROWS),
}).strict().transform((q): MarketsView => ({ search: q.q, chainId: q.chainId ?? null, sort: { key: q.sort, dir: q.dir }, rows: q.rows }));

export const sameView = (a: MarketsView, b: MarketsView) => marketsViewQuery(a) === marketsViewQuery(b);

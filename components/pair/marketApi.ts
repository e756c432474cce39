// The pair pages' browser reads of the public market endpoints, through the typed /v1 client.
import { apiCall } from '@/components/swap/apiFetch';
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import type { KlineInterval } from '@/lib/market/klineIntervals';
import type { Kline, PairOverview } from '@/lib/market/marketDto';

export type KlinesRequest = { chainId: number; pairId: number; interval: KlineInterval; end?: number; limit?: number };

/** `apiBase` is the app's BASE_PATH ('' when served at the root). */
export function getKlines(apiBase: string, query: KlinesRequest, signal?: AbortSignal): Promise<Kline[]> {
  return apiCall(swapdeskClientFor(apiBase).GET('/v1/market/klines', { params: { query }, signal, cache: 'no-store' }), signal);
}

export function getPairOverview(apiBase: string, query: { chainId: number; pairId: number }, signal?: AbortSignal): Promise<PairOverview> {
  return apiCall(swapdeskClientFor(apiBase).GET('/v1/market/pair', { params: { query }, signal, cache: 'no-store' }), signal);
}

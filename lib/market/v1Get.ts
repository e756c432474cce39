// Reads one public `/v1` market endpoint and unwraps its envelope; used by the browser and, for now, the server.
import type { Kline, PairListing, PairOverview } from './marketDto';
import type { KlineInterval } from './klineIntervals';

export class V1Error extends Error {
  constructor(readonly status: number, readonly type: string, message: string) {
    super(message);
    this.name = 'V1Error';
  }
}

type Params = Record<string, string | number | undefined>;

export async function v1Get<T>(origin: string, path: string, params: Params, signal?: AbortSignal): Promise<T> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const res = await fetch(`${origin}/v1/${path}?${search}`, { signal, cache: 'no-store' });
  const body: unknown = await res.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('code' in body)) throw new V1Error(res.status, 'MALFORMED', `${path}: not an API response`);
  const envelope = body as { code: number; msg?: string; data?: unknown; error?: { type?: string } };
  if (envelope.code !== 0) throw new V1Error(res.status, envelope.error?.type ?? 'UNKNOWN', envelope.msg ?? `${path} failed`);
  return envelope.data as T;
}

export type PairRef = { chainId: number; pairId: number } | { chainId: number; base: string; quote: string };
export type KlinesQuery = { chainId: number; pairId: number; interval: KlineInterval; end?: number; limit?: number };

export const getPairs = (origin: string, chainId: number, signal?: AbortSignal) =>
  v1Get<PairListing[]>(origin, 'market/pairs', { chainId }, signal);

export const getPair = (origin: string, ref: PairRef, interval?: KlineInterval, signal?: AbortSignal) =>
  v1Get<PairOverview>(origin, 'market/pair', { ...ref, interval }, signal);

export const getKlines = (origin: string, q: KlinesQuery, signal?: AbortSignal) =>
  v1Get<Kline[]>(origin, 'market/klines', { ...q }, signal);

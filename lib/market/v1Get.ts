// Reads the public `/v1` market endpoints from the browser and unwraps the envelope.
import type { Kline } from './marketDto';
import type { KlineInterval } from './klineIntervals';

export class V1Error extends Error {
  constructor(readonly status: number, readonly type: string, message: string) {
    super(message);
    this.name = 'V1Error';
  }
}

type Params = Record<string, string | number | undefined>;

/** `apiBase` is the app's BASE_PATH ('' when served at the root). */
export async function v1Get<T>(apiBase: string, path: string, params: Params, signal?: AbortSignal): Promise<T> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const res = await fetch(`${apiBase}/v1/${path}?${search}`, { signal, cache: 'no-store' });
  const body: unknown = await res.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('code' in body)) throw new V1Error(res.status, 'MALFORMED', `${path}: not an API response`);
  const envelope = body as { code: number; msg?: string; data?: unknown; error?: { type?: string } };
  if (envelope.code !== 0) throw new V1Error(res.status, envelope.error?.type ?? 'UNKNOWN', envelope.msg ?? `${path} failed`);
  return envelope.data as T;
}

export type KlinesRequest = { chainId: number; pairId: number; interval: KlineInterval; end?: number; limit?: number };

export const getKlines = (apiBase: string, q: KlinesRequest, signal?: AbortSignal) => v1Get<Kline[]>(apiBase, 'market/klines', { ...q }, signal);

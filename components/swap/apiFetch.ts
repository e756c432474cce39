// Browser client for the /v1 envelope: returns `data` on success, throws ApiCallError with the documented fields otherwise.

export type ApiErrorType =
  | 'MALFORMED_REQUEST'
  | 'INVALID_ARGUMENT'
  | 'UNSUPPORTED_CHAIN'
  | 'UNSUPPORTED_TOKEN'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'SLIPPAGE_EXCEEDED'
  | 'NO_ROUTE'
  | 'INSUFFICIENT_LIQUIDITY'
  | 'AMOUNT_TOO_SMALL'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'CHAIN_UNAVAILABLE'
  | 'NETWORK';

export class ApiCallError extends Error {
  constructor(
    readonly type: ApiErrorType,
    message: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiCallError';
  }

  get field(): string | undefined {
    return typeof this.details.field === 'string' ? this.details.field : undefined;
  }

  /** Seconds the server asked us to wait (RATE_LIMITED), from the body or the Retry-After header. */
  get retryAfterSec(): number | undefined {
    const v = this.details.retry_after_sec;
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  }
}

type Envelope = { code?: number; msg?: string; data?: unknown; error?: { type?: string } & Record<string, unknown> };

async function readEnvelope(res: Response): Promise<Envelope> {
  try {
    return (await res.json()) as Envelope;
  } catch {
    return {};
  }
}

export type ApiRequest = { token?: string; signal?: AbortSignal; body?: unknown; method?: 'GET' | 'POST' };

/** Calls a /v1 endpoint; an abort propagates as the fetch's AbortError so TanStack Query can discard it. */
export async function apiFetch<T>(path: string, { token, signal, body, method = body === undefined ? 'GET' : 'POST' }: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error: unknown) {
    if (signal?.aborted) throw error;
    throw new ApiCallError('NETWORK', 'The Swapdesk server did not answer; check your connection.', 0);
  }
  const envelope = await readEnvelope(res);
  if (res.ok && envelope.code === 0) return envelope.data as T;
  const details: Record<string, unknown> = { ...(envelope.error ?? {}) };
  const retryHeader = Number(res.headers.get('retry-after'));
  if (details.retry_after_sec === undefined && Number.isFinite(retryHeader) && retryHeader > 0) details.retry_after_sec = retryHeader;
  const type = (envelope.error?.type ?? (res.status >= 500 ? 'INTERNAL' : 'MALFORMED_REQUEST')) as ApiErrorType;
  throw new ApiCallError(type, envelope.msg ?? `request failed with HTTP ${res.status}`, res.status, details);
}

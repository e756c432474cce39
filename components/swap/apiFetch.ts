// The web app's /v1 calls go through the typed client (lib/client/createSwapdeskClient); apiCall unwraps an
// answer: `data` on success, ApiCallError with the documented fields otherwise.
import type { components } from '@/lib/api/generated/v1';

type ErrorSchemas = components['schemas'][Extract<keyof components['schemas'], `Error_${string}`>];

/** Every error type the document lists, plus NETWORK when the server could not be reached. */
export type ApiErrorType = ErrorSchemas['error']['type'] | 'NETWORK';

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

type ErrorEnvelope = { msg?: string; error?: { type?: string } & Record<string, unknown> };
/** What an openapi-fetch call resolves to, for an operation whose success is the `{ code, msg, data }` envelope. */
type ClientResult = { data?: { data: unknown }; error?: unknown; response: Response };
type DataOf<R extends ClientResult> = NonNullable<R['data']>['data'];

export function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Awaits a client call; an abort propagates as the fetch's AbortError so TanStack Query can discard it. */
export async function apiCall<R extends ClientResult>(call: Promise<R>, signal?: AbortSignal): Promise<DataOf<R>> {
  let result: R;
  try {
    result = await call;
  } catch (error: unknown) {
    if (signal?.aborted) throw error;
    throw new ApiCallError('NETWORK', 'The Swapdesk server did not answer; check your connection.', 0);
  }
  const { data, error, response: res } = result;
  if (res.ok && data !== undefined) return data.data as DataOf<R>;
  const envelope = (typeof error === 'object' && error !== null ? error : {}) as ErrorEnvelope;
  const details: Record<string, unknown> = { ...(envelope.error ?? {}) };
  const retryHeader = Number(res.headers.get('retry-after'));
  if (details.retry_after_sec === undefined && Number.isFinite(retryHeader) && retryHeader > 0) details.retry_after_sec = retryHeader;
  const type = (envelope.error?.type ?? (res.status >= 500 ? 'INTERNAL' : 'MALFORMED_REQUEST')) as ApiErrorType;
  throw new ApiCallError(type, envelope.msg ?? `request failed with HTTP ${res.status}`, res.status, details);
}

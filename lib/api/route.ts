// The one wrapper every /v1 handler goes through: request id, body/query parsing, envelope, errors, logs.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { authenticate } from '@/lib/auth/authenticate';
import type { AuthContext } from '@/lib/auth/authContext';
import type { Scope } from '@/lib/auth/scopes';
import { isStoreUnavailable } from '@/lib/db/storeUnavailable';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { clientIp } from './clientIp';
import { errorResponse, jsonResponse, successBody } from './envelope';
import { DomainError } from '@/lib/domain/DomainError';
import { ApiError, httpStatusOf } from './errors';
import { parseInput } from './parseInput';
import { rateLimitHeaders, rateLimitStore, type RateLimitDecision } from './rateLimit';

export const MAX_BODY_BYTES = 16 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
/** One decoder for all requests: decode() without `stream` keeps no state between calls. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export type RouteContext<B, Q, A = undefined> = {
  req: Request;
  /** The verified caller on routes declared with `auth`. */
  auth: A;
  requestId: string;
  body: B;
  query: Q;
  params: Record<string, string | string[]>;
  /** Response headers the handler wants added (cache hints, rate-limit counters…). */
  headers: Record<string, string>;
};

/** Which counter a route spends: `perMin` requests per minute per caller (token `sub`, else client IP). */
export type RateLimitOption = { bucket: string; perMin: number | (() => number) };

export type RouteOptions<BS extends z.ZodType | undefined, QS extends z.ZodType | undefined, AS extends Scope | undefined = undefined> = {
  body?: BS;
  query?: QS;
  /** Requires `Authorization: Bearer <JWT>` carrying this scope (401 / 403 otherwise). */
  auth?: AS;
  /**
   * Defaults: routes with `auth` spend `quote` (RATE_LIMIT_QUOTE_PER_MIN per token sub), public routes spend
   * `public` (RATE_LIMIT_PUBLIC_PER_MIN per client IP). `false` turns limiting off for the route.
   */
  rateLimit?: RateLimitOption | false;
  /** `cache-control` of a success; errors are never cached. Default `no-store`. */
  cacheControl?: string;
  /** Send the handler's value as the whole body instead of inside `{ code, msg, data }` (non-/v1 routes). */
  envelope?: boolean;
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type AuthOf<S> = S extends Scope ? AuthContext : undefined;

const WINDOW_MS = 60_000;
const QUOTE_LIMIT: RateLimitOption = { bucket: 'quote', perMin: () => env().RATE_LIMIT_QUOTE_PER_MIN };
const PUBLIC_LIMIT: RateLimitOption = { bucket: 'public', perMin: () => env().RATE_LIMIT_PUBLIC_PER_MIN };

function perMinOf(option: RateLimitOption): number {
  return typeof option.perMin === 'function' ? option.perMin() : option.perMin;
}

/** Spends one request of `who` against `option`; adds the RateLimit-* headers; throws 429 when over. */
async function spend(option: RateLimitOption, who: string, headers: Record<string, string>): Promise<void> {
  const decision: RateLimitDecision = await rateLimitStore().hit(`${option.bucket}:${who}`, perMinOf(option), WINDOW_MS);
  Object.assign(headers, rateLimitHeaders(decision));
  if (decision.allowed) return;
  throw new ApiError(
    'RATE_LIMITED',
    `rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.resetSec} s`,
    { retry_after_sec: decision.resetSec },
    { 'retry-after': String(decision.resetSec) },
  );
}

/** Authenticates and rate-limits per the route's options; a failed authentication spends the caller IP's public budget. */
async function admit(options: RouteOptions<z.ZodType | undefined, z.ZodType | undefined, Scope | undefined>, req: Request, headers: Record<string, string>): Promise<AuthContext | undefined> {
  const limit = options.rateLimit === false ? undefined : options.rateLimit;
  if (!options.auth) {
    if (options.rateLimit !== false) await spend(limit ?? PUBLIC_LIMIT, clientIp(req), headers);
    return undefined;
  }
  let auth: AuthContext;
  try {
    auth = await authenticate(req, options.auth);
  } catch (error: unknown) {
    if (options.rateLimit !== false) await spend(PUBLIC_LIMIT, clientIp(req), headers);
    throw error;
  }
  if (options.rateLimit !== false) await spend(limit ?? QUOTE_LIMIT, auth.sub, headers);
  return auth;
}

function requestIdOf(req: Request): string {
  const incoming = req.headers.get('x-request-id');
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** Reads at most `max` bytes and stops there, so a chunked body without content-length cannot fill memory. */
async function readBounded(req: Request, max: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError('PAYLOAD_TOO_LARGE', `request body must be at most ${max} bytes`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'request body must be sent with content-type: application/json');
  }
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `request body must be at most ${MAX_BODY_BYTES} bytes`);
  }
  const bytes = await readBounded(req, MAX_BODY_BYTES);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new ApiError('MALFORMED_REQUEST', 'request body is not valid UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('MALFORMED_REQUEST', 'request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError('MALFORMED_REQUEST', 'request body must be a JSON object');
  }
  return parsed;
}

function readQuery(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(req.url).searchParams) {
    if (Object.hasOwn(out, key)) throw new ApiError('INVALID_ARGUMENT', `${key} is given more than once`, { field: key });
    out[key] = value;
  }
  return out;
}

/** Domain failures keep their type (the envelope maps it); anything else is a bug answered as INTERNAL. */
/** How soon to retry when the store was not answering (a restart or failover is usually over within seconds). */
const STORE_RETRY_AFTER_SEC = 2;

function normalise(error: unknown, requestId: string, req: Request): DomainError {
  if (error instanceof DomainError) return error;
  // The store being away is an outage, not a bug: a retryable 503 rather than a 500.
  if (isStoreUnavailable(error)) {
    log.warn({ requestId, path: new URL(req.url).pathname, err: error instanceof Error ? error.message : String(error) }, 'store unavailable');
    return new ApiError('CHAIN_UNAVAILABLE', 'the data store is not answering right now; try again shortly', { retry_after_sec: STORE_RETRY_AFTER_SEC });
  }
  log.error({ err: error, requestId, path: new URL(req.url).pathname }, 'unhandled error');
  return new ApiError('INTERNAL', `internal error (request id ${requestId})`);
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) if (!res.headers.has(name)) res.headers.set(name, value);
  return res;
}

/** Wraps a handler: parse → call → respond, with the envelope and error catalogue of API.md §1. */
export function route<
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  AS extends Scope | undefined = undefined,
  T = unknown,
>(
  options: RouteOptions<BS, QS, AS>,
  handler: (ctx: RouteContext<Out<BS>, Out<QS>, AuthOf<AS>>) => Promise<T> | T,
) {
  return async (req: Request, segment?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const headers: Record<string, string> = { 'x-request-id': requestId };
    let status = 200;
    try {
      const auth = await admit(options, req, headers);
      const query = options.query ? parseInput(options.query, readQuery(req)) : undefined;
      const body = options.body ? parseInput(options.body, await readJsonBody(req)) : undefined;
      const params = (await segment?.params) ?? {};
      const ctx = { req, requestId, auth, body, query, params, headers } as RouteContext<Out<BS>, Out<QS>, AuthOf<AS>>;
      const data = await handler(ctx);
      // A handler that streams (server-sent events) answers with its own Response; it still gets our headers.
      if (data instanceof Response) return withHeaders(data, headers);
      headers['cache-control'] ??= options.cacheControl ?? 'no-store';
      return jsonResponse(options.envelope === false ? data : successBody(data), 200, headers);
    } catch (error: unknown) {
      const failure = normalise(error, requestId, req);
      status = httpStatusOf(failure);
      return errorResponse(failure, { ...headers, 'cache-control': 'no-store' });
    } finally {
      // Checked first so a disabled debug level costs nothing on the hot path.
      if (log.isLevelEnabled('debug')) log.debug({ requestId, method: req.method, path: new URL(req.url).pathname, status, ms: performance.now() - started }, 'request');
    }
  };
}

// The one wrapper every /v1 handler goes through: request id, body/query parsing, envelope, errors, logs.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { log } from '@/lib/log';
import { errorResponse, jsonResponse, successBody } from './envelope';
import { ApiError } from './errors';
import { parseInput } from './parseInput';

export const MAX_BODY_BYTES = 16 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export type RouteContext<B, Q> = {
  req: Request;
  requestId: string;
  body: B;
  query: Q;
  params: Record<string, string | string[]>;
  /** Response headers the handler wants added (cache hints, rate-limit counters…). */
  headers: Record<string, string>;
};

export type RouteOptions<BS extends z.ZodType | undefined, QS extends z.ZodType | undefined> = {
  body?: BS;
  query?: QS;
  /** `cache-control` of a success; errors are never cached. Default `no-store`. */
  cacheControl?: string;
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

function requestIdOf(req: Request): string {
  const incoming = req.headers.get('x-request-id');
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
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
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `request body must be at most ${MAX_BODY_BYTES} bytes`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
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

function normalise(error: unknown, requestId: string, req: Request): ApiError {
  if (error instanceof ApiError) return error;
  log.error({ err: error, requestId, path: new URL(req.url).pathname }, 'unhandled error');
  return new ApiError('INTERNAL', `internal error (request id ${requestId})`);
}

/** Wraps a handler: parse → call → respond, with the envelope and error catalogue of API.md §1. */
export function route<BS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined, T = unknown>(
  options: RouteOptions<BS, QS>,
  handler: (ctx: RouteContext<Out<BS>, Out<QS>>) => Promise<T> | T,
) {
  return async (req: Request, segment?: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const headers: Record<string, string> = { 'x-request-id': requestId };
    let status = 200;
    try {
      const query = options.query ? parseInput(options.query, readQuery(req)) : undefined;
      const body = options.body ? parseInput(options.body, await readJsonBody(req)) : undefined;
      const params = (await segment?.params) ?? {};
      const data = await handler({ req, requestId, body, query, params, headers } as RouteContext<Out<BS>, Out<QS>>);
      headers['cache-control'] ??= options.cacheControl ?? 'no-store';
      return jsonResponse(successBody(data), 200, headers);
    } catch (error: unknown) {
      const apiError = normalise(error, requestId, req);
      status = apiError.status;
      return errorResponse(apiError, { ...headers, 'cache-control': 'no-store' });
    } finally {
      log.debug({ requestId, method: req.method, path: new URL(req.url).pathname, status, ms: performance.now() - started }, 'request');
    }
  };
}

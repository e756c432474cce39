// The `/v1` response envelope (API.md §1): `{ code, msg, data }` and, on failure, `error`.
import { DomainError } from '@/lib/domain/DomainError';
import { isJsonText, type JsonText } from '@/lib/domain/jsonText';
import { ApiError, ERRORS, httpStatusOf, isRetryable } from './errors';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export type SuccessBody<T> = { code: 0; msg: 'ok'; data: T };
export type ErrorBody = {
  code: number;
  msg: string;
  data: null;
  error: { type: string; retryable: boolean } & Record<string, unknown>;
};

export function successBody<T>(data: T): SuccessBody<T> {
  return { code: 0, msg: 'ok', data };
}

export function errorBody(error: DomainError): ErrorBody {
  const spec = ERRORS[error.type];
  return {
    code: spec.code,
    msg: error.message,
    data: null,
    error: { type: error.type, ...error.details, retryable: isRetryable(error) },
  };
}

const encoder = new TextEncoder();

function encodedOnce(text: JsonText, head: string, build: () => string): Uint8Array {
  let bytes = text.encoded.get(head);
  if (!bytes) {
    bytes = encoder.encode(build());
    text.encoded.set(head, bytes);
  }
  return bytes;
}

function serialise(body: unknown): string | Uint8Array<ArrayBuffer> {
  if (isJsonText(body)) return encodedOnce(body, '', () => body.json) as Uint8Array<ArrayBuffer>;
  if (typeof body === 'object' && body !== null && 'data' in body && isJsonText(body.data)) {
    const { data, ...rest } = body as { data: JsonText } & Record<string, unknown>;
    const head = JSON.stringify(rest);
    return encodedOnce(data, head, () => `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"data":${data.json}}`) as Uint8Array<ArrayBuffer>;
  }
  return JSON.stringify(body);
}

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(serialise(body), {
    status,
    headers: { 'content-type': JSON_CONTENT_TYPE, ...headers },
  });
}

export function errorResponse(error: DomainError, headers: Record<string, string> = {}): Response {
  const extra: Record<string, string> = { ...(error instanceof ApiError ? error.headers : {}), ...headers };
  if (error.type === 'UNAUTHENTICATED') extra['www-authenticate'] ??= 'Bearer';
  // A domain failure that says when to retry gets the header HTTP clients read.
  const retryAfter = error.details.retry_after_sec;
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter)) extra['retry-after'] ??= String(Math.max(0, Math.ceil(retryAfter)));
  return jsonResponse(errorBody(error), httpStatusOf(error), extra);
}

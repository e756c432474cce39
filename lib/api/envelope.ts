// The `/v1` response envelope (API.md §1): `{ code, msg, data }` and, on failure, `error`.
import { ApiError, ERRORS } from './errors';

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

export function errorBody(error: ApiError): ErrorBody {
  const spec = ERRORS[error.type];
  return {
    code: spec.code,
    msg: error.message,
    data: null,
    error: { type: error.type, ...error.details, retryable: spec.retryable },
  };
}

const JSON_TEXT = Symbol.for('swapdesk.jsonText');

/**
 * `data` already serialised (a cached answer shared by many requests): sent as is, not serialised again, and
 * its UTF-8 bytes per envelope are kept, since encoding a large body costs more than the rest of a request.
 */
export type JsonText = { readonly [JSON_TEXT]: true; readonly json: string; readonly encoded: Map<string, Uint8Array> };

export function jsonText(value: unknown): JsonText {
  return { [JSON_TEXT]: true, json: JSON.stringify(value), encoded: new Map() };
}

const encoder = new TextEncoder();

function isJsonText(value: unknown): value is JsonText {
  return typeof value === 'object' && value !== null && (value as Partial<JsonText>)[JSON_TEXT] === true;
}

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

export function errorResponse(error: ApiError, headers: Record<string, string> = {}): Response {
  const extra: Record<string, string> = { ...error.headers, ...headers };
  if (error.type === 'UNAUTHENTICATED') extra['www-authenticate'] ??= 'Bearer';
  return jsonResponse(errorBody(error), error.status, extra);
}

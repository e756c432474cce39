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

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': JSON_CONTENT_TYPE, ...headers },
  });
}

export function errorResponse(error: ApiError, headers: Record<string, string> = {}): Response {
  const extra: Record<string, string> = { ...error.headers, ...headers };
  if (error.type === 'UNAUTHENTICATED') extra['www-authenticate'] ??= 'Bearer';
  return jsonResponse(errorBody(error), error.status, extra);
}

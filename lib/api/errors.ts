// The error catalogue of API.md §1: one place maps a domain error type to its HTTP status, code and retryability.
import { DomainError, type DomainErrorDetails, type DomainErrorType } from '@/lib/domain/DomainError';

export const ERRORS = {
  MALFORMED_REQUEST: { status: 400, code: 40000, retryable: false },
  INVALID_ARGUMENT: { status: 400, code: 40001, retryable: false },
  UNSUPPORTED_CHAIN: { status: 400, code: 40002, retryable: false },
  UNSUPPORTED_TOKEN: { status: 400, code: 40003, retryable: false },
  UNAUTHENTICATED: { status: 401, code: 40100, retryable: false },
  FORBIDDEN: { status: 403, code: 40300, retryable: false },
  NOT_FOUND: { status: 404, code: 40400, retryable: false },
  METHOD_NOT_ALLOWED: { status: 405, code: 40500, retryable: false },
  SLIPPAGE_EXCEEDED: { status: 409, code: 40900, retryable: true },
  ORDER_EXISTS: { status: 409, code: 40901, retryable: false },
  PAYLOAD_TOO_LARGE: { status: 413, code: 41300, retryable: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: 41500, retryable: false },
  NO_ROUTE: { status: 422, code: 42200, retryable: false },
  INSUFFICIENT_LIQUIDITY: { status: 422, code: 42201, retryable: false },
  AMOUNT_TOO_SMALL: { status: 422, code: 42202, retryable: false },
  RATE_LIMITED: { status: 429, code: 42900, retryable: true },
  INTERNAL: { status: 500, code: 50000, retryable: true },
  CHAIN_UNAVAILABLE: { status: 503, code: 50300, retryable: true },
} as const satisfies Record<DomainErrorType, { status: number; code: number; retryable: boolean }>;

export type ErrorType = DomainErrorType;

/**
 * Types whose answers may say `retryable: true` although the type usually is not: a cross-chain quote refused
 * because the relayer is not running or its fills are slow right now (the same request succeeds later).
 */
export const RETRYABLE_SOMETIMES: ReadonlySet<ErrorType> = new Set(['INSUFFICIENT_LIQUIDITY']);

/** Whether this answer is retryable: the type's own rule, or the error's override where the type allows one. */
export function isRetryable(error: DomainError): boolean {
  const override = error.details.retryable;
  return typeof override === 'boolean' && RETRYABLE_SOMETIMES.has(error.type) ? override : ERRORS[error.type].retryable;
}

/** Extra keys for the `error` object (`field`, `retry_after_sec`, slippage details…). */
export type ErrorDetails = DomainErrorDetails;

/** A failure found by the API layer itself (parsing, limits), which may add HTTP headers such as `Retry-After`. */
export class ApiError extends DomainError {
  readonly headers: Record<string, string>;

  constructor(type: ErrorType, message: string, details: ErrorDetails = {}, headers: Record<string, string> = {}) {
    super(type, message, details);
    this.name = 'ApiError';
    this.headers = headers;
  }
}

/** The HTTP status a domain error is answered with. */
export function httpStatusOf(error: DomainError): number {
  return ERRORS[error.type].status;
}

// The error catalogue of API.md §1: one place maps an error type to its HTTP status, code and retryability.

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
  PAYLOAD_TOO_LARGE: { status: 413, code: 41300, retryable: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: 41500, retryable: false },
  NO_ROUTE: { status: 422, code: 42200, retryable: false },
  INSUFFICIENT_LIQUIDITY: { status: 422, code: 42201, retryable: false },
  AMOUNT_TOO_SMALL: { status: 422, code: 42202, retryable: false },
  RATE_LIMITED: { status: 429, code: 42900, retryable: true },
  INTERNAL: { status: 500, code: 50000, retryable: true },
  CHAIN_UNAVAILABLE: { status: 503, code: 50300, retryable: true },
} as const;

export type ErrorType = keyof typeof ERRORS;

/** Extra keys for the `error` object (`field`, `retry_after_sec`, slippage details…). */
export type ErrorDetails = { field?: string } & Record<string, unknown>;

/** An expected failure with a documented answer; anything else thrown becomes INTERNAL. */
export class ApiError extends Error {
  readonly type: ErrorType;
  readonly details: ErrorDetails;
  readonly headers: Record<string, string>;

  constructor(type: ErrorType, message: string, details: ErrorDetails = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.type = type;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERRORS[this.type].status;
  }
}

export function invalidArgument(field: string, message: string): ApiError {
  return new ApiError('INVALID_ARGUMENT', message, { field });
}

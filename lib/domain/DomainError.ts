// The failures the domain (quotes, markets, auth) can report; the API layer maps each type to its HTTP answer.

/** Every kind of expected failure; `lib/api/errors.ts` gives each its status, code and retryability (API.md §1). */
export const DOMAIN_ERROR_TYPES = [
  'MALFORMED_REQUEST',
  'INVALID_ARGUMENT',
  'UNSUPPORTED_CHAIN',
  'UNSUPPORTED_TOKEN',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'SLIPPAGE_EXCEEDED',
  'ORDER_EXISTS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NO_ROUTE',
  'INSUFFICIENT_LIQUIDITY',
  'AMOUNT_TOO_SMALL',
  'RATE_LIMITED',
  'INTERNAL',
  'CHAIN_UNAVAILABLE',
] as const;

export type DomainErrorType = (typeof DOMAIN_ERROR_TYPES)[number];

/**
 * Extra keys for the answer's `error` object (`field`, slippage details…). `retryable` overrides the type's usual
 * retryability for a condition that passes by itself (the relayer not running right now), where the catalogue allows it.
 */
export type DomainErrorDetails = { field?: string; retryable?: boolean } & Record<string, unknown>;

/** An expected failure with a documented answer; anything else thrown is a bug (INTERNAL). */
export class DomainError extends Error {
  readonly type: DomainErrorType;
  readonly details: DomainErrorDetails;

  constructor(type: DomainErrorType, message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.name = 'DomainError';
    this.type = type;
    this.details = details;
  }
}

export function invalidArgument(field: string, message: string): DomainError {
  return new DomainError('INVALID_ARGUMENT', message, { field });
}

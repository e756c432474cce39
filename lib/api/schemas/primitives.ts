// Validation primitives shared by every /v1 schema (API.md §2); messages name the field.
import { isAddress } from 'viem';
import { z } from 'zod';

export const MAX_UINT256 = 2n ** 256n - 1n;
const UINT_PATTERN = /^(0|[1-9][0-9]*)$/;
const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** Above this a "seconds" timestamp is almost surely milliseconds. */
export const MAX_UNIX_SECONDS = 100_000_000_000;

/** An integer amount in base units as a JSON string; `positive` rejects "0". */
export function uintString(field: string, { positive = false } = {}) {
  return z
    .string({ error: `${field} must be an integer string (wei), e.g. "1000000"` })
    .refine((v) => UINT_PATTERN.test(v), { message: `${field} must be an integer string of decimal digits (wei), without sign, exponent, decimals or leading zeros` })
    .refine((v) => !UINT_PATTERN.test(v) || BigInt(v) <= MAX_UINT256, { message: `${field} must be at most 2^256-1` })
    .refine((v) => !positive || !UINT_PATTERN.test(v) || BigInt(v) > 0n, { message: `${field} must be greater than 0` })
    .meta({ pattern: UINT_PATTERN.source });
}

/** True when mixed-case hex carries a valid EIP-55 checksum (all-lower or all-upper hex is accepted as is). */
export function isAcceptableAddress(v: string): boolean {
  if (!ADDRESS_PATTERN.test(v)) return false;
  const hex = v.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return isAddress(v, { strict: true });
}

/** An address string; the zero address (native coin) is allowed only where `allowZero`. Echoed as sent. */
export function addressString(field: string, { allowZero = true } = {}) {
  return z
    .string({ error: `${field} must be an address string (0x followed by 40 hex digits)` })
    .refine((v) => ADDRESS_PATTERN.test(v), { message: `${field} must be 0x followed by 40 hex digits` })
    .refine((v) => !ADDRESS_PATTERN.test(v) || isAcceptableAddress(v), { message: `${field} has mixed case but an invalid EIP-55 checksum` })
    .refine((v) => allowZero || !ADDRESS_PATTERN.test(v) || BigInt(v) !== 0n, { message: `${field} must not be the zero address` })
    .meta({ pattern: ADDRESS_PATTERN.source });
}

/** A chain id in a JSON body: a positive JSON integer. */
export function chainIdNumber(field: string) {
  return z
    .number({ error: `${field} must be an integer chain id` })
    .int({ message: `${field} must be an integer chain id` })
    .positive({ message: `${field} must be a positive chain id` })
    .max(Number.MAX_SAFE_INTEGER, { message: `${field} is too large` });
}

/**
 * An integer in a query string: decimal digits only, within [min, max]. The document types it as the integer it
 * is (what a generated client sends); the query string carries its decimal digits.
 */
export function queryInt(field: string, min: number, max: number, description?: string) {
  return z
    .string({ error: `${field} must be an integer` })
    .refine((v) => /^-?[0-9]+$/.test(v), { message: `${field} must be an integer written in decimal digits` })
    .meta({ type: 'integer', minimum: min, maximum: max, ...(description ? { description } : {}) })
    .transform((v) => Number(v))
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, { message: `${field} must be from ${min} to ${max}` });
}

/** Unix seconds in a query string (an integer in the document); a millisecond-looking value is rejected saying so. */
export function queryUnixSeconds(field: string, description = 'Unix seconds') {
  return z
    .string({ error: `${field} must be Unix seconds` })
    .refine((v) => /^[0-9]+$/.test(v), { message: `${field} must be Unix seconds written in decimal digits` })
    .meta({ type: 'integer', minimum: 0, maximum: MAX_UNIX_SECONDS, description })
    .transform((v) => Number(v))
    .refine((n) => n <= MAX_UNIX_SECONDS, { message: `${field} looks like milliseconds; send Unix seconds` });
}

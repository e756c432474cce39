// The access-token scopes of API.md §3 and the token lifetimes they come with.

export const SCOPES = ['quote:indicative', 'quote:firm'] as const;
export type Scope = (typeof SCOPES)[number];

export const ACCESS_TOKEN_AUDIENCE = 'swapdesk-api';
/** API.md §3: `exp` is at most 24 h after `iat`. */
export const MAX_TOKEN_TTL_SEC = 24 * 60 * 60;
export const CLOCK_TOLERANCE_SEC = 30;
export const GUEST_TOKEN_TTL_SEC = 15 * 60;

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Splits a space-separated `scope` claim, keeping only the scopes this service knows. */
export function parseScopes(claim: string): Scope[] {
  return claim.split(' ').filter(isScope);
}

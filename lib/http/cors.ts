// CORS for /v1: an integrator's own web front end calls the API from the browser with a bearer token, so any
// configured origin may call it, and cookies are never involved (no credentials).

export const CORS_ALLOWED_METHODS = 'GET, POST, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'authorization, content-type, x-request-id';
export const CORS_EXPOSED_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, WWW-Authenticate';
/** How long a browser may reuse a preflight answer, seconds. */
export const CORS_MAX_AGE_SEC = 600;

/** `allowed` is `*` (any origin) or a list of exact origins; `null` means the origin may not read the answer. */
export function allowedOrigin(origin: string | null, allowed: readonly string[] | '*'): string | null {
  if (origin === null) return null;
  if (allowed === '*') return '*';
  return allowed.includes(origin) ? origin : null;
}

/** Headers for an actual cross-origin request (none when the origin is not allowed). */
export function corsHeaders(origin: string | null, allowed: readonly string[] | '*'): Record<string, string> {
  const allow = allowedOrigin(origin, allowed);
  const vary: Record<string, string> = allowed === '*' ? {} : { vary: 'Origin' };
  if (allow === null) return vary;
  return { 'access-control-allow-origin': allow, 'access-control-expose-headers': CORS_EXPOSED_HEADERS, ...vary };
}

/** Headers answering a preflight (OPTIONS with Access-Control-Request-Method). */
export function preflightHeaders(origin: string | null, allowed: readonly string[] | '*'): Record<string, string> {
  const base = corsHeaders(origin, allowed);
  if (!('access-control-allow-origin' in base)) return base;
  return {
    ...base,
    'access-control-allow-methods': CORS_ALLOWED_METHODS,
    'access-control-allow-headers': CORS_ALLOWED_HEADERS,
    'access-control-max-age': String(CORS_MAX_AGE_SEC),
  };
}

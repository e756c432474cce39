// Verifies a bearer token (API.md §3): ES256 only, our kid only, exp/iss/aud required, 30 s tolerance, ≤ 24 h.
import 'server-only';
import { errors, jwtVerify, type JWTHeaderParameters } from 'jose';
import { DomainError } from '@/lib/domain/DomainError';
import { env } from '@/lib/env';
import { authContext, type AuthContext } from './authContext';
import { ACCESS_TOKEN_AUDIENCE, CLOCK_TOLERANCE_SEC, MAX_TOKEN_TTL_SEC } from './scopes';
import { JWT_ALG, signingKey } from './signingKey';

/** Header parameters that point at other keys; honouring them would let a caller choose the verification key. */
const FORBIDDEN_HEADERS = ['jku', 'x5u', 'jwk', 'x5c', 'x5t', 'x5t#S256'] as const;
const CACHE_MAX_ENTRIES = 10_000;

function unauthenticated(message: string): DomainError {
  return new DomainError('UNAUTHENTICATED', message);
}

/** Verified tokens by their exact text: a repeat caller costs a map lookup instead of an ECDSA verification. */
const verified = new Map<string, { auth: AuthContext; exp: number; source: string }>();

function describe(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof errors.JWTExpired) return unauthenticated('access token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) return unauthenticated(`access token claim ${error.claim} is missing or invalid`);
  if (error instanceof errors.JOSEAlgNotAllowed) return unauthenticated('access token must be signed with ES256');
  return unauthenticated('access token is malformed or its signature is invalid');
}

/** A key id is echoed back only when it looks like one (a JWK thumbprint or a short name), never arbitrary header text. */
const PRINTABLE_KID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The kid the token names is not this server's key: most often a token from `npm run token` run against another data
 * folder (its own dev key). Key ids are public (the JWKS serves them), so naming them leaks nothing.
 */
export function unknownKidMessage(tokenKid: unknown, knownKids: readonly string[]): string {
  const known = knownKids.map((k) => `"${k}"`).join(', ');
  const signedBy = typeof tokenKid === 'string' && PRINTABLE_KID.test(tokenKid) ? `key "${tokenKid}"` : tokenKid === undefined ? 'a key without a kid' : 'another key';
  return (
    `access token kid is unknown: it was signed by ${signedBy}, a different key from the one this server verifies with (${known}, listed at /.well-known/jwks.json); `
    + 'a token from `npm run token` must be made with the server\'s SWAPDESK_DATA_DIR (or JWT_PRIVATE_KEY)'
  );
}

function checkHeader(header: JWTHeaderParameters, kid: string): void {
  for (const name of FORBIDDEN_HEADERS) {
    if (name in header) throw unauthenticated(`access token header must not carry ${name}`);
  }
  if (header.alg !== JWT_ALG) throw unauthenticated('access token must be signed with ES256');
  if (header.kid !== kid) throw unauthenticated(unknownKidMessage(header.kid, [kid]));
}

async function verifyUncached(token: string, issuer: string): Promise<{ auth: AuthContext; exp: number }> {
  const key = await signingKey();
  const { payload } = await jwtVerify(
    token,
    (header) => {
      checkHeader(header, key.kid);
      return key.publicKey;
    },
    {
      algorithms: [JWT_ALG],
      issuer,
      audience: ACCESS_TOKEN_AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_SEC,
      requiredClaims: ['exp', 'iat', 'sub', 'iss', 'aud'],
    },
  );
  const { exp, iat, sub, scope } = payload;
  if (exp === undefined || iat === undefined || sub === undefined) throw unauthenticated('access token lacks exp, iat or sub');
  if (exp - iat > MAX_TOKEN_TTL_SEC) throw unauthenticated('access token lifetime exceeds 24 hours');
  if (iat - CLOCK_TOLERANCE_SEC > Date.now() / 1000) throw unauthenticated('access token iat is in the future');
  if (typeof scope !== 'string') throw unauthenticated('access token claim scope is missing or invalid');
  return { auth: authContext(sub, scope), exp };
}

/** The caller behind a token, or a 401 UNAUTHENTICATED DomainError (with `WWW-Authenticate: Bearer`). */
export async function verifyAccessToken(token: string): Promise<AuthContext> {
  const { JWT_ISSUER, JWT_PRIVATE_KEY, SWAPDESK_DATA_DIR } = env();
  const source = `${JWT_ISSUER}|${JWT_PRIVATE_KEY ?? SWAPDESK_DATA_DIR}`;
  const hit = verified.get(token);
  if (hit && hit.source === source) {
    if (hit.exp + CLOCK_TOLERANCE_SEC > Date.now() / 1000) return hit.auth;
    verified.delete(token);
    throw unauthenticated('access token has expired');
  }
  try {
    const result = await verifyUncached(token, JWT_ISSUER);
    if (verified.size >= CACHE_MAX_ENTRIES) verified.clear();
    verified.set(token, { ...result, source });
    return result.auth;
  } catch (error: unknown) {
    throw describe(error);
  }
}

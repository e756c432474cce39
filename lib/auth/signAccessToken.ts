// Issues the service's access tokens (API.md §3): ES256, kid, iss/aud/sub/scope/iat/exp/jti, at most 24 h.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { env } from '@/lib/env';
import { ACCESS_TOKEN_AUDIENCE, MAX_TOKEN_TTL_SEC, type Scope } from './scopes';
import { JWT_ALG, signingKey } from './signingKey';

export type AccessTokenRequest = {
  /** Subject: an integrator name, a guest id, or a wallet address. */
  sub: string;
  scopes: readonly Scope[];
  /** Lifetime in seconds, 1 … 86400. */
  ttlSec: number;
};

export type IssuedToken = { access_token: string; expires_in: number; token_type: 'Bearer' };

export async function signAccessToken({ sub, scopes, ttlSec }: AccessTokenRequest): Promise<IssuedToken> {
  if (!Number.isInteger(ttlSec) || ttlSec < 1 || ttlSec > MAX_TOKEN_TTL_SEC) {
    throw new RangeError(`ttlSec must be an integer from 1 to ${MAX_TOKEN_TTL_SEC}, got ${ttlSec}`);
  }
  if (sub.length === 0) throw new RangeError('sub must not be empty');
  const key = await signingKey();
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ scope: [...new Set(scopes)].join(' ') })
    .setProtectedHeader({ alg: JWT_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(env().JWT_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSec)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { access_token: token, expires_in: ttlSec, token_type: 'Bearer' };
}

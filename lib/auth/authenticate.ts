// Reads `Authorization: Bearer <JWT>`, verifies it and checks the scope a route needs.
import 'server-only';
import { DomainError } from '@/lib/domain/DomainError';
import type { AuthContext } from './authContext';
import type { Scope } from './scopes';
import { verifyAccessToken } from './verifyAccessToken';

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

export function bearerToken(req: Request): string {
  const header = req.headers.get('authorization');
  if (!header) throw new DomainError('UNAUTHENTICATED', 'authorization header with a Bearer token is required');
  const match = BEARER.exec(header);
  if (!match?.[1]) throw new DomainError('UNAUTHENTICATED', 'authorization header must be "Bearer <access token>"');
  return match[1];
}

/** 401 when the token is missing or invalid, 403 FORBIDDEN when it lacks `scope`. */
export async function authenticate(req: Request, scope: Scope): Promise<AuthContext> {
  const auth = await verifyAccessToken(bearerToken(req));
  if (!auth.scopes.includes(scope)) throw new DomainError('FORBIDDEN', `access token lacks the ${scope} scope`);
  return auth;
}

// Issues a single-use nonce for the next Sign-In with Ethereum message.
import { issueSiweNonce, SIWE_NONCE_TTL_MS } from '@/lib/auth/siweNonces';

export const dynamic = 'force-dynamic';

export function POST(): Response {
  return Response.json({ nonce: issueSiweNonce(), expires_in: SIWE_NONCE_TTL_MS / 1_000 }, { headers: { 'cache-control': 'no-store' } });
}

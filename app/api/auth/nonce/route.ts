// Issues a single-use nonce for the next Sign-In with Ethereum message (per-IP public rate limit).
import { route } from '@/lib/api/route';
import { siweNonceDb } from '@/lib/auth/siweNonceDb';
import { issueSiweNonce, SIWE_NONCE_TTL_MS } from '@/lib/auth/siweNonces';

export const dynamic = 'force-dynamic';

export const POST = route({ envelope: false }, async () => ({
  nonce: await issueSiweNonce(await siweNonceDb()),
  expires_in: SIWE_NONCE_TTL_MS / 1_000,
}));

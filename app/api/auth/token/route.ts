// POST /api/auth/token: exchanges the Sign-In with Ethereum session for an API token (sub = the wallet, both quote scopes).
import { getServerSession } from 'next-auth';
import { isAddress } from 'viem';
import { errorResponse, jsonResponse } from '@/lib/api/envelope';
import { ApiError } from '@/lib/api/errors';
import { nextAuthOptions } from '@/lib/auth/nextAuthOptions';
import { signAccessToken } from '@/lib/auth/signAccessToken';

export const dynamic = 'force-dynamic';

/** Wallet tokens live an hour; the page refreshes them before they expire while the session lasts. */
const WALLET_TOKEN_TTL_SEC = 60 * 60;

export async function POST(): Promise<Response> {
  const session = (await getServerSession(nextAuthOptions())) as { address?: unknown } | null;
  const address = session?.address;
  if (typeof address !== 'string' || !isAddress(address)) {
    return errorResponse(new ApiError('UNAUTHENTICATED', 'sign in with Ethereum before asking a wallet token'), { 'cache-control': 'no-store' });
  }
  const token = await signAccessToken({ sub: address, scopes: ['quote:indicative', 'quote:firm'], ttlSec: WALLET_TOKEN_TTL_SEC });
  // Same shape as POST /api/auth/guest, plus the wallet the token speaks for.
  return jsonResponse({ ...token, address }, 200, { 'cache-control': 'no-store' });
}

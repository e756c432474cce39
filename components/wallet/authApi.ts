// Browser side of authentication: guest and wallet API tokens, and the Sign-In with Ethereum round trip through next-auth.
import { createSiweMessage } from 'viem/siwe';
import type { Address, Hex } from 'viem';

export type ApiToken = { access_token: string; expires_in: number; address?: Address };

/** A SIWE message asks a session for this long; the server refuses anything longer. */
const SIWE_MESSAGE_TTL_MS = 5 * 60_000;

async function readToken(res: Response): Promise<ApiToken> {
  const body = (await res.json()) as Partial<ApiToken> & { data?: ApiToken };
  const token = body.data ?? body;
  if (typeof token.access_token !== 'string' || typeof token.expires_in !== 'number') throw new Error('token endpoint answered without a token');
  return { access_token: token.access_token, expires_in: token.expires_in, address: token.address };
}

export async function fetchGuestToken(): Promise<ApiToken> {
  const res = await fetch('/api/auth/guest', { method: 'POST' });
  if (!res.ok) throw new Error(`guest token refused (HTTP ${res.status})`);
  return readToken(res);
}

/** The signed-in wallet's token, or null when there is no session. */
export async function fetchWalletToken(): Promise<ApiToken | null> {
  const res = await fetch('/api/auth/token', { method: 'POST' });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`wallet token refused (HTTP ${res.status})`);
  return readToken(res);
}

async function csrfToken(): Promise<string> {
  const res = await fetch('/api/auth/csrf');
  const body = (await res.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error('sign-in is unavailable right now');
  return body.csrfToken;
}

export type SignInInput = { address: Address; chainId: number; signMessage: (message: string) => Promise<Hex> };

export class SignInRefusedError extends Error {}

export async function signInWithEthereum({ address, chainId, signMessage }: SignInInput): Promise<void> {
  const nonceRes = await fetch('/api/auth/nonce', { method: 'POST' });
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const now = new Date();
  const message = createSiweMessage({
    domain: window.location.host,
    address,
    statement: 'Sign in to Swapdesk to ask firm quotes for this wallet.',
    uri: window.location.origin,
    version: '1',
    chainId,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + SIWE_MESSAGE_TTL_MS),
  });
  const signature = await signMessage(message);
  const form = new URLSearchParams({ csrfToken: await csrfToken(), message, signature, json: 'true' });
  const res = await fetch('/api/auth/callback/siwe', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const body = (await res.json().catch(() => ({}))) as { url?: string };
  if (!res.ok || !body.url || new URL(body.url, window.location.origin).searchParams.has('error')) {
    throw new SignInRefusedError('The sign-in was not accepted. Try again.');
  }
}

export async function signOut(): Promise<void> {
  const form = new URLSearchParams({ csrfToken: await csrfToken(), json: 'true' });
  await fetch('/api/auth/signout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
}

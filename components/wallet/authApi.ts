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

const GUEST_TOKEN_KEY = 'swapdesk.guestToken';
/** A stored guest token is reused only while it has at least this long to live. */
const GUEST_REUSE_MARGIN_S = 120;

export class TokenRefusedError extends Error {
  constructor(
    message: string,
    readonly retryAfterSec: number | undefined,
  ) {
    super(message);
  }
}

function storedGuestToken(): ApiToken | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(GUEST_TOKEN_KEY) ?? 'null') as { access_token: string; expires_at: number } | null;
    const left = stored ? Math.floor(stored.expires_at - Date.now() / 1_000) : 0;
    return stored && left > GUEST_REUSE_MARGIN_S ? { access_token: stored.access_token, expires_in: left } : null;
  } catch {
    return null;
  }
}

/** A guest token, reused across reloads while it lasts (guest tokens are rate-limited per visitor). */
/** `apiBase` (here and below) is the app's BASE_PATH, '' at the root. */
export async function fetchGuestToken(apiBase: string): Promise<ApiToken> {
  const stored = storedGuestToken();
  if (stored) return stored;
  const res = await fetch(`${apiBase}/api/auth/guest`, { method: 'POST' });
  if (!res.ok) {
    const retry = Number(res.headers.get('retry-after'));
    throw new TokenRefusedError(
      res.status === 429 ? 'Too many visits from your network right now; prices will appear shortly.' : 'Prices are unavailable right now; retrying.',
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  const token = await readToken(res);
  window.localStorage.setItem(GUEST_TOKEN_KEY, JSON.stringify({ access_token: token.access_token, expires_at: Date.now() / 1_000 + token.expires_in }));
  return token;
}

/** Forgets the stored guest token (the server refused it). */
export function forgetGuestToken(): void {
  window.localStorage.removeItem(GUEST_TOKEN_KEY);
}

/**
 * The signed-in wallet's token, or null when there is no session. The session is read first (an empty object
 * without one), so a visitor who never signed in does not ask for a token and get a 401 on every page load.
 */
export async function fetchWalletToken(apiBase: string): Promise<ApiToken | null> {
  const session = (await (await fetch(`${apiBase}/api/auth/session`)).json().catch(() => null)) as { address?: string } | null;
  if (!session || typeof session.address !== 'string') return null;
  const res = await fetch(`${apiBase}/api/auth/token`, { method: 'POST' });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`wallet token refused (HTTP ${res.status})`);
  return readToken(res);
}

async function csrfToken(apiBase: string): Promise<string> {
  const res = await fetch(`${apiBase}/api/auth/csrf`);
  const body = (await res.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error('sign-in is unavailable right now');
  return body.csrfToken;
}

export type SignInInput = { apiBase: string; address: Address; chainId: number; signMessage: (message: string) => Promise<Hex> };

export class SignInRefusedError extends Error {}

export async function signInWithEthereum({ apiBase, address, chainId, signMessage }: SignInInput): Promise<void> {
  const nonceRes = await fetch(`${apiBase}/api/auth/nonce`, { method: 'POST' });
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const now = new Date();
  const message = createSiweMessage({
    domain: window.location.host,
    address,
    statement: 'Sign in to Swapdesk to ask firm quotes for this wallet.',
    uri: `${window.location.origin}${apiBase}`,
    version: '1',
    chainId,
    nonce,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + SIWE_MESSAGE_TTL_MS),
  });
  const signature = await signMessage(message);
  const form = new URLSearchParams({ csrfToken: await csrfToken(apiBase), message, signature, json: 'true' });
  const res = await fetch(`${apiBase}/api/auth/callback/siwe`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const body = (await res.json().catch(() => ({}))) as { url?: string };
  if (!res.ok || !body.url || new URL(body.url, window.location.origin).searchParams.has('error')) {
    throw new SignInRefusedError('The sign-in was not accepted. Try again.');
  }
}

export async function signOut(apiBase: string): Promise<void> {
  const form = new URLSearchParams({ csrfToken: await csrfToken(apiBase), json: 'true' });
  await fetch(`${apiBase}/api/auth/signout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
}

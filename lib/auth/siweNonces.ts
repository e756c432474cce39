// Server-issued, single-use Sign-In with Ethereum nonces with a short life.
import 'server-only';
import { generateSiweNonce } from 'viem/siwe';

export const SIWE_NONCE_TTL_MS = 5 * 60_000;
const MAX_OUTSTANDING = 10_000;

type Store = Map<string, number>;
// Route handlers are bundled separately; keep one store per process on globalThis so /nonce and the sign-in share it.
const KEY = Symbol.for('swapdesk.siweNonces');
function store(): Store {
  const g = globalThis as typeof globalThis & { [KEY]?: Store };
  g[KEY] ??= new Map();
  return g[KEY];
}

function sweep(nonces: Store, now: number): void {
  for (const [nonce, expires] of nonces) if (expires <= now) nonces.delete(nonce);
}

export function issueSiweNonce(now = Date.now()): string {
  const nonces = store();
  if (nonces.size >= MAX_OUTSTANDING) sweep(nonces, now);
  // Bound memory against a flood of nonce requests: the oldest outstanding nonce makes room.
  if (nonces.size >= MAX_OUTSTANDING) {
    const oldest = nonces.keys().next().value;
    if (oldest !== undefined) nonces.delete(oldest);
  }
  const nonce = generateSiweNonce();
  nonces.set(nonce, now + SIWE_NONCE_TTL_MS);
  return nonce;
}

/** True once per issued, unexpired nonce; the nonce is gone afterwards whatever the answer. */
export function consumeSiweNonce(nonce: string, now = Date.now()): boolean {
  const nonces = store();
  const expires = nonces.get(nonce);
  nonces.delete(nonce);
  return expires !== undefined && expires > now;
}

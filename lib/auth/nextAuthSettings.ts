// next-auth's URL and secret: from the environment, or devnet defaults (the secret is generated once into the data folder).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';

const SECRET_FILE = 'nextauth-secret';

export function nextAuthUrl(): string {
  const e = env();
  return e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}${e.BASE_PATH ?? ''}`;
}

/**
 * The domain a SIWE message must name: the host of NEXTAUTH_URL when configured; on a devnet without it, the
 * host the browser reached us on (the message's domain is still checked, the wallet shows it to the user).
 */
export function siweDomain(requestHost: string | undefined): string {
  const configured = env().NEXTAUTH_URL;
  if (configured) return new URL(configured).host;
  return requestHost ?? new URL(nextAuthUrl()).host;
}

let secret: string | undefined;

export function nextAuthSecret(): string {
  if (secret) return secret;
  const e = env();
  if (e.NEXTAUTH_SECRET) return (secret = e.NEXTAUTH_SECRET);
  const file = path.join(e.SWAPDESK_DATA_DIR, SECRET_FILE);
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(e.SWAPDESK_DATA_DIR, { recursive: true });
    secret = randomBytes(32).toString('base64url');
    // `wx` keeps the first writer's secret when two processes start together.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch {
      secret = readFileSync(file, 'utf8').trim();
    }
  }
  return secret;
}

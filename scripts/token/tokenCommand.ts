// `npm run token -- --sub <name> [--scope "…"] [--ttl <seconds>]`: argument parsing and issuing, testable in-process.
import { parseArgs } from 'node:util';
import { MAX_TOKEN_TTL_SEC, SCOPES, isScope, type Scope } from '@/lib/auth/scopes';
import { signAccessToken } from '@/lib/auth/signAccessToken';

export const DEFAULT_TOKEN_TTL_SEC = 3600;
export const USAGE = `usage: npm run token -- --sub <name> [--scope "${SCOPES.join(' ')}"] [--ttl <seconds, 1-${MAX_TOKEN_TTL_SEC}>]`;

export type TokenArgs = { sub: string; scopes: Scope[]; ttlSec: number };

/** Throws an Error whose message is one line saying what to fix. */
export function parseTokenArgs(argv: string[]): TokenArgs {
  const { values } = parseArgs({
    args: argv,
    options: { sub: { type: 'string' }, scope: { type: 'string' }, ttl: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  const sub = values.sub?.trim();
  if (!sub) throw new Error(`--sub is required\n${USAGE}`);
  const words = (values.scope ?? SCOPES.join(' ')).split(/\s+/).filter((w) => w.length > 0);
  const unknown = words.filter((w) => !isScope(w));
  if (unknown.length > 0 || words.length === 0) throw new Error(`--scope must list scopes from: ${SCOPES.join(', ')} (got "${values.scope ?? ''}")`);
  const ttlText = values.ttl ?? String(DEFAULT_TOKEN_TTL_SEC);
  const ttlSec = /^[0-9]+$/.test(ttlText) ? Number(ttlText) : NaN;
  if (!(ttlSec >= 1 && ttlSec <= MAX_TOKEN_TTL_SEC)) throw new Error(`--ttl must be an integer number of seconds from 1 to ${MAX_TOKEN_TTL_SEC} (got "${ttlText}")`);
  return { sub, scopes: words.filter(isScope), ttlSec };
}

export async function tokenCommand(argv: string[]): Promise<string> {
  return (await signAccessToken(parseTokenArgs(argv))).access_token;
}

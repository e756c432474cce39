// The client address a public route is rate-limited by.
import { env } from '@/lib/env';

/**
 * Route handlers never see the socket. `next start` copies the socket address into `x-forwarded-for` only when
 * the request has none, so without a proxy a client can choose its own key by sending the header; behind N
 * trusted proxies (TRUST_PROXY=N, each appending the address it saw) the N-th entry from the right is the client.
 */
export function clientIp(req: Request): string {
  const hops = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h.length > 0);
  const trusted = env().TRUST_PROXY;
  if (hops.length === 0) return req.headers.get('x-real-ip')?.trim() || 'unknown';
  if (trusted === 0) return hops[hops.length - 1] ?? 'unknown';
  return hops[Math.max(0, hops.length - trusted)] ?? 'unknown';
}

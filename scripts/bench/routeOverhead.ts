// Prints what route() costs per request in-process: a trivial public route vs an authenticated JSON-body route.
// Run: npx tsx --conditions=react-server scripts/bench/routeOverhead.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-'));
// Limits high enough that the benchmark measures the limiter's bookkeeping, not 429s.
Object.assign(process.env, { SWAPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PUBLIC_PER_MIN: '1000000', RATE_LIMIT_QUOTE_PER_MIN: '1000000' });

const { z } = await import('zod');
const { route } = await import('@/lib/api/route');
const { signAccessToken } = await import('@/lib/auth/signAccessToken');

const ITERATIONS = 20_000;
const trivial = route({}, () => ({ ok: true }));
const Body = z.strictObject({ amount_in: z.string(), token_in: z.string(), token_out: z.string() });
const quoteLike = route({ auth: 'quote:indicative', body: Body }, ({ body }) => ({ amount_out: body.amount_in }));
const { access_token } = await signAccessToken({ sub: 'bench', scopes: ['quote:indicative'], ttlSec: 3600 });
const body = JSON.stringify({ amount_in: '1000000000000000000', token_in: `0x${'1'.repeat(40)}`, token_out: `0x${'2'.repeat(40)}` });

async function measure(name: string, make: () => Request, handler: (r: Request) => Promise<Response>): Promise<number> {
  for (let i = 0; i < 2000; i++) await (await handler(make())).arrayBuffer();
  // Best of three rounds: the machine is shared, and the best round is the least disturbed one.
  let perSec = 0;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i++) {
      const res = await handler(make());
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
      await res.arrayBuffer();
    }
    perSec = Math.max(perSec, ITERATIONS / ((performance.now() - started) / 1000));
  }
  console.log(`${name.padEnd(34)} ${Math.round(perSec).toString().padStart(8)} req/s  ${(1e6 / perSec).toFixed(1)} µs/req`);
  return perSec;
}

const a = await measure('public GET, rate-limited per IP', () => new Request('http://bench/v1/x', { headers: { 'x-forwarded-for': '192.0.2.1' } }), trivial);
const b = await measure('auth + JSON body, limited per sub', () => new Request('http://bench/v1/q', {
  method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
}), quoteLike);
const authOnly = route({ auth: 'quote:indicative' }, () => ({ ok: true }));
const c = await measure('auth only', () => new Request('http://bench/v1/q', { headers: { authorization: `Bearer ${access_token}` } }), authOnly);
const bodyOnly = route({ body: Body }, ({ body }) => ({ amount_out: body.amount_in }));
await measure('body only', () => new Request('http://bench/v1/q', { method: 'POST', body, headers: { 'content-type': 'application/json' } }), bodyOnly);
await measure('request construction only', () => new Request('http://bench/v1/q', { method: 'POST', body, headers: { 'content-type': 'application/json' } }), async () => new Response('{}'));
console.log(`bearer auth + per-sub limit add ${(1e6 / c - 1e6 / a).toFixed(1)} µs over a public route; body parsing adds ${(1e6 / b - 1e6 / c).toFixed(1)} µs`);
rmSync(dataDir, { recursive: true, force: true });

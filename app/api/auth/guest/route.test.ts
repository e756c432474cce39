import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, rateLimitStore, setRateLimitStore } from '@/lib/api/rateLimit';
import { TokenResponse } from '@/lib/api/schemas/tokenResponse';
import { verifyAccessToken } from '@/lib/auth/verifyAccessToken';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST } from './route';

describe('POST /api/auth/guest', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  const previous = rateLimitStore();
  beforeAll(() => {
    tmp = useTempDataDir({ RATE_LIMIT_GUEST_PER_MIN: '2', TRUST_PROXY: '1' });
    setRateLimitStore(new MemoryRateLimitStore());
  });
  afterAll(() => {
    setRateLimitStore(previous);
    tmp.cleanup();
  });
  const ask = (xff: string) => POST(new Request('http://test/api/auth/guest', { method: 'POST', headers: { 'x-forwarded-for': xff } }));

  it('returns a bare 15-minute indicative-only token for an anonymous guest', async () => {
    const res = await ask('203.0.113.9');
    expect(res.status).toBe(200);
    const body = TokenResponse.parse(await res.json());
    expect(body.expires_in).toBe(900);
    const auth = await verifyAccessToken(body.access_token);
    expect(auth.scopes).toEqual(['quote:indicative']);
    expect(auth.sub).toMatch(/^guest:[0-9a-f-]{36}$/);
    expect(auth.isWallet).toBe(false);
  });

  it('limits issuance per client IP, taken behind one trusted proxy from the last x-forwarded-for hop', async () => {
    // The client forges a first hop each time; the proxy-appended last hop stays the same.
    expect((await ask('1.1.1.1, 198.51.100.7')).status).toBe(200);
    expect((await ask('2.2.2.2, 198.51.100.7')).status).toBe(200);
    const third = await ask('3.3.3.3, 198.51.100.7');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await third.json()) as { error: { type: string } }).error.type).toBe('RATE_LIMITED');
    expect((await ask('198.51.100.8')).status).toBe(200);
  });
});

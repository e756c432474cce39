import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, setRateLimitStore, type RateLimitStore } from '@/lib/api/rateLimit';
import { GET, POST } from './route';

describe('GET /v1/live', () => {
  it('answers 200 with this process id and spends no rate limit', async () => {
    let hits = 0;
    const counting: RateLimitStore = { hit: () => { hits++; return { allowed: false, limit: 0, remaining: 0, resetSec: 1 }; } };
    setRateLimitStore(counting);
    const res = await GET(new Request('http://test/v1/live'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { code: number; data: { status: string; pid: number } };
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ status: 'live', pid: process.pid });
    expect(hits).toBe(0);
    setRateLimitStore(new MemoryRateLimitStore());
  });

  it('refuses other methods with 405', async () => {
    const res = await POST(new Request('http://test/v1/live', { method: 'POST' }));
    expect(res.status).toBe(405);
  });
});

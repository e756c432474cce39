import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { useTempDataDir } from '@/test/tempDataDir';
import { ApiError } from './errors';
import { MemoryRateLimitStore, rateLimitStore, setRateLimitStore } from './rateLimit';
import { MAX_BODY_BYTES, route } from './route';

const Body = z.strictObject({ amount: z.string({ error: 'amount must be a string' }) });
const echo = route({ body: Body, rateLimit: false }, ({ body }) => body);
const url = 'http://test/v1/echo';
const post = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  echo(new Request(url, { method: 'POST', body, headers }));

type ErrorJson = { code: number; msg: string; data: null; error: { type: string; field?: string; retryable: boolean; retry_after_sec?: number } };

async function expectError(res: Response, status: number, type: string): Promise<ErrorJson> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('x-request-id')).toMatch(/.+/);
  const body = (await res.json()) as ErrorJson;
  expect(body.data).toBeNull();
  expect(body.error.type).toBe(type);
  return body;
}

describe('route() envelope and input errors', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  beforeAll(() => {
    tmp = useTempDataDir();
  });
  afterAll(() => tmp.cleanup());

  it('wraps a success in { code: 0, msg: ok, data } with a request id', async () => {
    const res = await post(JSON.stringify({ amount: '1' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ code: 0, msg: 'ok', data: { amount: '1' } });
  });

  it('echoes a well-formed incoming x-request-id and replaces a hostile one', async () => {
    const mine = await echo(new Request(url, { method: 'POST', body: '{"amount":"1"}', headers: { 'content-type': 'application/json', 'x-request-id': 'abc-123' } }));
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const hostile = await echo(new Request(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'x-request-id': 'a b\u00ff' } }));
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 413 over 16 KiB', async () => {
    const body = await expectError(await post(JSON.stringify({ amount: 'x'.repeat(MAX_BODY_BYTES) })), 413, 'PAYLOAD_TOO_LARGE');
    expect(body.code).toBe(41300);
  });

  it('answers 413 for an oversized body sent without content-length', async () => {
    const big = new TextEncoder().encode(JSON.stringify({ amount: 'x'.repeat(MAX_BODY_BYTES) }));
    const stream = new ReadableStream({ start(c) { c.enqueue(big); c.close(); } });
    const req = new Request(url, { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    await expectError(await echo(req), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('stops reading a chunked body as soon as it passes 16 KiB', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(' '.repeat(4096));
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(chunk);
      },
    });
    const req = new Request(url, { method: 'POST', body: endless, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    await expectError(await echo(req), 413, 'PAYLOAD_TOO_LARGE');
    expect(pulled).toBeLessThan(10);
  });

  it('answers 415 without application/json', async () => {
    const body = await expectError(await post('{"amount":"1"}', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(body.code).toBe(41500);
  });

  it('answers 400 MALFORMED_REQUEST for broken JSON and for non-objects', async () => {
    for (const text of ['{"amount":', 'nope', '[1,2]', '"str"', 'null', '42']) {
      const body = await expectError(await post(text), 400, 'MALFORMED_REQUEST');
      expect(body.code).toBe(40000);
    }
  });

  it('answers 400 INVALID_ARGUMENT naming an unknown field', async () => {
    const body = await expectError(await post(JSON.stringify({ amount: '1', amout: '2' })), 400, 'INVALID_ARGUMENT');
    expect(body.error.field).toBe('amout');
    expect(body.msg).toMatch(/amout/);
  });

  it('answers 400 INVALID_ARGUMENT naming a missing field', async () => {
    const body = await expectError(await post('{}'), 400, 'INVALID_ARGUMENT');
    expect(body.error.field).toBe('amount');
    expect(body.msg).toBe('amount is required');
  });

  it('turns an unexpected throw into 500 INTERNAL without leaking it', async () => {
    const boom = route({ rateLimit: false }, () => {
      throw new Error('secret RPC url http://key@node');
    });
    const body = await expectError(await boom(new Request(url)), 500, 'INTERNAL');
    expect(body.msg).not.toMatch(/secret|http/);
    expect(body.error.retryable).toBe(true);
  });

  it('sends the bare value for envelope: false routes', async () => {
    const raw = route({ rateLimit: false, envelope: false }, () => ({ a: 1 }));
    expect(await (await raw(new Request(url))).json()).toEqual({ a: 1 });
  });
});

describe('route() rate limits (API.md §7)', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let clock = 0;
  const previous = rateLimitStore();
  beforeAll(() => {
    tmp = useTempDataDir({ RATE_LIMIT_PUBLIC_PER_MIN: '3', RATE_LIMIT_QUOTE_PER_MIN: '2' });
    clock = 1_000_000 * 60_000;
    setRateLimitStore(new MemoryRateLimitStore(() => clock));
  });
  afterAll(() => {
    setRateLimitStore(previous);
    tmp.cleanup();
  });

  const open = route({}, () => 'ok');
  const quote = route({ auth: 'quote:indicative' }, ({ auth }) => auth.sub);
  const fromIp = (ip: string, extra: Record<string, string> = {}) => new Request(url, { headers: { 'x-forwarded-for': ip, ...extra } });

  it('counts public requests per client IP with RateLimit headers, then 429 with Retry-After, then recovers', async () => {
    clock += 10_000;
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await open(fromIp('10.0.0.1'));
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-reset')).toBe('50');
      remaining.push(res.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await open(fromIp('10.0.0.1'));
    const body = await expectError(limited, 429, 'RATE_LIMITED');
    expect(body.code).toBe(42900);
    expect(body.error.retry_after_sec).toBe(50);
    expect(body.error.retryable).toBe(true);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect((await open(fromIp('10.0.0.2'))).status).toBe(200);
    clock += 50_000;
    expect((await open(fromIp('10.0.0.1'))).status).toBe(200);
  });

  it('counts authenticated requests per token subject, not per IP', async () => {
    clock += 60_000;
    const a = (await signAccessToken({ sub: 'alice', scopes: ['quote:indicative'], ttlSec: 600 })).access_token;
    const b = (await signAccessToken({ sub: 'bob', scopes: ['quote:indicative'], ttlSec: 600 })).access_token;
    const as = (token: string, ip: string) => quote(fromIp(ip, { authorization: `Bearer ${token}` }));
    expect((await as(a, '10.1.0.1')).status).toBe(200);
    const second = await as(a, '10.1.0.2');
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-limit')).toBe('2');
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
    await expectError(await as(a, '10.1.0.3'), 429, 'RATE_LIMITED');
    expect((await as(b, '10.1.0.1')).status).toBe(200);
  });

  it('spends the IP budget on failed authentication and still sends the headers', async () => {
    clock += 60_000;
    const res = await quote(fromIp('10.2.0.1', { authorization: 'Bearer nonsense' }));
    await expectError(res, 401, 'UNAUTHENTICATED');
    expect(res.headers.get('ratelimit-remaining')).toBe('2');
  });
});

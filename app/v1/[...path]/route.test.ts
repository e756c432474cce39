import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDataDir } from '@/test/tempDataDir';
import { GET, POST } from './route';

describe('unknown /v1 paths', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  beforeAll(() => {
    tmp = useTempDataDir();
  });
  afterAll(() => tmp.cleanup());

  it.each([
    ['GET', GET],
    ['POST', POST],
  ])('answer %s with the JSON 404 envelope, a request id and rate-limit headers', async (method, handler) => {
    const res = await handler(new Request('http://test/v1/nope?x=1', { method }));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({
      code: 40400, msg: `no such endpoint: ${method} /v1/nope`, data: null, error: { type: 'NOT_FOUND', retryable: false },
    });
  });
});

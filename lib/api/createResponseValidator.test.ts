import { describe, expect, it } from 'vitest';
import { createResponseValidator } from './createResponseValidator';
import { ENDPOINTS } from './endpointCatalogue';
import { openApiDocument } from './openapi';

const doc = openApiDocument(ENDPOINTS);
const { validate } = createResponseValidator(doc);

const LIMIT_HEADERS = { 'x-request-id': 'r-1', 'ratelimit-limit': '1200', 'ratelimit-remaining': '1199', 'ratelimit-reset': '60' };

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return { status, body: JSON.stringify(body), headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...LIMIT_HEADERS, ...headers }) };
}

const health = { status: 'ok', chains: [{ chain_id: 31337, name: 'Devnet A', ok: true, block_number: 5, rpc_latency_ms: 1 }] };

describe('createResponseValidator', () => {
  it('accepts an answer the document describes', () => {
    expect(validate('GET', '/v1/health', answer(200, { code: 0, msg: 'ok', data: health }))).toEqual([]);
  });

  it('fails a status the operation does not document', () => {
    expect(validate('GET', '/v1/health', answer(418, { code: 0, msg: 'ok', data: health }))[0]).toMatch(/answered 418, which the document does not describe/);
  });

  it('fails a missing required header, a wrong media type and a body that breaks the schema', () => {
    const { 'x-request-id': _id, ...withoutId } = LIMIT_HEADERS;
    const res = { status: 200, body: JSON.stringify({ code: 0, msg: 'ok', data: health }), headers: new Headers({ 'content-type': 'application/json', ...withoutId }) };
    expect(validate('GET', '/v1/health', res)).toEqual(['header X-Request-Id is required but missing']);
    expect(validate('GET', '/v1/health', { ...answer(200, {}), headers: new Headers({ ...LIMIT_HEADERS, 'content-type': 'text/html' }) })[0]).toMatch(/content-type "text\/html" is not documented/);
    const extra = validate('GET', '/v1/health', answer(200, { code: 0, msg: 'ok', data: { ...health, surprise: 1 } }));
    expect(extra.join('\n')).toMatch(/additional properties/);
  });

  it('fails an error whose type belongs to another status, or whose details are missing', () => {
    const noRoute = { code: 42200, msg: 'no route', data: null, error: { type: 'NO_ROUTE', retryable: false } };
    expect(validate('POST', '/v1/quote/indicative', answer(422, noRoute))).toEqual([]);
    expect(validate('POST', '/v1/quote/indicative', answer(400, noRoute)).length).toBeGreaterThan(0);
    const limited = { code: 42900, msg: 'slow down', data: null, error: { type: 'RATE_LIMITED', retryable: true } };
    expect(validate('POST', '/v1/quote/indicative', answer(429, limited, { 'retry-after': '3' })).join('\n')).toMatch(/retry_after_sec/);
    expect(validate('POST', '/v1/quote/indicative', answer(429, { ...limited, error: { ...limited.error, retry_after_sec: 3 } })).join('\n')).toMatch(/Retry-After is required/);
  });

  it('every example in the document conforms to its own schema and headers', () => {
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries((op as { responses: Record<string, { content: Record<string, { example?: unknown }> }> }).responses)) {
          const json = response.content['application/json'];
          if (!json || json.example === undefined) continue;
          const headers: Record<string, string> = status === '429' ? { 'retry-after': '12' } : status === '401' ? { 'www-authenticate': 'Bearer' } : {};
          expect(validate(method.toUpperCase(), path, answer(Number(status), json.example, headers)), `${method} ${path} ${status}`).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GET } from '@/app/v1/openapi.json/route';
import { useTempDataDir } from '@/test/tempDataDir';
import { defineEndpoint, openApiDocument, type OpenApiDocument } from './openapi';
import { klinesEndpoint } from './endpoints/marketEndpoints';
import { uintString } from './schemas/primitives';

type Json = Record<string, unknown>;

/** Every `$ref` in the document, so the test can check each one points at something that exists. */
function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  }
  return out;
}

function resolve(doc: unknown, ref: string): unknown {
  return ref.slice(2).split('/').reduce<unknown>((n, part) => (n && typeof n === 'object' ? (n as Json)[part] : undefined), doc);
}

function expectRefsResolve(doc: OpenApiDocument): void {
  const refs = refsOf(doc);
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) {
    expect(ref.startsWith('#/'), ref).toBe(true);
    expect(resolve(doc, ref), ref).toBeDefined();
  }
}

describe('GET /v1/openapi.json', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  beforeAll(() => {
    tmp = useTempDataDir();
  });
  afterAll(() => tmp.cleanup());

  it('serves an OpenAPI 3.1 document with the registered paths, error schema and bearer security', async () => {
    const res = await GET(new Request('http://test/v1/openapi.json'));
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/health', '/v1/chains', '/v1/openapi.json', '/.well-known/jwks.json', '/api/auth/guest']));
    const components = doc.components as { schemas: Json; securitySchemes: Json };
    expect(components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(components.schemas.Error_INVALID_ARGUMENT).toMatchObject({ type: 'object', required: expect.arrayContaining(['code', 'msg', 'data', 'error']) });
    const health = doc.paths['/v1/health']?.get as { responses: Json; security: unknown[]; description: string };
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '429', '500', '503']));
    expect(health.security).toEqual([]);
    // The relayer's allowed lag is counted from each chain's deposit depth, as healthReport measures it.
    expect(health.description).toMatch(/beyond the chain's deposit depth \(the larger of RELAYER_CONFIRMATIONS and the chain's registry `confirmations`/);
    const chains200 = (doc.paths['/v1/chains']?.get as { responses: Record<string, { content: Record<string, { schema: Json }> }> }).responses['200'];
    expect(chains200?.content['application/json']?.schema).toMatchObject({ properties: { code: { const: 0 }, data: { type: 'array' } } });
    expectRefsResolve(doc);
  });
});

describe('openApiDocument', () => {
  const Token = z.string().meta({ id: 'TokenAddress', description: 'token address' });
  const quote = defineEndpoint({
    method: 'POST',
    path: '/v1/quote/example',
    summary: 'example',
    auth: 'quote:firm',
    query: z.strictObject({ chainId: z.string().transform(Number).describe('chain id'), limit: z.string().optional() }),
    body: z.strictObject({ amount_in: uintString('amount_in', { positive: true }), token: Token, slippage: z.number().default(0.5) }),
    response: z.object({ amount_out: z.string(), when: z.date() }),
    errors: ['NO_ROUTE', 'INSUFFICIENT_LIQUIDITY'],
    example: { query: { chainId: 1 }, body: { amount_in: '1', token: '0x01' }, response: { amount_out: '2', when: '2026-01-01T00:00:00Z' } },
  });
  const doc = openApiDocument([quote], 'http://localhost:3000');
  const op = doc.paths['/v1/quote/example']?.post as Json & { responses: Record<string, Json>; parameters: Json[]; requestBody: Json };

  it('describes requests as input (before transforms) and keeps optional-with-default fields optional', () => {
    const schema = (op.requestBody.content as Record<string, { schema: Json }>)['application/json']?.schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['amount_in', 'token'] });
    expect((schema?.properties as Json).amount_in).toMatchObject({ type: 'string' });
    expect(op.parameters).toEqual([
      { name: 'chainId', in: 'query', required: true, schema: { type: 'string', description: 'chain id' }, description: 'chain id', example: 1 },
      { name: 'limit', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });

  it('requires the bearer scheme with the scope and documents 401 with WWW-Authenticate, 403, 422 and 400', () => {
    expect(op.security).toEqual([{ bearerAuth: ['quote:firm'] }]);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '413', '415', '422', '429', '500']);
    expect((op.responses['401']?.headers as Json)['WWW-Authenticate']).toBeDefined();
    expect(op.responses['422']?.description).toBe('NO_ROUTE (42200), INSUFFICIENT_LIQUIDITY (42201)');
    expect((op.responses['429']?.headers as Json)['Retry-After']).toMatchObject({ required: true });
    const unprocessable = (op.responses['422']?.content as Record<string, { schema: Json; example: Json }>)['application/json'];
    expect(unprocessable?.schema).toEqual({ oneOf: [{ $ref: '#/components/schemas/Error_NO_ROUTE' }, { $ref: '#/components/schemas/Error_INSUFFICIENT_LIQUIDITY' }] });
    expect(unprocessable?.example).toMatchObject({ code: 42200, data: null, error: { type: 'NO_ROUTE', retryable: false } });
  });

  it('pins each error type\'s code, type and retryability, and requires the details API.md names', () => {
    const schemas = (doc.components as { schemas: Record<string, Json & { properties: Record<string, Json & { properties: Json; required: string[] }> }> }).schemas;
    const noRoute = schemas.Error_NO_ROUTE;
    expect(noRoute?.properties.code).toEqual({ type: 'integer', const: 42200 });
    expect(noRoute?.properties.error?.properties.type).toEqual({ type: 'string', const: 'NO_ROUTE' });
    expect(schemas.Error_RATE_LIMITED?.properties.error?.required).toContain('retry_after_sec');
  });

  it('types integer query parameters as integers though the query string carries digits', () => {
    const klines = openApiDocument([klinesEndpoint]).paths['/v1/market/klines']?.get as { parameters: { name: string; schema: Json }[] };
    const types = Object.fromEntries(klines.parameters.map((p) => [p.name, p.schema.type]));
    expect(types).toMatchObject({ chainId: 'integer', pairId: 'integer', start: 'integer', end: 'integer', limit: 'integer', interval: 'string' });
  });

  it('moves named schemas into components and rewrites their references', () => {
    expect((doc.components as { schemas: Json }).schemas.TokenAddress).toMatchObject({ type: 'string', description: 'token address' });
    expectRefsResolve(doc);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GET } from '@/app/v1/openapi.json/route';
import { useTempDataDir } from '@/test/tempDataDir';
import { defineEndpoint, openApiDocument, type OpenApiDocument } from './openapi';
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
    expect(components.schemas.Error).toMatchObject({ type: 'object', required: expect.arrayContaining(['code', 'msg', 'data', 'error']) });
    const health = doc.paths['/v1/health']?.get as { responses: Json; security: unknown[] };
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '429', '500', '503']));
    expect(health.security).toEqual([]);
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
  });
  const doc = openApiDocument([quote], 'http://localhost:3000');
  const op = doc.paths['/v1/quote/example']?.post as Json & { responses: Record<string, Json>; parameters: Json[]; requestBody: Json };

  it('describes requests as input (before transforms) and keeps optional-with-default fields optional', () => {
    const schema = (op.requestBody.content as Record<string, { schema: Json }>)['application/json']?.schema;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['amount_in', 'token'] });
    expect((schema?.properties as Json).amount_in).toMatchObject({ type: 'string' });
    expect(op.parameters).toEqual([
      { name: 'chainId', in: 'query', required: true, schema: { type: 'string', description: 'chain id' }, description: 'chain id' },
      { name: 'limit', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });

  it('requires the bearer scheme with the scope and documents 401 with WWW-Authenticate, 403, 422 and 400', () => {
    expect(op.security).toEqual([{ bearerAuth: ['quote:firm'] }]);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '413', '415', '422', '429', '500']);
    expect((op.responses['401']?.headers as Json)['WWW-Authenticate']).toBeDefined();
    expect(op.responses['422']?.description).toBe('NO_ROUTE (42200), INSUFFICIENT_LIQUIDITY (42201)');
  });

  it('moves named schemas into components and rewrites their references', () => {
    expect((doc.components as { schemas: Json }).schemas.TokenAddress).toMatchObject({ type: 'string', description: 'token address' });
    expectRefsResolve(doc);
  });
});

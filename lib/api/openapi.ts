// OpenAPI 3.1 generated from the same zod schemas the handlers validate with (API.md §6).
import { z } from 'zod';
import type { Scope } from '@/lib/auth/scopes';
import { ERRORS, type ErrorType } from './errors';
import type { RouteOptions } from './route';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint: what route() needs (body, query, auth, rateLimit, cacheControl) plus what the document shows.
 * Define it once with defineEndpoint, pass it to route() in the route file, and list it in ENDPOINTS
 * (lib/api/endpointCatalogue.ts) so /v1/openapi.json shows it.
 */
export type EndpointSpec<
  BS extends z.ZodType | undefined = z.ZodType | undefined,
  QS extends z.ZodType | undefined = z.ZodType | undefined,
  AS extends Scope | undefined = Scope | undefined,
> = RouteOptions<BS, QS, AS> & {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  /** Schema of `data` (or of the whole body when `envelope: false`), as sent. */
  response: z.ZodType;
  /** Error types this endpoint documents beyond the ones implied by its options. */
  errors?: ErrorType[];
};

export function defineEndpoint<
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  AS extends Scope | undefined = undefined,
>(spec: EndpointSpec<BS, QS, AS>): EndpointSpec<BS, QS, AS> {
  return spec;
}

export const ErrorBodySchema = z.object({
  code: z.number().int().describe('Numeric error code (API.md §1), e.g. 40001'),
  msg: z.string().describe('One human sentence naming the offending field or value'),
  data: z.null(),
  error: z
    .looseObject({
      type: z.enum(Object.keys(ERRORS) as [ErrorType, ...ErrorType[]]),
      field: z.string().optional().describe('The request field at fault'),
      retryable: z.boolean(),
      retry_after_sec: z.number().int().optional().describe('Seconds to wait (RATE_LIMITED)'),
    })
    .describe('Machine-readable details; may carry more keys'),
});

type JsonSchema = Record<string, unknown>;

/** Converts a zod schema, moving named definitions ($defs) into `defs` so references resolve in the document. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', defs: Record<string, unknown>): JsonSchema {
  const { $schema: _s, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  if ($defs && typeof $defs === 'object') Object.assign(defs, $defs);
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
}

function queryParameters(query: z.ZodType, defs: Record<string, unknown>): JsonSchema[] {
  const s = jsonSchema(query, 'input', defs);
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name, in: 'query', required: required.has(name), schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

function errorTypesOf(spec: EndpointSpec): ErrorType[] {
  const types = new Set<ErrorType>(spec.errors ?? []);
  if (spec.query) types.add('INVALID_ARGUMENT');
  if (spec.body) ['MALFORMED_REQUEST', 'INVALID_ARGUMENT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].forEach((t) => types.add(t as ErrorType));
  if (spec.auth) ['UNAUTHENTICATED', 'FORBIDDEN'].forEach((t) => types.add(t as ErrorType));
  if (spec.rateLimit !== false) types.add('RATE_LIMITED');
  types.add('INTERNAL');
  return [...types];
}

const HEADER_REFS = {
  'x-request-id': { $ref: '#/components/headers/RequestId' },
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

function errorResponses(spec: EndpointSpec): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorType[]>();
  for (const t of errorTypesOf(spec)) byStatus.set(ERRORS[t].status, [...(byStatus.get(ERRORS[t].status) ?? []), t]);
  const out: Record<string, JsonSchema> = {};
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Record<string, unknown> = { ...HEADER_REFS };
    if (status === 401) headers['WWW-Authenticate'] = { schema: { type: 'string', const: 'Bearer' } };
    if (status === 429) headers['Retry-After'] = { schema: { type: 'integer' }, description: 'Seconds until the window resets' };
    out[String(status)] = {
      description: types.map((t) => `${t} (${ERRORS[t].code})`).join(', '),
      headers,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

function successSchema(spec: EndpointSpec, defs: Record<string, unknown>): JsonSchema {
  const data = jsonSchema(spec.response, 'output', defs);
  if (spec.envelope === false) return data;
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { const: 0 }, msg: { const: 'ok' }, data },
  };
}

function operation(spec: EndpointSpec, defs: Record<string, unknown>): JsonSchema {
  const op: JsonSchema = {
    operationId: `${spec.method.toLowerCase()}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.tags ? { tags: spec.tags } : {}),
    security: spec.auth ? [{ bearerAuth: [spec.auth] }] : [],
    responses: {
      '200': { description: 'Success', headers: HEADER_REFS, content: { 'application/json': { schema: successSchema(spec, defs) } } },
      ...errorResponses(spec),
    },
  };
  if (spec.auth) op['x-required-scope'] = spec.auth;
  if (spec.query) op.parameters = queryParameters(spec.query, defs);
  if (spec.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input', defs) } } };
  return op;
}

export type OpenApiDocument = JsonSchema & { openapi: '3.1.0'; paths: Record<string, Record<string, JsonSchema>> };

/** The OpenAPI 3.1 document of `endpoints`; `serverUrl` is the origin plus BASE_PATH the API is served on. */
export function openApiDocument(endpoints: readonly EndpointSpec[], serverUrl = '/'): OpenApiDocument {
  const defs: Record<string, unknown> = {};
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of endpoints) {
    paths[spec.path] ??= {};
    const item = paths[spec.path];
    if (item) item[spec.method.toLowerCase()] = operation(spec, defs);
  }
  const rateHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Swapdesk API',
      version: '1.0.0',
      description: 'Swap quotes that settle exactly as quoted, and market data built from on-chain swaps. Every /v1 response is the envelope { code, msg, data }.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { ...defs, Error: jsonSchema(ErrorBodySchema, 'output', defs) },
      securitySchemes: {
        bearerAuth: {
          type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
          description: 'ES256 access token (API.md §3); scopes quote:indicative, quote:firm in the space-separated `scope` claim. Public keys at /.well-known/jwks.json.',
        },
      },
      headers: {
        RequestId: { description: 'Request id, echoed from the request when well-formed', schema: { type: 'string' } },
        RateLimitLimit: rateHeader('Requests allowed in the current window'),
        RateLimitRemaining: rateHeader('Requests left in the current window'),
        RateLimitReset: rateHeader('Seconds until the window resets'),
      },
    },
  };
}

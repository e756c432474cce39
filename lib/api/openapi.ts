// OpenAPI 3.1 generated from the same zod schemas the handlers validate with (API.md §6).
import { z } from 'zod';
import type { Scope } from '@/lib/auth/scopes';
import { ERRORS, RETRYABLE_SOMETIMES, type ErrorType } from './errors';
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
  /** Media type of a success; `application/json` unless the endpoint streams (`text/event-stream`). */
  contentType?: string;
  /** An event stream's main event, whose `data` follows `response` (default `candle`). */
  eventName?: string;
  /** Error types this endpoint documents beyond the ones implied by its options. */
  errors?: ErrorType[];
  /** One realistic exchange: the request's query or body and the success `data` (or bare body) it answers. */
  example: { query?: Record<string, string | number>; body?: Record<string, unknown>; response: unknown };
};

export function defineEndpoint<
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  AS extends Scope | undefined = undefined,
>(spec: EndpointSpec<BS, QS, AS>): EndpointSpec<BS, QS, AS> {
  return spec;
}

export const ErrorBodySchema = z.object({
  code: z.number().int().describe('Numeric error code (docs/API.md §1), e.g. 40001'),
  msg: z.string().describe('One human sentence naming the offending field or value'),
  data: z.null(),
  error: z
    .looseObject({
      type: z.enum(Object.keys(ERRORS) as [ErrorType, ...ErrorType[]]),
      field: z.string().optional().describe('The request field at fault'),
      retryable: z.boolean(),
      retry_after_sec: z.number().int().optional().describe('Seconds to wait before retrying (RATE_LIMITED, CHAIN_UNAVAILABLE, a retryable INSUFFICIENT_LIQUIDITY)'),
    })
    .describe('Machine-readable details; may carry more keys'),
});

/** Keys the `error` object of a type always carries beyond `type` and `retryable` (API.md §1). */
const ERROR_DETAILS: Partial<Record<ErrorType, JsonSchema>> = {
  SLIPPAGE_EXCEEDED: {
    required: ['indicative_amount_out', 'amount_out', 'deviation_bps', 'allowed_bps'],
    properties: {
      indicative_amount_out: { type: 'string', description: 'The indicative amount_out sent, wei' },
      amount_out: { type: 'string', description: 'The firm amount_out, wei' },
      deviation_bps: { type: 'number', description: 'How far below the indicative amount the firm one is, bps' },
      allowed_bps: { type: 'number', description: 'The slippage allowed, bps' },
    },
  },
  ORDER_EXISTS: {
    required: ['status'],
    properties: { status: { type: 'string', description: 'The order\'s current status, as GET /v1/quote/status answers it' } },
  },
  RATE_LIMITED: { required: ['retry_after_sec'] },
  CHAIN_UNAVAILABLE: {
    properties: {
      chains: { type: 'array', items: { $ref: '#/components/schemas/ChainHealth' }, description: 'GET /v1/health: every chain\'s row, naming the unhealthy ones' },
      services: { $ref: '#/components/schemas/ServicesHealth', description: 'GET /v1/health: the store, Redis and the background jobs' },
    },
  },
};

/** A realistic answer of each error type, shown as the example of its status. */
const ERROR_EXAMPLES: Record<ErrorType, { msg: string; details?: Record<string, unknown> }> = {
  MALFORMED_REQUEST: { msg: 'request body is not valid JSON' },
  INVALID_ARGUMENT: { msg: 'amount_in must be an integer string of decimal digits (wei), without sign, exponent, decimals or leading zeros', details: { field: 'amount_in' } },
  UNSUPPORTED_CHAIN: { msg: 'src_chain_id 1 is not a configured chain', details: { field: 'src_chain_id' } },
  UNSUPPORTED_TOKEN: { msg: 'token_out 0x1111111111111111111111111111111111111111 has no pool on chain 31337', details: { field: 'token_out' } },
  UNAUTHENTICATED: { msg: 'authorization header with a Bearer token is required' },
  FORBIDDEN: { msg: 'access token lacks the quote:firm scope' },
  NOT_FOUND: { msg: 'pairId 999 is not an indexed pair on chain 31337', details: { field: 'pairId' } },
  METHOD_NOT_ALLOWED: { msg: 'PUT is not supported on /v1/chains; use GET' },
  SLIPPAGE_EXCEEDED: {
    msg: 'amount_out 2990000000 is 40 bps below indicative_amount_out 3002000000, more than the slippage allows (30 bps)',
    details: { field: 'indicative_amount_out', indicative_amount_out: '3002000000', amount_out: '2990000000', deviation_bps: 40, allowed_bps: 30 },
  },
  ORDER_EXISTS: { msg: 'quote_id 0x6d1f…d8e0 was already posted as an order; it is submitted', details: { field: 'quote_id', status: 'submitted' } },
  PAYLOAD_TOO_LARGE: { msg: 'request body must be at most 16384 bytes' },
  UNSUPPORTED_MEDIA_TYPE: { msg: 'request body must be sent with content-type: application/json' },
  NO_ROUTE: { msg: 'no pool path of up to 3 hops connects token_in to token_out', details: { field: 'token_out' } },
  INSUFFICIENT_LIQUIDITY: { msg: 'no pool path has the liquidity to fill amount_in', details: { field: 'amount_in' } },
  AMOUNT_TOO_SMALL: { msg: 'amount_in is too small: the output rounds to zero after fees', details: { field: 'amount_in' } },
  RATE_LIMITED: { msg: 'rate limit of 600 requests per minute exceeded; retry in 12 s', details: { retry_after_sec: 12 } },
  INTERNAL: { msg: 'internal error (request id 0f8e6c1e-3b5d-4f7a-9a51-2f0c9a1d7e42)' },
  CHAIN_UNAVAILABLE: { msg: 'chain 31337 is not answering right now; try again shortly', details: { field: 'src_chain_id', retry_after_sec: 1 } },
  // Also answered, with its own message, when the data store is not answering (a restart or failover).
};

/** The component name of the schema of one error type's body. */
function errorSchemaName(type: ErrorType): string {
  return `Error_${type}`;
}

/**
 * One error type's body: the envelope of ErrorBodySchema with this type's code, type and retryability pinned and
 * its details declared; self-contained, so a reader (or a strict example check) sees every key it may carry.
 */
function errorTypeSchema(type: ErrorType, generic: JsonSchema): JsonSchema {
  const details = ERROR_DETAILS[type];
  const properties = generic.properties as Record<string, JsonSchema>;
  const errorObject = properties.error ?? {};
  return {
    ...generic,
    description: `${type}: HTTP ${ERRORS[type].status}, code ${ERRORS[type].code}`,
    properties: {
      ...properties,
      code: { type: 'integer', const: ERRORS[type].code },
      error: {
        ...errorObject,
        required: ['type', 'retryable', ...((details?.required as string[] | undefined) ?? [])],
        properties: {
          ...(errorObject.properties as JsonSchema),
          type: { type: 'string', const: type },
          retryable: RETRYABLE_SOMETIMES.has(type)
            ? { type: 'boolean', description: `Usually ${ERRORS[type].retryable}; true when the condition passes by itself (the relayer not running or slow right now), then with retry_after_sec` }
            : { type: 'boolean', const: ERRORS[type].retryable },
          ...((details?.properties as JsonSchema | undefined) ?? {}),
        },
      },
    },
  };
}

function errorExample(type: ErrorType): JsonSchema {
  const { msg, details = {} } = ERROR_EXAMPLES[type];
  return { code: ERRORS[type].code, msg, data: null, error: { type, ...details, retryable: ERRORS[type].retryable } };
}

type JsonSchema = Record<string, unknown>;

/** Converts a zod schema, moving named definitions ($defs) into `defs` so references resolve in the document. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', defs: Record<string, unknown>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  const { $schema: _s, $defs, ...rest } = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  if ($defs && typeof $defs === 'object') Object.assign(defs, $defs);
  return rest;
}

function queryParameters(query: z.ZodType, defs: Record<string, unknown>, example: Record<string, string | number> = {}): JsonSchema[] {
  const s = jsonSchema(query, 'input', defs);
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name, in: 'query', required: required.has(name), schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    ...(example[name] !== undefined ? { example: example[name] } : {}),
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

const REQUEST_ID_HEADER = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

/** Headers every answer of `spec` carries: the request id, and the rate-limit counters where the route is limited. */
function commonHeaders(spec: EndpointSpec): Record<string, unknown> {
  return { ...REQUEST_ID_HEADER, ...(spec.rateLimit === false ? {} : RATE_LIMIT_HEADERS) };
}

function errorResponses(spec: EndpointSpec): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorType[]>();
  for (const t of errorTypesOf(spec)) byStatus.set(ERRORS[t].status, [...(byStatus.get(ERRORS[t].status) ?? []), t]);
  const out: Record<string, JsonSchema> = {};
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Record<string, unknown> = commonHeaders(spec);
    if (status === 401) headers['WWW-Authenticate'] = { required: true, description: 'Always `Bearer`', schema: { type: 'string', const: 'Bearer' } };
    if (status === 429) headers['Retry-After'] = { required: true, description: 'Seconds until the window resets', schema: { type: 'integer', minimum: 0 } };
    if (status === 503) headers['Retry-After'] = { description: 'Seconds to wait, when the service knows', schema: { type: 'integer', minimum: 0 } };
    const refs = types.map((t) => ({ $ref: `#/components/schemas/${errorSchemaName(t)}` }));
    const first = types[0];
    out[String(status)] = {
      description: types.map((t) => `${t} (${ERRORS[t].code})`).join(', '),
      headers,
      content: {
        'application/json': {
          schema: refs.length === 1 ? refs[0] : { oneOf: refs },
          ...(first ? { example: errorExample(first) } : {}),
        },
      },
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

function successExample(spec: EndpointSpec): unknown {
  return spec.envelope === false ? spec.example.response : { code: 0, msg: 'ok', data: spec.example.response };
}

function successContent(spec: EndpointSpec, defs: Record<string, unknown>): JsonSchema {
  const type = spec.contentType ?? 'application/json';
  if (type === 'text/event-stream') {
    // An event stream is text; the schema of each event's `data` is given apart, for readers and generators.
    return {
      [type]: {
        schema: { type: 'string', description: `Server-sent events; each \`${spec.eventName ?? 'candle'}\` event carries one JSON object of the schema in x-event-data` },
        example: `event: ${spec.eventName ?? 'candle'}\ndata: ${JSON.stringify(spec.example.response)}\n\n`,
      },
    };
  }
  return { [type]: { schema: successSchema(spec, defs), example: successExample(spec) } };
}

function operation(spec: EndpointSpec, defs: Record<string, unknown>): JsonSchema {
  const op: JsonSchema = {
    operationId: `${spec.method.toLowerCase()}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.tags ? { tags: spec.tags } : {}),
    security: spec.auth ? [{ bearerAuth: [spec.auth] }] : [],
    responses: {
      '200': { description: 'Success', headers: commonHeaders(spec), content: successContent(spec, defs) },
      ...errorResponses(spec),
    },
  };
  if (spec.auth) op['x-required-scope'] = spec.auth;
  if (spec.contentType === 'text/event-stream') op['x-event-data'] = jsonSchema(spec.response, 'output', defs);
  if (spec.query) op.parameters = queryParameters(spec.query, defs, spec.example.query);
  if (spec.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input', defs), example: spec.example.body } } };
  }
  return op;
}

const TAGS = [
  { name: 'quotes', description: 'Indicative and firm swap quotes, their status, and the token\'s own quote history. Bearer token required.' },
  { name: 'market', description: 'Pairs, overviews and k-lines built from indexed on-chain swaps. Public.' },
  { name: 'chains', description: 'The configured chains, their router and tokens. Public.' },
  { name: 'crosschain', description: 'Open cross-chain orders (ERC-7683) that any filler may fill and be repaid for, and the attestations that repay them. Public.' },
  { name: 'service', description: 'Health and this document. Public.' },
  { name: 'auth', description: 'Access tokens: guest tokens for browsers and the keys that verify every token.' },
];

const DOCUMENT_DESCRIPTION = [
  'Swap quotes that settle exactly as quoted, and market data built from on-chain swaps.',
  '',
  'Every `/v1` response is JSON in the envelope `{ code, msg, data }`; an error answers `data: null` and an `error` object with its `type` and whether it is `retryable`. Every response carries `X-Request-Id` and the `RateLimit-*` counters; over the limit, 429 with `Retry-After`.',
  '',
  'Quote endpoints need `Authorization: Bearer <token>`. Get a token with `npm run token -- --sub <name>` on the server (integrators; run it with the server\'s `SWAPDESK_DATA_DIR`, whose key signs it), `POST /api/auth/guest` (a 15-minute, indicative-only token), or by signing in with Ethereum in the web app.',
  '',
  'The rules behind this document (input rules, statuses, cross-chain orders, market-data arithmetic) are in `docs/API.md` of the Swapdesk repository, and what the settlement contracts promise in `docs/CONTRACTS.md`.',
].join('\n');

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
  const rateHeader = (description: string) => ({ required: true, description, schema: { type: 'integer', minimum: 0 } });
  const genericError = jsonSchema(ErrorBodySchema, 'output', defs);
  const usedErrors = new Set(endpoints.flatMap(errorTypesOf));
  const errorSchemas = Object.fromEntries([...usedErrors].sort().map((t) => [errorSchemaName(t), errorTypeSchema(t, genericError)]));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Swapdesk API',
      version: '1.0.0',
      description: DOCUMENT_DESCRIPTION,
      license: { name: 'UNLICENSED' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: serverUrl, description: 'This server' }],
    tags: TAGS,
    paths,
    components: {
      schemas: { ...defs, ...errorSchemas },
      securitySchemes: {
        bearerAuth: {
          type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
          description: 'ES256 access token (docs/API.md §3); scopes quote:indicative, quote:firm in the space-separated `scope` claim. Public keys at /.well-known/jwks.json.',
        },
      },
      headers: {
        RequestId: { required: true, description: 'Request id, echoed from the request when well-formed; quote it when reporting a problem', schema: { type: 'string' } },
        RateLimitLimit: rateHeader('Requests allowed in the current window'),
        RateLimitRemaining: rateHeader('Requests left in the current window'),
        RateLimitReset: rateHeader('Seconds until the window resets'),
      },
    },
  };
}

// GET /v1/openapi.json: this API described as OpenAPI 3.1.
import { z } from 'zod';
import { defineEndpoint } from '../openapi';

export const openapiEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/openapi.json',
  summary: 'This document (OpenAPI 3.1)',
  description: 'Served bare (not in the envelope) so OpenAPI tools can read it directly.',
  tags: ['service'],
  response: z.looseObject({ openapi: z.literal('3.1.0') }),
  example: { response: { openapi: '3.1.0', info: { title: 'Swapdesk API', version: '1.0.0' }, paths: {} } },
  envelope: false,
  cacheControl: 'public, max-age=60',
});

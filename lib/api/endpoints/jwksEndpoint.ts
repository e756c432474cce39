// GET /.well-known/jwks.json: the public keys that verify our access tokens.
import { z } from 'zod';
import { defineEndpoint } from '../openapi';

export const JwksResponse = z.object({
  keys: z.array(z.looseObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string(), kid: z.string(), alg: z.literal('ES256'), use: z.literal('sig') })),
});

export const jwksEndpoint = defineEndpoint({
  method: 'GET',
  path: '/.well-known/jwks.json',
  summary: 'Public keys that verify Swapdesk access tokens',
  description: 'A bare JSON Web Key Set (not wrapped in the /v1 envelope).',
  tags: ['auth'],
  response: JwksResponse,
  envelope: false,
  cacheControl: 'public, max-age=300',
});

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
  example: {
    response: {
      keys: [
        { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0', kid: '5f3c', alg: 'ES256', use: 'sig' },
      ],
    },
  },
  envelope: false,
  cacheControl: 'public, max-age=300',
});

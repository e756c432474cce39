// POST /api/auth/guest: an anonymous browser gets a short indicative-only access token.
import { env } from '@/lib/env';
import { defineEndpoint } from '../openapi';
import { TokenResponse } from '../schemas/tokenResponse';

export const guestTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/guest',
  summary: 'Anonymous access token (scope quote:indicative, 15 minutes)',
  description: 'Bare JSON (not the /v1 envelope); rate-limited per client IP by RATE_LIMIT_GUEST_PER_MIN.',
  tags: ['auth'],
  response: TokenResponse,
  example: {
    response: {
      access_token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6IjVmM2MiLCJ0eXAiOiJKV1QifQ.eyJzdWIiOiJndWVzdDpjMmY0Iiwic2NvcGUiOiJxdW90ZTppbmRpY2F0aXZlIn0.c2lnbmF0dXJl',
      expires_in: 900,
      token_type: 'Bearer',
    },
  },
  envelope: false,
  rateLimit: { bucket: 'guest', perMin: () => env().RATE_LIMIT_GUEST_PER_MIN },
});

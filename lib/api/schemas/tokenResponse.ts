// The body of the token endpoints (POST /api/auth/guest, POST /api/auth/token): `{ access_token, expires_in }`.
import { z } from 'zod';

export const TokenResponse = z.object({
  access_token: z.string().describe('ES256 JWT for Authorization: Bearer'),
  expires_in: z.number().int().describe('Lifetime in seconds'),
  token_type: z.literal('Bearer'),
});

export type TokenResponse = z.infer<typeof TokenResponse>;

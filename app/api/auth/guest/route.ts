// POST /api/auth/guest: an anonymous indicative-only token for the browser, rate-limited per client IP.
import { randomUUID } from 'node:crypto';
import { guestTokenEndpoint } from '@/lib/api/endpoints/guestTokenEndpoint';
import { route } from '@/lib/api/route';
import { GUEST_TOKEN_TTL_SEC } from '@/lib/auth/scopes';
import { signAccessToken } from '@/lib/auth/signAccessToken';

export const dynamic = 'force-dynamic';

export const POST = route(guestTokenEndpoint, () =>
  signAccessToken({ sub: `guest:${randomUUID()}`, scopes: ['quote:indicative'], ttlSec: GUEST_TOKEN_TTL_SEC }),
);

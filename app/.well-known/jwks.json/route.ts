// GET /.well-known/jwks.json: the public half of the access-token signing key.
import { jwksEndpoint } from '@/lib/api/endpoints/jwksEndpoint';
import { route } from '@/lib/api/route';
import { jwks } from '@/lib/auth/jwks';

export const dynamic = 'force-dynamic';

export const GET = route(jwksEndpoint, () => jwks());

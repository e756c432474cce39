// The public key set served at /.well-known/jwks.json so others can verify our access tokens.
import 'server-only';
import type { JSONWebKeySet } from 'jose';
import { signingKey } from './signingKey';

export async function jwks(): Promise<JSONWebKeySet> {
  const { publicJwk } = await signingKey();
  return { keys: [publicJwk] };
}

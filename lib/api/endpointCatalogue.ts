// Every endpoint /v1/openapi.json documents. A new endpoint: defineEndpoint() beside its schemas, pass it to
// route() in its route file, and add it here.
import { chainsEndpoint } from './endpoints/chainsEndpoint';
import { healthEndpoint } from './endpoints/healthEndpoint';
import { guestTokenEndpoint } from './endpoints/guestTokenEndpoint';
import { jwksEndpoint } from './endpoints/jwksEndpoint';
import { openapiEndpoint } from './endpoints/openapiEndpoint';
import { klinesEndpoint, pairEndpoint, pairsEndpoint } from './endpoints/marketEndpoints';
import type { EndpointSpec } from './openapi';

export const ENDPOINTS: readonly EndpointSpec[] = [
  healthEndpoint,
  chainsEndpoint,
  openapiEndpoint,
  jwksEndpoint,
  guestTokenEndpoint,
  pairsEndpoint,
  pairEndpoint,
  klinesEndpoint,
];

// Every endpoint /v1/openapi.json documents. A new endpoint: defineEndpoint() beside its schemas, pass it to
// route() in its route file, and add it here.
import { chainsEndpoint } from './endpoints/chainsEndpoint';
import { firmQuoteEndpoint } from './endpoints/firmQuoteEndpoint';
import { healthEndpoint } from './endpoints/healthEndpoint';
import { indicativeQuoteEndpoint } from './endpoints/indicativeQuoteEndpoint';
import { guestTokenEndpoint } from './endpoints/guestTokenEndpoint';
import { jwksEndpoint } from './endpoints/jwksEndpoint';
import { liveEndpoint } from './endpoints/liveEndpoint';
import { openapiEndpoint } from './endpoints/openapiEndpoint';
import { klinesEndpoint, pairEndpoint, pairsEndpoint } from './endpoints/marketEndpoints';
import { marketStreamEndpoint } from './endpoints/marketStreamEndpoint';
import { tradesEndpoint } from './endpoints/tradesEndpoint';
import { tokensEndpoint } from './endpoints/tokensEndpoint';
import { quoteStatusEndpoint } from './endpoints/quoteStatusEndpoint';
import { quoteStreamEndpoint } from './endpoints/quoteStreamEndpoint';
import { quotesEndpoint } from './endpoints/quotesEndpoint';
import { orderAttestationEndpoint } from './endpoints/orderAttestationEndpoint';
import { crossChainOrdersEndpoint, crossChainOrdersStreamEndpoint } from './endpoints/crossChainOrdersEndpoint';
import { ordersEndpoint } from './endpoints/ordersEndpoint';
import type { EndpointSpec } from './openapi';

export const ENDPOINTS: readonly EndpointSpec[] = [
  liveEndpoint,
  healthEndpoint,
  chainsEndpoint,
  openapiEndpoint,
  jwksEndpoint,
  guestTokenEndpoint,
  pairsEndpoint,
  pairEndpoint,
  klinesEndpoint,
  tradesEndpoint,
  tokensEndpoint,
  marketStreamEndpoint,
  indicativeQuoteEndpoint,
  quoteStreamEndpoint,
  firmQuoteEndpoint,
  quoteStatusEndpoint,
  ordersEndpoint,
  quotesEndpoint,
  crossChainOrdersEndpoint,
  crossChainOrdersStreamEndpoint,
  orderAttestationEndpoint,
];

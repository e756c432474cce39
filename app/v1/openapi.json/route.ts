// GET /v1/openapi.json: generated from the endpoint catalogue, i.e. from the schemas the handlers validate with.
import { ENDPOINTS } from '@/lib/api/endpointCatalogue';
import { openapiEndpoint } from '@/lib/api/endpoints/openapiEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { openApiDocument } from '@/lib/api/openapi';
import { route } from '@/lib/api/route';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

export const GET = route(openapiEndpoint, () => openApiDocument(ENDPOINTS, env().BASE_PATH ?? '/'));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;

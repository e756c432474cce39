// GET /v1/crosschain/orders/attestation?order_id=…: the attester's word on a fill, for a filler to settle (API.md §10).
import { orderAttestationEndpoint } from '@/lib/api/endpoints/orderAttestationEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { orderAttestation } from '@/lib/crosschain/orderAttestation';

export const dynamic = 'force-dynamic';

export const GET = route(orderAttestationEndpoint, ({ query }) => orderAttestation(query));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;

// Unknown /v1 paths answer with the JSON envelope, never an HTML page.
import { route } from '@/lib/api/route';
import { ApiError } from '@/lib/api/errors';

const notFound = route({}, ({ req }) => {
  throw new ApiError('NOT_FOUND', `no such endpoint: ${req.method} ${new URL(req.url).pathname}`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;

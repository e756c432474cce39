// JSON 405 for a known path asked with a method it does not serve (Next would answer with an empty body).
import { ApiError } from './errors';
import { route } from './route';

export function methodNotAllowed(...allowed: string[]) {
  const allow = allowed.join(', ');
  return route({}, ({ req }) => {
    throw new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not supported on ${new URL(req.url).pathname}; use ${allow}`, {}, { allow });
  });
}

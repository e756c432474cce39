// Turns zod failures into INVALID_ARGUMENT answers that name the offending field (API.md §2).
import type { z } from 'zod';
import { ApiError } from './errors';

type Issue = z.core.$ZodIssue;

function fieldOf(issue: Issue): string {
  return issue.path.map(String).join('.');
}

export function issueToError(issue: Issue, input: unknown): ApiError {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys;
    const field = keys[0] ?? '';
    const noun = keys.length === 1 ? 'field' : 'fields';
    return new ApiError('INVALID_ARGUMENT', `unknown ${noun}: ${keys.join(', ')}`, { field });
  }
  const field = fieldOf(issue);
  const present = typeof input === 'object' && input !== null && issue.path.length > 0 && issue.path[0] !== undefined
    ? Object.hasOwn(input, issue.path[0] as PropertyKey)
    : true;
  if (!present) return new ApiError('INVALID_ARGUMENT', `${field} is required`, { field });
  // Schemas written for this API phrase their own messages starting with the field name.
  const message = issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  return new ApiError('INVALID_ARGUMENT', message, { field });
}

/** Validates `input` against `schema`, throwing the first problem as a documented 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // An unknown field is usually a typo of a required one: name the typo rather than the "missing" field.
  const first = result.error.issues.find((i) => i.code === 'unrecognized_keys') ?? result.error.issues[0];
  if (!first) throw new ApiError('INVALID_ARGUMENT', 'request is invalid');
  throw issueToError(first, input);
}

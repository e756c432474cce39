// Tells a store that is not answering (down, restarting, unreachable) from a failing query: the first is retryable.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, connection exceptions (class 08).
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006',
  // SQLite: another writer held the file past busy_timeout.
  'SQLITE_BUSY',
]);
const UNAVAILABLE_MESSAGE = /Connection terminated|terminating connection|the database system is (starting up|shutting down)|timeout exceeded when trying to connect/i;

/** True when `error` (or one of its causes) says the store cannot be reached right now. */
export function isStoreUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // An AggregateError (a connection tried on several addresses) carries its causes in `errors`.
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some((x) => isStoreUnavailable(x))) return true;
  }
  return false;
}

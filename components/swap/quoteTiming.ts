// The swap form's quote timing rules (CONVENTIONS.md §8), in one place.

/** Typing settles this long after the last key before a quote is asked. */
export const QUOTE_DEBOUNCE_MS = 250;
/** A quote older than the poll interval plus this is no longer shown. */
export const QUOTE_STALE_GRACE_MS = 15_000;
/** Floor of the polling interval, so a fast devnet does not turn polling into a flood. */
export const MIN_QUOTE_POLL_MS = 1_000;
/** Firm quotes live this long (API.md recommends 60 s). */
export const FIRM_QUOTE_TTL_S = 60;
/** A firm price worse than the indicative one by more than this asks the trader to accept it. */
export const PRICE_MOVE_ACCEPT_BPS = 100n;

/** About one block: the chain's block time, never faster than MIN_QUOTE_POLL_MS. */
export function quotePollMs(blockTimeSec: number | undefined): number {
  const ms = Math.round((blockTimeSec ?? 2) * 1_000);
  return Math.max(MIN_QUOTE_POLL_MS, ms);
}

/** A quote received at `receivedAtMs` may be shown at `nowMs` only while younger than poll + grace. */
export function isQuoteFresh(receivedAtMs: number, nowMs: number, pollMs: number): boolean {
  return receivedAtMs > 0 && nowMs - receivedAtMs <= pollMs + QUOTE_STALE_GRACE_MS;
}

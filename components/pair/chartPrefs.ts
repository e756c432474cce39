// The visitor's chart preferences (interval, UTC), kept in cookies so the server renders the remembered view.
import { isKlineInterval, type KlineInterval } from '@/lib/market/klineIntervals';

/** The interval a first visit shows (the pair endpoint's default too). */
export const DEFAULT_INTERVAL: KlineInterval = '1h';

export const INTERVAL_COOKIE = 'sd_chart_interval';
export const UTC_COOKIE = 'sd_chart_utc';
/** Candles per request, for the first view and for each older page. */
export const HISTORY_PAGE = 500;

const ONE_YEAR_S = 365 * 24 * 3600;

export function savePref(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
}

export function intervalFromCookie(value: string | undefined): KlineInterval {
  return value !== undefined && isKlineInterval(value) ? value : DEFAULT_INTERVAL;
}

export function utcFromCookie(value: string | undefined): boolean {
  return value === '1';
}

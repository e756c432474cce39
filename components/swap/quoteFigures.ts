// Numbers the details panel shows, computed from integer quote fields; floats never enter.
import { formatUnits } from 'viem';
import { formatAmount } from './amountText';

const RATE_DECIMALS = 18;

/** How many `quote` units one `base` unit buys, as display text. */
export function rateText(baseUnits: bigint, baseDecimals: number, quoteUnits: bigint, quoteDecimals: number): string {
  if (baseUnits === 0n) return '—';
  const scaled = (quoteUnits * 10n ** BigInt(baseDecimals + RATE_DECIMALS)) / (baseUnits * 10n ** BigInt(quoteDecimals));
  return formatAmount(scaled, RATE_DECIMALS);
}

export type ImpactLevel = 'ok' | 'warn' | 'danger';

/** Price impact shown amber above this (bps). */
export const IMPACT_WARN_BPS = 500;
/** Above this (bps) the review asks for an explicit confirmation before anything is sent. */
export const IMPACT_CONFIRM_BPS = 1500;

/** Above 5 % a trader should notice; above 15 % it is likely a mistake and needs confirming. */
export function impactLevel(bps: number): ImpactLevel {
  if (bps > IMPACT_CONFIRM_BPS) return 'danger';
  if (bps > IMPACT_WARN_BPS) return 'warn';
  return 'ok';
}

/** Text colour of a price impact by its level, the same on the form and in the review. */
export const IMPACT_TEXT_CLASS: Record<ImpactLevel, string> = { ok: 'text-[var(--muted)]', warn: 'text-amber-600 dark:text-amber-400', danger: 'text-[var(--down)] font-semibold' };

export function bpsText(bps: number | bigint): string {
  const n = BigInt(bps);
  const whole = n / 100n;
  const frac = (n % 100n).toString().padStart(2, '0');
  return `${whole}.${frac} %`;
}

/** Firm amount below indicative by this many bps (0 when better). */
export function worseByBps(indicative: bigint, firm: bigint): bigint {
  if (indicative === 0n || firm >= indicative) return 0n;
  return ((indicative - firm) * 10_000n) / indicative;
}

export function plainUnits(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}

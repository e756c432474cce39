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

/** Above 1 % a trader should notice; above 5 % it is likely a mistake. */
export function impactLevel(bps: number): ImpactLevel {
  if (bps > 500) return 'danger';
  if (bps > 100) return 'warn';
  return 'ok';
}

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

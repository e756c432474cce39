// Display formatting for market numbers (API decimal strings): prices that suit tiny and large values, USD, change.

const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
/** Significant digits shown for prices below 1. */
const PRICE_SIG_DIGITS = 4;
/** From this many leading fractional zeros on, they are written as a subscript count (0.0₅1234). */
const SUBSCRIPT_FROM_ZEROS = 4;

function toNumber(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Decimal places that show about four significant digits of `value` (at least 2, at most 20). */
export function pricePrecision(value: string | number): number {
  const n = Math.abs(toNumber(value));
  if (n === 0 || n >= 1000) return 2;
  if (n >= 1) return 4;
  const leadingZeros = Math.floor(-Math.log10(n));
  return Math.min(20, Math.max(2, leadingZeros + PRICE_SIG_DIGITS));
}

/** A price for people: 64,123.45 · 1.2346 · 0.0004567 · 0.0₇1234 (seven zeros after the point). */
export function formatPrice(value: string | number): string {
  const n = toNumber(value);
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  if (abs === 0) return '0';
  if (abs >= 1) {
    const digits = pricePrecision(abs);
    return sign + abs.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }
  const zeros = Math.floor(-Math.log10(abs));
  const significant = Math.round(abs * 10 ** (zeros + PRICE_SIG_DIGITS)).toString().replace(/0+$/, '') || '0';
  if (zeros < SUBSCRIPT_FROM_ZEROS) return `${sign}0.${'0'.repeat(zeros)}${significant}`;
  const count = String(zeros).split('').map((d) => SUBSCRIPT[Number(d)]).join('');
  return `${sign}0.0${count}${significant}`;
}

const COMPACT = [
  { at: 1e12, suffix: 'T' },
  { at: 1e9, suffix: 'B' },
  { at: 1e6, suffix: 'M' },
  { at: 1e3, suffix: 'K' },
] as const;

/** USD with a compact suffix for large values: $1.23M, $45.6K, $12.34, $0.0012. */
export function formatUsd(value: string | number): string {
  const n = toNumber(value);
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  for (const { at, suffix } of COMPACT) {
    if (abs >= at) return `${sign}$${(abs / at).toFixed(2)}${suffix}`;
  }
  if (abs >= 1 || abs === 0) return `${sign}$${abs.toFixed(2)}`;
  return `${sign}$${formatPrice(abs)}`;
}

/** Token amounts (volumes): compact above 10,000, else up to 4 decimals. */
export function formatAmount(value: string | number): string {
  const n = toNumber(value);
  const abs = Math.abs(n);
  if (abs >= 1e4) {
    const unit = COMPACT.find((c) => abs >= c.at);
    if (unit) return `${n < 0 ? '-' : ''}${(abs / unit.at).toFixed(2)}${unit.suffix}`;
  }
  if (abs > 0 && abs < 0.0001) return formatPrice(n);
  return n.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

/** A decimal fraction as a signed percentage: "0.1234" → "+12.34%". */
export function formatChange(fraction: string | number): string {
  const pct = toNumber(fraction) * 100;
  if (Math.abs(pct) < 0.005) return '0.00%';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct).toFixed(2)}%`;
}

export function changeDirection(fraction: string | number): 'up' | 'down' | 'flat' {
  const n = toNumber(fraction);
  return Math.abs(n) < 0.00005 ? 'flat' : n > 0 ? 'up' : 'down';
}

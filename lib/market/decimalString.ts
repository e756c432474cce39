// Human-unit decimal strings of API.md §5 from exact integers: no exponent, ≤ 18 fractional digits, zeros trimmed.
export const MAX_FRACTION_DIGITS = 18;
const SCALE = 10n ** BigInt(MAX_FRACTION_DIGITS);

function trimmed(intPart: bigint, frac: bigint, negative: boolean): string {
  let fracText = frac === 0n ? '' : frac.toString().padStart(MAX_FRACTION_DIGITS, '0');
  let end = fracText.length;
  while (end > 0 && fracText.charCodeAt(end - 1) === 48) end--;
  fracText = fracText.slice(0, end);
  const body = fracText ? `${intPart}.${fracText}` : `${intPart}`;
  return negative && body !== '0' ? `-${body}` : body;
}

/** num / den truncated toward zero to 18 fractional digits. */
export function ratioString(num: bigint, den: bigint): string {
  if (den === 0n) throw new RangeError('ratioString: zero denominator');
  const negative = (num < 0n) !== (den < 0n) && num !== 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const scaled = (n * SCALE) / d;
  return trimmed(scaled / SCALE, scaled % SCALE, negative);
}

/**
 * Human units of a non-negative base-unit integer written in decimal digits, by moving the decimal point (no
 * division: klines format thousands of volumes per answer). Truncated beyond 18 fractional digits.
 */
export function unitsText(digits: string, decimals: number): string {
  if (decimals === 0) return digits;
  const padded = digits.length <= decimals ? '0'.repeat(decimals - digits.length + 1) + digits : digits;
  const intPart = padded.slice(0, padded.length - decimals);
  let frac = padded.slice(padded.length - decimals, padded.length - decimals + MAX_FRACTION_DIGITS);
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end);
  return frac ? `${intPart}.${frac}` : intPart;
}

/** A base-unit amount in human units (exact for decimals ≤ 18, truncated beyond). */
export function unitsString(amount: bigint, decimals: number): string {
  return amount < 0n ? ratioString(amount, 10n ** BigInt(decimals)) : unitsText(amount.toString(), decimals);
}

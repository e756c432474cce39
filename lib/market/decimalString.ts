// Human-unit decimal strings of API.md §5 from exact integers: no exponent, ≤ 18 fractional digits, zeros trimmed.
export const MAX_FRACTION_DIGITS = 18;
const SCALE = 10n ** BigInt(MAX_FRACTION_DIGITS);

function trimmed(intPart: bigint, frac: bigint, negative: boolean): string {
  const fracText = frac.toString().padStart(MAX_FRACTION_DIGITS, '0').replace(/0+$/, '');
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

/** A base-unit amount in human units (exact for decimals ≤ 18, truncated beyond). */
export function unitsString(amount: bigint, decimals: number): string {
  return ratioString(amount, 10n ** BigInt(decimals));
}

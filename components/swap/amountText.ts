// Decimal amount text at the UI edge: paste-safe cleaning, conversion to base units, and display formatting.
import { formatUnits, parseUnits } from 'viem';

const SPACES = /[\s\u00a0\u202f_']/g;

/**
 * Cleans what the trader typed or pasted into a decimal string the input may show, or null to keep the
 * previous text. Accepts "1,234.5", "1 234,5", ".5"; truncates digits beyond the token's decimals.
 */
export function cleanAmountText(raw: string, decimals: number): string | null {
  let text = raw.replace(SPACES, '');
  if (text === '') return '';
  const commas = (text.match(/,/g) ?? []).length;
  if (text.includes('.')) text = text.replace(/,/g, '');
  else if (commas === 1 && !/^\d{1,3},\d{3}$/.test(text)) text = text.replace(',', '.');
  else text = text.replace(/,/g, '');
  if (!/^\d*\.?\d*$/.test(text)) return null;
  let [whole = '', fraction] = text.split('.');
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole === '') whole = '0';
  if (fraction === undefined) return whole;
  if (decimals === 0) return whole;
  return `${whole}.${fraction.slice(0, decimals)}`;
}

/** Base units of a cleaned amount; null when empty or zero. */
export function toBaseUnits(text: string, decimals: number): bigint | null {
  if (text === '' || text === '.' || !/^\d*\.?\d*$/.test(text)) return null;
  const units = parseUnits(text.endsWith('.') ? text.slice(0, -1) || '0' : text, decimals);
  return units > 0n ? units : null;
}

/** A readable amount: grouped integer part, up to `significant` digits after the first non-zero one. */
export function formatAmount(units: bigint, decimals: number, significant = 6): string {
  const [whole = '0', fraction = ''] = formatUnits(units, decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (!fraction) return grouped;
  const keep = whole !== '0' ? Math.max(0, significant - whole.length) : fraction.search(/[1-9]/) + significant;
  const shown = fraction.slice(0, Math.max(keep, whole.length > 6 ? 0 : 2)).replace(/0+$/, '');
  return shown ? `${grouped}.${shown}` : grouped;
}

/** Plain decimal text of base units for the input field (no grouping), e.g. after Max. */
export function unitsToInputText(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}

/** The amount fields' type size: a figure too long for the narrowest panel steps down instead of being cut off. */
export function amountFontClass(text: string): string {
  if (text.length <= 9) return 'text-3xl';
  if (text.length <= 11) return 'text-2xl';
  if (text.length <= 13) return 'text-xl';
  return 'text-lg';
}

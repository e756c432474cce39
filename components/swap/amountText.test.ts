import { describe, expect, it } from 'vitest';
import { amountFontClass, cleanAmountText, formatAmount, toBaseUnits } from './amountText';

describe('cleanAmountText', () => {
  it('keeps what a trader types digit by digit', () => {
    expect(['1', '12', '123', '1234', '1234.', '1234.5'].map((t) => cleanAmountText(t, 18))).toEqual(['1', '12', '123', '1234', '1234.', '1234.5']);
  });
  it('accepts pasted amounts with grouping, spaces or a decimal comma', () => {
    expect(cleanAmountText(' 1,234.5 ', 18)).toBe('1234.5');
    expect(cleanAmountText('1 234,5', 18)).toBe('1234.5');
    expect(cleanAmountText('0,25', 18)).toBe('0.25');
    expect(cleanAmountText('1,234', 18)).toBe('1234');
    expect(cleanAmountText('.5', 18)).toBe('0.5');
  });
  it('refuses text that is not an amount', () => {
    expect(cleanAmountText('1e18', 18)).toBeNull();
    expect(cleanAmountText('-1', 18)).toBeNull();
    expect(cleanAmountText('1.2.3', 18)).toBeNull();
    expect(cleanAmountText('0x10', 18)).toBeNull();
  });
  it('truncates digits beyond the token decimals and drops leading zeros', () => {
    expect(cleanAmountText('1.1234567', 6)).toBe('1.123456');
    expect(cleanAmountText('007.5', 6)).toBe('7.5');
    expect(cleanAmountText('3.9', 0)).toBe('3');
  });
});

describe('toBaseUnits and formatAmount', () => {
  it('converts exactly with bigint', () => {
    expect(toBaseUnits('1234.5', 6)).toBe(1_234_500_000n);
    expect(toBaseUnits('0.000000000000000001', 18)).toBe(1n);
    expect(toBaseUnits('0', 18)).toBeNull();
    expect(toBaseUnits('', 18)).toBeNull();
    expect(toBaseUnits('2.', 18)).toBe(2n * 10n ** 18n);
  });
  it('formats with grouping and significant digits', () => {
    expect(formatAmount(1_234_567_891n, 6)).toBe('1,234.56');
    expect(formatAmount(1234n, 18)).toBe('0.000000000000001234');
    expect(formatAmount(10n ** 18n, 18)).toBe('1');
    expect(formatAmount(1_500_000n, 6)).toBe('1.5');
  });
});

describe('amountFontClass', () => {
  it('steps the type down as the figure grows, so an 8-digit amount is not cut off at 375 px', () => {
    expect(['2,457,328', '13,271,080', '132,710,801', '1,327,108,012', '13,271,080,123.5'].map(amountFontClass)).toEqual(['text-3xl', 'text-2xl', 'text-2xl', 'text-xl', 'text-lg']);
  });
});

import { describe, expect, it } from 'vitest';
import { ratioString, unitsString } from './decimalString';

describe('decimal strings', () => {
  it('writes plain decimals with trailing zeros trimmed and no exponent', () => {
    expect(unitsString(1_500_000n, 6)).toBe('1.5');
    expect(unitsString(10n ** 18n, 18)).toBe('1');
    expect(unitsString(1n, 18)).toBe('0.000000000000000001');
    expect(unitsString(0n, 6)).toBe('0');
    expect(unitsString(123n * 10n ** 30n, 8)).toBe('1230000000000000000000000');
  });

  it('truncates to 18 fractional digits toward zero, keeping the sign', () => {
    expect(ratioString(1n, 3n)).toBe('0.333333333333333333');
    expect(ratioString(-2n, 3n)).toBe('-0.666666666666666666');
    expect(ratioString(-1n, 10n ** 30n)).toBe('0');
    expect(ratioString(7n, -2n)).toBe('-3.5');
    expect(() => ratioString(1n, 0n)).toThrow(RangeError);
  });
});

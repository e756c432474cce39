import { describe, expect, it } from 'vitest';
import { ratioString, unitsString } from './decimalString';

describe('decimal strings', () => {
  it('writes plain decimals with trailing zeros trimmed and no exponent', () => {
    expect(unitsString(1_500_000n, 6)).toBe('1.5');
    expect(unitsString(10n ** 18n, 18)).toBe('1');
    expect(unitsString(1n, 18)).toBe('0.000000000000000001');
    expect(unitsString(0n, 6)).toBe('0');
    expect(unitsString(123n * 10n ** 30n, 8)).toBe('1230000000000000000000000');
    expect(unitsString(5n, 0)).toBe('5');
    expect(unitsString(10n ** 24n + 7n, 24)).toBe('1');
    expect(unitsString(12_345n, 24)).toBe('0');
    expect(unitsString(-15n, 1)).toBe('-1.5');
  });

  it('moving the decimal point agrees with exact division for every small case', () => {
    for (let d = 0; d <= 24; d++) for (const v of [0n, 1n, 9n, 10n, 1234567n, 10n ** 30n + 1n]) expect(unitsString(v, d)).toBe(ratioString(v, 10n ** BigInt(d)));
  });

  it('truncates to 18 fractional digits toward zero, keeping the sign', () => {
    expect(ratioString(1n, 3n)).toBe('0.333333333333333333');
    expect(ratioString(-2n, 3n)).toBe('-0.666666666666666666');
    expect(ratioString(-1n, 10n ** 30n)).toBe('0');
    expect(ratioString(7n, -2n)).toBe('-3.5');
    expect(() => ratioString(1n, 0n)).toThrow(RangeError);
  });
});

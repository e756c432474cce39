import { describe, expect, it } from 'vitest';
import { changeDirection, formatAmount, formatChange, formatPrice, formatUsd, pricePrecision } from './formatMarket';

describe('formatPrice', () => {
  it('writes large prices with separators and 2 decimals', () => {
    expect(formatPrice('64123.456')).toBe('64,123.46');
  });
  it('writes prices around 1 with 4 decimals', () => {
    expect(formatPrice('1.23456')).toBe('1.2346');
  });
  it('keeps four significant digits of small prices', () => {
    expect(formatPrice('0.000456789')).toBe('0.0004568');
    expect(formatPrice('0.5')).toBe('0.5');
  });
  it('compresses long runs of zeros of tiny prices into a subscript count', () => {
    expect(formatPrice('0.00000001234')).toBe('0.0₇1234');
    expect(formatPrice('0.000000000000000123')).toBe('0.0₁₅123');
  });
  it('writes zero as 0', () => {
    expect(formatPrice('0')).toBe('0');
  });
});

describe('pricePrecision', () => {
  it('gives enough decimals for four significant digits', () => {
    expect(pricePrecision('64000')).toBe(2);
    expect(pricePrecision('2.5')).toBe(4);
    expect(pricePrecision('0.00001234')).toBe(8);
  });
});

describe('formatUsd / formatAmount / formatChange', () => {
  it('compacts large USD values', () => {
    expect(formatUsd('1234567.8')).toBe('$1.23M');
    expect(formatUsd('45600')).toBe('$45.60K');
    expect(formatUsd('12.345')).toBe('$12.35');
    expect(formatUsd('0.001234')).toBe('$0.001234');
  });
  it('compacts large amounts and keeps small ones readable', () => {
    expect(formatAmount('123456')).toBe('123.46K');
    expect(formatAmount('12.345678')).toBe('12.3457');
  });
  it('signs the 24 h change and picks its colour', () => {
    expect(formatChange('0.1234')).toBe('+12.34%');
    expect(formatChange('-0.012')).toBe('−1.20%');
    expect(formatChange('0')).toBe('0.00%');
    expect(changeDirection('-0.012')).toBe('down');
    expect(changeDirection('0')).toBe('flat');
  });
});

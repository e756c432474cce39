import { describe, expect, it } from 'vitest';
import { addressString, queryUnixSeconds, uintString } from './primitives';

describe('uintString', () => {
  const amount = uintString('amount_in', { positive: true });
  it.each(['01', '1.0', '1e18', '0x10', ' 1', '-1', '', '0'])('rejects %j', (v) => {
    expect(amount.safeParse(v).success).toBe(false);
  });
  it('rejects numbers', () => expect(amount.safeParse(1).success).toBe(false));
  it('accepts 2^256-1 and rejects 2^256', () => {
    expect(amount.safeParse((2n ** 256n - 1n).toString()).success).toBe(true);
    expect(amount.safeParse((2n ** 256n).toString()).success).toBe(false);
  });
});

describe('addressString', () => {
  const token = addressString('token_in');
  it('accepts lower, upper and checksummed hex; rejects a bad checksum', () => {
    expect(token.safeParse('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48').success).toBe(true);
    expect(token.safeParse('0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48').success).toBe(true);
    expect(token.safeParse('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48').success).toBe(true);
    expect(token.safeParse('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48').success).toBe(false);
  });
  it('rejects the zero address where not allowed', () => {
    expect(addressString('to_address', { allowZero: false }).safeParse(`0x${'0'.repeat(40)}`).success).toBe(false);
  });
});

describe('queryUnixSeconds', () => {
  it('rejects milliseconds saying so', () => {
    const r = queryUnixSeconds('start').safeParse('1700000000000');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/milliseconds/);
  });
});

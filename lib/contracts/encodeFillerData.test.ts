import { encodeAbiParameters, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeFillerData, encodeFillerData } from './encodeFillerData';

const REPAY = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

describe('encodeFillerData', () => {
  it('is empty for the defaults: repay the filler itself, add nothing', () => {
    expect(encodeFillerData()).toBe('0x');
    expect(encodeFillerData({ repayment: zeroAddress, extra: 0n })).toBe('0x');
    expect(decodeFillerData('0x')).toEqual({ repayment: zeroAddress, extra: 0n });
  });

  it('is abi.encode(address repayment, uint256 extra) otherwise, and decodes back', () => {
    const data = encodeFillerData({ repayment: REPAY, extra: 7n });
    expect(data).toBe(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [REPAY, 7n]));
    expect(decodeFillerData(data)).toEqual({ repayment: REPAY, extra: 7n });
    expect(decodeFillerData(encodeFillerData({ extra: 5n }))).toEqual({ repayment: zeroAddress, extra: 5n });
  });
});

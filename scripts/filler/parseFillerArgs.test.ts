import { describe, expect, it } from 'vitest';
import { parseFillerArgs } from './parseFillerArgs';

const KEY = `0x${'11'.repeat(32)}`;

describe('parseFillerArgs', () => {
  it('takes the key, the chains, the margin and the rest with their defaults', () => {
    expect(parseFillerArgs(['--', '--key', KEY, '--chains', '31337,31338', '--min-profit-bps', '5'])).toMatchObject({
      key: KEY, chains: [31337, 31338], minProfitBps: 5, api: 'http://127.0.0.1:3000', nativeUsdCents: 300_000n, pollMs: 250, repayment: undefined,
    });
    expect(parseFillerArgs(['--key', KEY, '--native-usd', '2999.5', '--repayment', '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65']))
      .toMatchObject({ nativeUsdCents: 299_950n, repayment: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' });
  });

  it('names each mistake', () => {
    expect(() => parseFillerArgs([])).toThrow(/--key must be/);
    expect(() => parseFillerArgs(['--key', KEY, '--chains', 'A'])).toThrow(/--chains must be/);
    expect(() => parseFillerArgs(['--key', KEY, '--min-profit-bps', '-1'])).toThrow();
    expect(() => parseFillerArgs(['--key', KEY, '--native-usd', '3e3'])).toThrow(/--native-usd/);
    expect(() => parseFillerArgs(['--key', KEY, '--bogus'])).toThrow();
  });

  it('takes the key from FILLER_KEY, where the process list does not show it', () => {
    process.env.FILLER_KEY = KEY;
    try {
      expect(parseFillerArgs(['--chains', '31338']).key).toBe(KEY);
    } finally {
      delete process.env.FILLER_KEY;
    }
  });
});

import { describe, expect, it } from 'vitest';
import { IMPORTED_TOKENS_KEY, loadImportedTokens, saveImportedToken } from './importedTokens';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[IMPORTED_TOKENS_KEY, initial]]);
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}
const A = '0x1111111111111111111111111111111111111111' as const;
const B = '0x2222222222222222222222222222222222222222' as const;

describe('imported tokens', () => {
  it('keeps tokens per chain, newest first, unverified, without duplicates', () => {
    const s = memoryStorage();
    saveImportedToken(s, { chainId: 1, address: A, symbol: 'AAA', name: 'A', decimals: 18 });
    saveImportedToken(s, { chainId: 2, address: B, symbol: 'BBB', name: 'B', decimals: 6 });
    saveImportedToken(s, { chainId: 1, address: A, symbol: 'AAA2', name: 'A', decimals: 18 });
    expect(loadImportedTokens(s, 1)).toEqual([{ chainId: 1, address: A, symbol: 'AAA2', name: 'A', decimals: 18, verified: false }]);
    expect(loadImportedTokens(s, 2).map((t) => t.symbol)).toEqual(['BBB']);
  });

  it('skips damaged storage and malformed entries instead of trusting them', () => {
    expect(loadImportedTokens(memoryStorage('not json'), 1)).toEqual([]);
    expect(loadImportedTokens(memoryStorage('{"a":1}'), 1)).toEqual([]);
    const mixed = JSON.stringify([{ chainId: 1, address: 'nope', symbol: 'X', name: '', decimals: 1 }, { chainId: 1, address: A, symbol: 'OK', name: '', decimals: -1 }, { chainId: 1, address: A, symbol: 'OK', name: '', decimals: 0 }]);
    expect(loadImportedTokens(memoryStorage(mixed), 1).map((t) => [t.symbol, t.decimals])).toEqual([['OK', 0]]);
  });
});

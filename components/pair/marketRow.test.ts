import { describe, expect, it } from 'vitest';
import { filterRows, sortRows, type MarketRow } from './marketRow';

const row = (pairId: number, pairName: string, chainId: number, volumeUsd24h: string, change24h = '0'): MarketRow => ({
  chainId, chainName: `Devnet ${chainId}`, pairId, pairName, base: `0x${pairId}b`, quote: `0x${pairId}q`,
  price: '1', priceUsd: '1', change24h, volumeUsd24h, liquidityUsd: String(pairId * 10), pool: 'V2 0.3 %', names: pairId === 3 ? 'Dai Stablecoin' : '',
});
const rows = [row(1, 'WETH/USDC', 31337, '900.5'), row(2, 'WBTC/USDC', 31337, '12000', '-0.02'), row(3, 'DAI/WETH', 31338, '45')];

describe('markets table rows', () => {
  it('sorts numbers as numbers, both ways', () => {
    expect(sortRows(rows, { key: 'volumeUsd24h', dir: 'desc' }).map((r) => r.pairId)).toEqual([2, 1, 3]);
    expect(sortRows(rows, { key: 'volumeUsd24h', dir: 'asc' }).map((r) => r.pairId)).toEqual([3, 1, 2]);
    expect(sortRows(rows, { key: 'change24h', dir: 'asc' })[0]?.pairId).toBe(2);
  });
  it('sorts by liquidity', () => {
    expect(sortRows(rows, { key: 'liquidityUsd', dir: 'desc' }).map((r) => r.pairId)).toEqual([3, 2, 1]);
  });
  it('sorts names alphabetically', () => {
    expect(sortRows(rows, { key: 'pairName', dir: 'asc' }).map((r) => r.pairName)).toEqual(['DAI/WETH', 'WBTC/USDC', 'WETH/USDC']);
  });
  it('filters by chain and by symbol or address', () => {
    expect(filterRows(rows, '', 31338).map((r) => r.pairId)).toEqual([3]);
    expect(filterRows(rows, 'weth', null).map((r) => r.pairId)).toEqual([1, 3]);
    expect(filterRows(rows, '0x2B', null).map((r) => r.pairId)).toEqual([2]);
    expect(filterRows(rows, '0x', null).map((r) => r.pairId)).toEqual([1, 2, 3]);
    expect(filterRows(rows, 'stablecoin', null).map((r) => r.pairId)).toEqual([3]);
  });
});

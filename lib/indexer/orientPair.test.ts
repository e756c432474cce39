import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { orientPair } from './orientPair';

const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const chain = { stablecoins: [addr(1), addr(2)], weth: addr(3) };
const USDC = { address: addr(1), symbol: 'USDC', decimals: 6 };
const USDT = { address: addr(2), symbol: 'USDT', decimals: 6 };
const WETH = { address: addr(3), symbol: 'WETH', decimals: 18 };
const WBTC = { address: addr(4), symbol: 'WBTC', decimals: 8 };
const TKN = { address: addr(5), symbol: 'TKN', decimals: 18 };
const ABC = { address: addr(6), symbol: 'ABC', decimals: 18 };

describe('orientPair', () => {
  it('quotes in the stablecoin, then wrapped native, then WBTC, whatever the token order', () => {
    for (const [a, b, quote] of [[WETH, USDC, USDC], [WBTC, WETH, WETH], [TKN, WBTC, WBTC], [WBTC, USDT, USDT], [TKN, WETH, WETH]] as const) {
      expect(orientPair(chain, a, b).quote).toBe(quote);
      expect(orientPair(chain, b, a).quote).toBe(quote);
    }
  });

  it('breaks ties with token1 as quote', () => {
    expect(orientPair(chain, TKN, ABC)).toEqual({ base: TKN, quote: ABC, baseIsToken0: true });
    expect(orientPair(chain, USDT, USDC).quote).toBe(USDC);
  });
});

import { describe, expect, it } from 'vitest';
import { getAddress, zeroAddress, type Address } from 'viem';
import type { RouteLeg } from './quoteTypes';
import { crossChainRouteParts, hopSourceText, routeLegTexts, routeText, shareText, shareTexts } from './routeText';
import type { SwapToken } from './swapTokens';

const a = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const WETH = a(1);
const USDC = a(2);
const DAI = a(3);
const SYMBOLS: Record<string, string> = { [WETH]: 'WETH', [USDC]: 'USDC', [DAI]: 'DAI' };
const symbolOf = (_chainId: number, address: Address) => SYMBOLS[address] ?? '?';
const eth: SwapToken = { chainId: 1, address: zeroAddress, symbol: 'ETH', name: 'Ether', decimals: 18 };
const usdc: SwapToken = { chainId: 1, address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 };
const legOn = (chainId: number, share: number, ...tokens: Address[]): RouteLeg => ({
  chain_id: chainId, share_bps: share, amount_in: '1', amount_out: '1',
  hops: tokens.slice(1).map((t, i) => ({ pool: a(100 + i), token_in: tokens[i] as Address, token_out: t, source: 'uniswap_v2' as const, fee_ppm: 3000 })),
});
const leg = (share: number, ...tokens: Address[]): RouteLeg => legOn(1, share, ...tokens);

describe('routeText', () => {
  it('names each leg with its share, the native coin at the wrapped end', () => {
    const legs = routeLegTexts([leg(6200, WETH, USDC), leg(3800, WETH, DAI, USDC)], eth, usdc, symbolOf);
    expect(routeText(legs)).toBe('62 % ETH → USDC · 38 % ETH → DAI → USDC');
  });

  it('names each hop\'s source and fee tier where the chain serves several sources', () => {
    const mixed = leg(10_000, WETH, DAI, USDC);
    mixed.hops = mixed.hops.map((h, i) => (i === 1 ? { ...h, source: 'uniswap_v3', fee_ppm: 500 } : h));
    expect(routeText(routeLegTexts([mixed], eth, usdc, symbolOf, () => true))).toBe('ETH → DAI → USDC · V2 0.3 %, V3 0.05 %');
    const v3 = { ...leg(10_000, WETH, USDC), hops: [{ pool: a(9), token_in: WETH, token_out: USDC, source: 'uniswap_v3' as const, fee_ppm: 500 }] };
    expect(routeText(routeLegTexts([v3], eth, usdc, symbolOf, () => true))).toBe('ETH → USDC · V3 0.05 %');
    expect(routeText(routeLegTexts([v3], eth, usdc, symbolOf, () => false))).toBe('ETH → USDC');
    expect([100, 500, 3000, 10_000].map((fee_ppm) => hopSourceText({ source: 'uniswap_v3', fee_ppm }))).toEqual(['V3 0.01 %', 'V3 0.05 %', 'V3 0.3 %', 'V3 1 %']);
  });

  it('a single path is just the path', () => {
    expect(routeText(routeLegTexts([leg(10_000, USDC, WETH)], usdc, eth, symbolOf))).toBe('USDC → ETH');
  });

  it('the shares of a split add up to 100 % as shown', () => {
    expect(shareTexts([450, 9550])).toEqual(['4.5 %', '95.5 %']);
    expect(shareTexts([3350, 3350, 3300])).toEqual(['34 %', '33 %', '33 %']);
    expect(shareTexts([6250, 3750])).toEqual(['63 %', '37 %']);
    expect(shareTexts([10_000])).toEqual(['100 %']);
    for (const split of [[450, 9550], [3333, 3333, 3334], [125, 4875, 5000], [905, 905, 8190]]) {
      const sum = shareTexts(split).reduce((total, t) => total + Number(t.replace(' %', '')), 0);
      expect(sum).toBeCloseTo(100, 9);
    }
  });

  it('small shares keep a decimal', () => {
    expect([shareText(450), shareText(1000), shareText(9550), shareText(100)]).toEqual(['4.5 %', '10 %', '96 %', '1 %']);
  });

  it('a cross-chain route reads per chain in the same words, a split with its shares, a hand-on as the bridge asset', () => {
    const ethB: SwapToken = { ...eth, chainId: 2 };
    const name = (id: number) => (id === 1 ? 'Devnet A' : 'Devnet B');
    const bridge = () => 'USDC';
    const split = routeLegTexts([legOn(1, 9100, WETH, DAI, USDC), legOn(1, 900, WETH, USDC), legOn(2, 10_000)], eth, usdc, symbolOf);
    expect(crossChainRouteParts(split, name, bridge)).toEqual([{ chain: 'Devnet A', legs: ['91 % ETH → DAI → USDC', '9 % ETH → USDC'] }, { chain: 'Devnet B', legs: ['USDC'] }]);
    const nativeOut = routeLegTexts([legOn(1, 10_000, DAI, USDC), legOn(2, 10_000, USDC, WETH)], { ...usdc, address: DAI, symbol: 'DAI' }, ethB, symbolOf);
    expect(crossChainRouteParts(nativeOut, name, bridge)).toEqual([{ chain: 'Devnet A', legs: ['DAI → USDC'] }, { chain: 'Devnet B', legs: ['USDC → ETH'] }]);
  });
});

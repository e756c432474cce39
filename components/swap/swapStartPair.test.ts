import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';
import { swapPairQuery, swapStartPair } from './swapStartPair';

const WETH = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const USDC = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const UNI = '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853';

function chain(id: number, name: string, third: string): PublicChain {
  return {
    id, name, rpcUrl: 'http://127.0.0.1:1', nativeSymbol: 'ETH', nativeDecimals: 18, weth: WETH, swapRouter: null, permit2: null, bridgeToken: null, crossChain: null, liquiditySources: [], blockTimeSec: 1,
    tokens: [
      { address: WETH, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
      { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
      { address: UNI, symbol: third, name: third, decimals: 18 },
    ],
  };
}
const chains = [chain(31337, 'Devnet A', 'UNI'), chain(31338, 'Devnet B', 'AAVE')];

describe('swapStartPair', () => {
  it('opens the pair the pair page links to, on the chain it names', () => {
    const pair = swapStartPair(chains, { chain: '31338', in: USDC.toLowerCase(), out: UNI });
    expect(pair?.tokenIn).toMatchObject({ chainId: 31338, symbol: 'USDC' });
    expect(pair?.tokenOut).toMatchObject({ chainId: 31338, symbol: 'AAVE' });
  });

  it('takes symbols and the native coin by the zero address', () => {
    expect(swapStartPair(chains, { chain: '31337', in: 'eth', out: 'usdc' })).toMatchObject({ tokenIn: { address: zeroAddress }, tokenOut: { symbol: 'USDC' } });
    expect(swapStartPair(chains, { chain: '31337', in: zeroAddress, out: WETH })).toMatchObject({ tokenIn: { symbol: 'ETH' }, tokenOut: { symbol: 'WETH' } });
  });

  it('answers null for no query, an unknown chain or token, or one token twice', () => {
    expect(swapStartPair(chains, undefined)).toBeNull();
    expect(swapStartPair(chains, {})).toBeNull();
    expect(swapStartPair(chains, { chain: '1', in: USDC, out: WETH })).toBeNull();
    expect(swapStartPair(chains, { chain: 'x', in: USDC, out: WETH })).toBeNull();
    expect(swapStartPair(chains, { chain: '31337', in: USDC, out: '0x0000000000000000000000000000000000000001' })).toBeNull();
    expect(swapStartPair(chains, { chain: '31337', in: 'AAVE', out: WETH })).toBeNull();
    expect(swapStartPair(chains, { chain: '31337', in: USDC, out: USDC.toLowerCase() })).toBeNull();
  });

  it('reads the first of repeated keys', () => {
    expect(swapStartPair(chains, { chain: ['31337', '31338'], in: ['USDC'], out: 'WETH' })?.tokenIn.chainId).toBe(31337);
  });

  it('opens a cross-chain pair by out_chain; an unknown out_chain is no pair', () => {
    expect(swapStartPair(chains, { chain: '31337', in: USDC, out: UNI, out_chain: '31338' })).toMatchObject({ tokenIn: { chainId: 31337, symbol: 'USDC' }, tokenOut: { chainId: 31338, symbol: 'AAVE' } });
    expect(swapStartPair(chains, { chain: '31337', in: USDC, out: USDC, out_chain: '31338' })?.tokenOut.chainId).toBe(31338);
    expect(swapStartPair(chains, { chain: '31337', in: USDC, out: UNI, out_chain: '5' })).toBeNull();
  });
});

describe('swapPairQuery', () => {
  it('names a pair so that swapStartPair opens it again, same-chain and cross-chain', () => {
    const [a, b] = chains.map((c) => swapStartPair(chains, { chain: String(c.id), in: 'eth', out: 'usdc' }));
    if (!a || !b) throw new Error('no pair');
    for (const [tokenIn, tokenOut] of [[a.tokenIn, a.tokenOut], [a.tokenOut, b.tokenIn], [b.tokenOut, a.tokenOut]] as const) {
      const query = Object.fromEntries(new URLSearchParams(swapPairQuery(tokenIn, tokenOut)));
      expect(swapStartPair(chains, query)).toEqual({ tokenIn, tokenOut });
    }
    expect(swapPairQuery(a.tokenIn, a.tokenOut)).toBe(`chain=31337&in=${zeroAddress}&out=${USDC}`);
  });
});

import { describe, expect, it } from 'vitest';
import type { PublicChain } from '@/lib/chains/publicChain';
import { KEPT_SWAP_FORM_KEY, keptSwapForm, saveSwapForm } from './keptSwapForm';
import { swapStartPair } from './swapStartPair';

const WETH = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const USDC = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const chain = (id: number): PublicChain => ({
  id, name: `Devnet ${id}`, rpcUrl: 'http://127.0.0.1:1', nativeSymbol: 'ETH', nativeDecimals: 18, weth: WETH, swapRouter: null, permit2: null, bridgeToken: null, crossChain: null, liquiditySources: [], blockTimeSec: 1,
  tokens: [{ address: WETH, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 }, { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
});
const chains = [chain(31337), chain(31338)];

function storage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

function pair(query: Record<string, string>) {
  const p = swapStartPair(chains, query);
  if (!p) throw new Error('no pair');
  return p;
}

describe('keptSwapForm', () => {
  it('restores the pair and amount the trader left when the page names no pair (coming back to Swap)', () => {
    const s = storage();
    const usdcToWeth = pair({ chain: '31338', in: 'usdc', out: 'weth' });
    saveSwapForm(s, { ...usdcToWeth, amountText: '100' });
    expect(keptSwapForm(s, chains, {})).toEqual({ ...usdcToWeth, amountText: '100' });
    expect(keptSwapForm(s, chains, undefined)).toEqual({ ...usdcToWeth, amountText: '100' });
  });

  it('keeps a cross-chain pair', () => {
    const s = storage();
    const form = { tokenIn: pair({ chain: '31337', in: 'usdc', out: 'weth' }).tokenIn, tokenOut: pair({ chain: '31338', in: 'eth', out: 'usdc' }).tokenOut, amountText: '5' };
    saveSwapForm(s, form);
    expect(keptSwapForm(s, chains, undefined)).toEqual(form);
  });

  it('a link to the kept pair gets its amount back (a reload); a link to another pair starts over', () => {
    const s = storage();
    saveSwapForm(s, { ...pair({ chain: '31337', in: 'usdc', out: 'weth' }), amountText: '7.5' });
    expect(keptSwapForm(s, chains, { chain: '31337', in: USDC.toLowerCase(), out: WETH })?.amountText).toBe('7.5');
    expect(keptSwapForm(s, chains, { chain: '31337', in: 'weth', out: 'usdc' })).toBeNull();
    expect(keptSwapForm(s, chains, { chain: '31338', in: 'usdc', out: 'weth' })).toBeNull();
  });

  it('nothing kept, something unreadable, or a pair of tokens no longer listed restores nothing', () => {
    expect(keptSwapForm(storage(), chains, undefined)).toBeNull();
    for (const junk of ['{', '42', '{"pair":1,"amountText":"1"}', JSON.stringify({ pair: 'chain=1&in=eth&out=usdc', amountText: '1' })]) {
      const s = storage();
      s.setItem(KEPT_SWAP_FORM_KEY, junk);
      expect(keptSwapForm(s, chains, undefined)).toBeNull();
    }
  });
});

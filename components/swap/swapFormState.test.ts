import { zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SLIPPAGE, effectiveSlippage, minimumReceived, slippageWarning, swapFormReducer, type SwapFormState } from './swapFormState';
import type { SwapToken } from './swapTokens';

const eth: SwapToken = { chainId: 31337, address: zeroAddress, symbol: 'ETH', name: 'Ether', decimals: 18 };
const usd: SwapToken = { chainId: 31337, address: '0x1111111111111111111111111111111111111111', symbol: 'USDC', name: 'USD Coin', decimals: 6 };
const btc: SwapToken = { chainId: 31337, address: '0x2222222222222222222222222222222222222222', symbol: 'WBTC', name: 'Bitcoin', decimals: 8 };
const start: SwapFormState = { tokenIn: eth, tokenOut: usd, amountText: '1', slippage: 0.5 };

describe('swap form', () => {
  it('flip swaps the tokens and keeps the amount', () => {
    expect(swapFormReducer(start, { type: 'flip' })).toMatchObject({ tokenIn: usd, tokenOut: eth, amountText: '1' });
  });
  it('picking the other side’s token swaps the pair instead of quoting a token against itself', () => {
    expect(swapFormReducer(start, { type: 'tokenIn', token: usd })).toMatchObject({ tokenIn: usd, tokenOut: eth });
    expect(swapFormReducer(start, { type: 'tokenOut', token: btc })).toMatchObject({ tokenIn: eth, tokenOut: btc });
  });
  it('Auto slippage is the quote\'s suggestion, the default before a quote, and a chosen percent replaces it until Auto is picked again', () => {
    const auto = swapFormReducer(start, { type: 'slippage', value: 'auto' });
    expect(effectiveSlippage(auto.slippage, 0.3)).toBe(0.3);
    expect(effectiveSlippage(auto.slippage, undefined)).toBe(DEFAULT_SLIPPAGE);
    const chosen = swapFormReducer(auto, { type: 'slippage', value: 1 });
    expect(effectiveSlippage(chosen.slippage, 0.3)).toBe(1);
    expect(swapFormReducer(chosen, { type: 'slippage', value: 'auto' }).slippage).toBe('auto');
  });
  it('slippage stays within 0–100 % and warns when unusual', () => {
    expect(swapFormReducer(start, { type: 'slippage', value: 150 }).slippage).toBe(100);
    expect(slippageWarning(0.01)).toBe('low');
    expect(slippageWarning(0.5)).toBeNull();
    expect(slippageWarning(1)).toBeNull();
    expect(slippageWarning(1.5)).toBe('high');
    expect(slippageWarning(5)).toBe('high');
    expect(slippageWarning(12)).toBe('confirm');
  });
  it('minimum received is exact integer arithmetic at 1e-6 precision', () => {
    expect(minimumReceived(1_000_000n, 0.5)).toBe(995_000n);
    expect(minimumReceived(999n, 0.5)).toBe(994n);
    expect(minimumReceived(10n ** 18n, 0.000001)).toBe(10n ** 18n - 10n ** 10n);
    expect(minimumReceived(12345n, 100)).toBe(0n);
  });
});

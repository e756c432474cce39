import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import { bestRoute } from '@/lib/routing/bestRoute';
import { TOKENS, devnetLikeGraph } from '@/lib/routing/fixtures/devnetLikeGraph';
import { mixedGraph } from '@/lib/routing/fixtures/mixedGraph';
import { quoteExactIn } from './quoteExactIn';

describe('quoteExactIn', () => {
  const graph = devnetLikeGraph();

  it('takes the service fee from the input and swaps the rest', () => {
    const amountIn = 12_345_678_901n;
    const q = quoteExactIn(graph, { tokenIn: TOKENS.USDC, tokenOut: TOKENS.WETH, amountIn, feeBps: 20 });
    expect(q.feeAmount).toBe((amountIn * 20n) / 10_000n);
    expect(q.swapAmount).toBe(amountIn - q.feeAmount);
    expect(q.amountOut).toBe(bestRoute(graph, TOKENS.USDC, TOKENS.WETH, q.swapAmount).amountOut);
  });

  it('trades the native coin as WETH on either side', () => {
    const viaNative = quoteExactIn(graph, { tokenIn: zeroAddress, tokenOut: TOKENS.DAI, amountIn: 10n ** 18n, feeBps: 20 });
    const viaWeth = quoteExactIn(graph, { tokenIn: TOKENS.WETH, tokenOut: TOKENS.DAI, amountIn: 10n ** 18n, feeBps: 20 });
    expect(viaNative.amountOut).toBe(viaWeth.amountOut);
    expect(viaNative.legs.every((leg) => leg.path[0] === TOKENS.WETH)).toBe(true);
    const out = quoteExactIn(graph, { tokenIn: TOKENS.LINK, tokenOut: zeroAddress, amountIn: 10n ** 18n, feeBps: 0 });
    expect(out.legs.every((leg) => leg.path[leg.path.length - 1] === TOKENS.WETH)).toBe(true);
    expect(out.legs.flatMap((leg) => leg.hops.map((h) => h.tokenOut))).toContain(TOKENS.WETH);
  });

  it('refuses native ↔ WETH, which is a wrap and not a swap', () => {
    expect(() => quoteExactIn(graph, { tokenIn: zeroAddress, tokenOut: TOKENS.WETH, amountIn: 1n, feeBps: 0 })).toThrow(expect.objectContaining({ type: 'NO_ROUTE' }));
  });

  it('calls dust AMOUNT_TOO_SMALL once the fee leaves nothing to swap out', () => {
    expect(() => quoteExactIn(graph, { tokenIn: TOKENS.DAI, tokenOut: TOKENS.WBTC, amountIn: 1n, feeBps: 20 })).toThrow(expect.objectContaining({ type: 'AMOUNT_TOO_SMALL' }));
  });

  it('names each hop\'s source and fee, and honours excluded sources', () => {
    const mixed = mixedGraph();
    const q = quoteExactIn(mixed, { tokenIn: TOKENS.WETH, tokenOut: TOKENS.USDC, amountIn: 300n * 10n ** 18n, feeBps: 20 });
    const hops = q.legs.flatMap((leg) => leg.hops);
    expect(hops.some((h) => h.source === 'uniswap_v2' && h.feePpm === 3000)).toBe(true);
    expect(hops.some((h) => h.source === 'uniswap_v3' && (h.feePpm === 500 || h.feePpm === 3000))).toBe(true);
    const v2 = quoteExactIn(mixed, { tokenIn: TOKENS.WETH, tokenOut: TOKENS.USDC, amountIn: 300n * 10n ** 18n, feeBps: 20, excludedSources: ['uniswap_v3'] });
    expect(v2.legs.flatMap((leg) => leg.hops).every((h) => h.source === 'uniswap_v2' && h.feePpm === 3000)).toBe(true);
    expect(v2.amountOut < q.amountOut).toBe(true);
    expect(() => quoteExactIn(mixed, { tokenIn: TOKENS.WETH, tokenOut: TOKENS.USDC, amountIn: 10n ** 18n, feeBps: 20, excludedSources: ['uniswap_v2', 'uniswap_v3'] }))
      .toThrow(expect.objectContaining({ type: 'NO_ROUTE' }));
  });
});

import { describe, expect, it } from 'vitest';
import type { RouteLegJson } from './routeJson';
import { CROSS_CHAIN_SLIPPAGE_BPS, SAME_CHAIN_SLIPPAGE_BPS, suggestedSlippage, type LegMove } from './suggestedSlippage';

const hop = (pool: string) => ({ pool, token_in: '0x1', token_out: '0x2', source: 'uniswap_v2' as const, fee_ppm: 3000 });
const leg = (chainId: number, pools: string[], share = 10_000): RouteLegJson => ({ chain_id: chainId, share_bps: share, amount_in: '1', amount_out: '1', hops: pools.map(hop) });
/** Each leg fell by the sum of its pools' falls (bps). */
const fallsOf = (bps: Record<string, number | undefined>): LegMove => (_, hops) =>
  hops.reduce<number | undefined>((total, h) => (total === undefined || bps[h.pool] === undefined ? undefined : total + (bps[h.pool] ?? 0) / 10_000), 0);

describe('suggestedSlippage', () => {
  it('covers how far the route fell lately over a review, rounded up to 0.05 %', () => {
    expect(suggestedSlippage([leg(1, ['a'])], fallsOf({ a: 21 }), SAME_CHAIN_SLIPPAGE_BPS)).toBe(0.25);
  });

  it('takes the leg of a split that fell furthest', () => {
    const move = fallsOf({ a: 20, b: 30, c: 26 });
    expect(suggestedSlippage([leg(1, ['a'], 4_000), leg(1, ['b', 'c'], 6_000)], move, SAME_CHAIN_SLIPPAGE_BPS)).toBe(0.6);
  });

  it('stays within its bounds: 0.1 % for a still market, 1 % for a wild one, the fallback before anything was watched', () => {
    expect(suggestedSlippage([leg(1, ['a'])], fallsOf({ a: 0 }), SAME_CHAIN_SLIPPAGE_BPS)).toBe(0.1);
    expect(suggestedSlippage([leg(1, ['a'])], fallsOf({ a: 500 }), SAME_CHAIN_SLIPPAGE_BPS)).toBe(1);
    expect(suggestedSlippage([leg(1, ['a'])], fallsOf({}), SAME_CHAIN_SLIPPAGE_BPS)).toBe(0.5);
  });

  it('adds both chains of a cross-chain route and gives it more room, within the cross-chain bounds', () => {
    const route = [leg(1, ['a']), leg(2, ['b'])];
    expect(suggestedSlippage(route, fallsOf({ a: 30, b: 12 }), CROSS_CHAIN_SLIPPAGE_BPS)).toBe(0.45);
    expect(suggestedSlippage([leg(1, ['a']), leg(2, [])], fallsOf({ a: 0 }), CROSS_CHAIN_SLIPPAGE_BPS)).toBe(0.3);
    expect(suggestedSlippage(route, fallsOf({ a: 900, b: 900 }), CROSS_CHAIN_SLIPPAGE_BPS)).toBe(2);
  });
});

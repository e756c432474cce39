import { describe, expect, it } from 'vitest';
import type { PublicChain } from '@/lib/chains/publicChain';
import { crossChainExpectation } from './crossChainExpectation';

const chain = (id: number, n: number, crossChain = true): PublicChain => ({
  id, name: `chain ${id}`, rpcUrl: 'http://127.0.0.1:1', nativeSymbol: 'ETH', nativeDecimals: 18, weth: `0x${String(n).repeat(40)}`, swapRouter: null, permit2: null,
  bridgeToken: crossChain ? `0x${String(n + 1).repeat(40)}` : null,
  crossChain: crossChain ? { destinationSettler: `0x${String(n + 2).repeat(40)}`, relayer: null, fillWindowSec: 300, maxSlippageBps: 300 } : null,
  liquiditySources: [], blockTimeSec: 1, tokens: [],
});

describe('crossChainExpectation', () => {
  it('takes the settler, bridge asset and fill window of the destination, the bridge asset and WETH of the source', () => {
    expect(crossChainExpectation([chain(1, 1), chain(2, 5)], { src_chain_id: 1, dst_chain_id: 2, slippage: 0.5 }, { nowSec: 10, dstNowSec: 12 })).toEqual({
      destinationSettler: `0x${'7'.repeat(40)}`, srcBridgeToken: `0x${'2'.repeat(40)}`, dstBridgeToken: `0x${'6'.repeat(40)}`,
      srcWeth: `0x${'1'.repeat(40)}`, dstWeth: `0x${'5'.repeat(40)}`, relayer: null, fillWindowSec: 300, maxSlippageBps: 300, slippagePercent: 0.5, nowSec: 10, dstNowSec: 12,
    });
  });

  it('is null when either chain takes no part in cross-chain swaps', () => {
    expect(crossChainExpectation([chain(1, 1), chain(2, 5, false)], { src_chain_id: 1, dst_chain_id: 2, slippage: 0.5 }, { nowSec: 10 })).toBeNull();
    expect(crossChainExpectation([chain(2, 5)], { src_chain_id: 1, dst_chain_id: 2, slippage: 0.5 }, { nowSec: 10 })).toBeNull();
  });
});

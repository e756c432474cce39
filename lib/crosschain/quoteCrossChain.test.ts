import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getAddress, parseUnits, zeroAddress, type Address } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import { splitRoute } from '@/lib/routing/splitRoute';
import { TOKENS, devnetLikeGraph } from '@/lib/routing/fixtures/devnetLikeGraph';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { relayerPayout } from '@/lib/contracts/crossChainQuote';
import { minBridgeAmountOf, quoteCrossChain, relayerFeeOf, rescale, type CrossChainRequest } from './quoteCrossChain';
import { serviceFee } from '@/lib/quote/serviceFee';

const onChain = (graph: PoolGraph, chainId: number): PoolGraph => ({ ...graph, topology: { ...graph.topology, chainId, pathCache: new Map() } });
const SRC = onChain(devnetLikeGraph(), 31337);
const DST = onChain(devnetLikeGraph(), 31338);
const FEE = { bps: 10, gasUsdCents: 50 };
const UNKNOWN: Address = getAddress('0x00000000000000000000000000000000000fffff');

function request(tokenIn: Address, tokenOut: Address, amountIn: bigint, extra: Partial<CrossChainRequest> = {}): CrossChainRequest {
  return {
    tokenIn, tokenOut, amountIn, feeBps: 20,
    src: { graph: SRC, bridgeToken: TOKENS.USDC, bridgeDecimals: 6 },
    dst: { graph: DST, bridgeToken: TOKENS.USDC, bridgeDecimals: 6, inventory: parseUnits('2000000', 6) },
    relayerFee: FEE,
    ...extra,
  };
}

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error: unknown) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected an DomainError');
}

describe('quoteCrossChain', () => {
  it('native in: swaps after the service fee to the bridge asset, keeps the relayer fee, delivers the bridge asset as is', () => {
    const amountIn = parseUnits('1', 18);
    const q = quoteCrossChain(request(zeroAddress, TOKENS.USDC, amountIn));
    const fee = serviceFee(amountIn, 20);
    expect(q.feeAmount).toBe(fee);
    const src = splitRoute(SRC, TOKENS.WETH, TOKENS.USDC, amountIn - fee);
    expect(q.srcLeg.legs.map((l) => [l.path[0], l.path.at(-1)])).toEqual(q.srcLeg.legs.map(() => [TOKENS.WETH, TOKENS.USDC]));
    expect(q.srcLeg.legs.reduce((sum, l) => sum + l.amountIn, 0n)).toBe(amountIn - fee);
    expect(q.escrowAmount).toBe(src.amountOut);
    expect(q.relayerFee).toBe((src.amountOut * 10n + 9_999n) / 10_000n + 500_000n);
    expect(q.dstBridgeAmount).toBe(src.amountOut - q.relayerFee);
    expect(q.dstLeg.legs).toEqual([]);
    expect(q.amountOut).toBe(q.dstBridgeAmount);
    expect(q.srcLeg.chainId).toBe(31337);
    expect(q.dstLeg.chainId).toBe(31338);
  });

  it('native out: the bridge asset in is escrowed without a swap and the destination path ends at WETH', () => {
    const amountIn = parseUnits('5000', 6);
    const q = quoteCrossChain(request(TOKENS.USDC, zeroAddress, amountIn));
    expect(q.srcLeg.legs).toEqual([]);
    expect(q.escrowAmount).toBe(amountIn - serviceFee(amountIn, 20));
    expect(q.dstLeg.legs.every((l) => l.path.at(-1) === TOKENS.WETH)).toBe(true);
    expect(q.dstLeg.legs.reduce((sum, l) => sum + l.amountIn, 0n)).toBe(q.dstBridgeAmount);
    expect(q.amountOut).toBe(splitRoute(DST, TOKENS.USDC, TOKENS.WETH, q.dstBridgeAmount).amountOut);
  });

  it('token to token: the output is the destination route (split when it pays) of what the source route escrowed, less the relayer fee', () => {
    fc.assert(
      fc.property(fc.bigInt(10n ** 5n, 10n ** 9n), (amountIn) => {
        const q = quoteCrossChain(request(TOKENS.WBTC, TOKENS.LINK, amountIn));
        const escrow = splitRoute(SRC, TOKENS.WBTC, TOKENS.USDC, amountIn - serviceFee(amountIn, 20)).amountOut;
        const delivered = escrow - relayerFeeOf(escrow, 6, FEE);
        expect(q.escrowAmount).toBe(escrow);
        expect(q.dstBridgeAmount).toBe(delivered);
        expect(q.amountOut).toBe(splitRoute(DST, TOKENS.USDC, TOKENS.LINK, delivered).amountOut);
        expect(q.relayerFee + q.dstBridgeAmount).toBe(q.escrowAmount);
      }),
      { numRuns: 50 },
    );
  });

  it('the relayer fee rounds its share up and adds the gas part in bridge units', () => {
    expect(relayerFeeOf(1n, 6, { bps: 10, gasUsdCents: 0 })).toBe(1n);
    expect(relayerFeeOf(10_000n, 6, { bps: 10, gasUsdCents: 0 })).toBe(10n);
    expect(relayerFeeOf(10_001n, 6, { bps: 10, gasUsdCents: 0 })).toBe(11n);
    expect(relayerFeeOf(0n, 18, { bps: 10, gasUsdCents: 125 })).toBe(parseUnits('1.25', 18));
  });

  it('bridge assets of different decimals: the relayer pays the escrow less its fee, rescaled down', () => {
    const q = quoteCrossChain(request(TOKENS.USDC, TOKENS.DAI, parseUnits('1000', 6), {
      dst: { graph: DST, bridgeToken: TOKENS.DAI, bridgeDecimals: 18, inventory: parseUnits('1000000', 18) },
    }));
    expect(q.dstBridgeAmount).toBe(rescale(q.escrowAmount - relayerFeeOf(q.escrowAmount, 6, FEE), 6, 18));
    expect(q.amountOut).toBe(q.dstBridgeAmount);
    expect(rescale(1_999_999_999_999n, 18, 6)).toBe(1n);
    expect(rescale(1_000_000_000_001n, 18, 6, true)).toBe(2n);
  });

  it('more than the relayer holds on the destination is INSUFFICIENT_LIQUIDITY; exactly what it holds is fine', () => {
    const amountIn = parseUnits('10000', 6);
    const needed = quoteCrossChain(request(TOKENS.USDC, TOKENS.WETH, amountIn)).dstBridgeAmount;
    const at = request(TOKENS.USDC, TOKENS.WETH, amountIn);
    expect(quoteCrossChain({ ...at, dst: { ...at.dst, inventory: needed } }).dstBridgeAmount).toBe(needed);
    const error = errorOf(() => quoteCrossChain({ ...at, dst: { ...at.dst, inventory: needed - 1n } }));
    expect(error.type).toBe('INSUFFICIENT_LIQUIDITY');
    expect(error.details.field).toBe('amount_in');
  });

  it('a payout above the relayer\'s per-order cap is INSUFFICIENT_LIQUIDITY, not retryable, naming the cap; one at the cap is quoted', () => {
    const at = request(TOKENS.USDC, TOKENS.WETH, parseUnits('10000', 6));
    const payout = quoteCrossChain(at).dstBridgeAmount;
    const capUsd = Number(payout / 10n ** 6n);
    const error = errorOf(() => quoteCrossChain({ ...at, dst: { ...at.dst, maxOrderUsd: capUsd } }));
    expect(error.type).toBe('INSUFFICIENT_LIQUIDITY');
    expect(error.details).toMatchObject({ field: 'amount_in', retryable: false });
    expect(error.message).toContain(`at most ${capUsd} USD`);
    expect(quoteCrossChain({ ...at, dst: { ...at.dst, maxOrderUsd: capUsd + 1 } }).dstBridgeAmount).toBe(payout);
  });

  it('a token that is not on the destination chain names token_out; one not on the source names token_in', () => {
    const out = errorOf(() => quoteCrossChain(request(TOKENS.USDC, UNKNOWN, 10n ** 9n)));
    expect([out.type, out.details.field]).toEqual(['UNSUPPORTED_TOKEN', 'token_out']);
    expect(out.message).toContain('31338');
    const inp = errorOf(() => quoteCrossChain(request(UNKNOWN, TOKENS.USDC, 10n ** 9n)));
    expect([inp.type, inp.details.field]).toEqual(['UNSUPPORTED_TOKEN', 'token_in']);
  });

  it('an amount that does not cover the relayer fee is AMOUNT_TOO_SMALL', () => {
    const error = errorOf(() => quoteCrossChain(request(TOKENS.USDC, TOKENS.WETH, 400_000n)));
    expect([error.type, error.details.field]).toEqual(['AMOUNT_TOO_SMALL', 'amount_in']);
  });

  it('the least escrow lets the whole route move by the slippage: the payout there is the quoted one less the slippage, and the relayer keeps its whole fee', () => {
    const q = quoteCrossChain(request(zeroAddress, TOKENS.LINK, parseUnits('2', 18)));
    const gasFee = rescale(50n, 2, 6, true);
    const terms = { bridgeAmount: q.escrowAmount, dstBridgeAmount: q.dstBridgeAmount, relayerFeeBps: 10, relayerGasFee: gasFee };
    expect(relayerPayout(terms, q.escrowAmount)).toBe(q.dstBridgeAmount);
    expect(minBridgeAmountOf(terms, 0n)).toBe(q.escrowAmount);
    for (const ppm of [5_000n, 30_000n]) {
      const floor = minBridgeAmountOf(terms, ppm);
      const target = (q.dstBridgeAmount * (1_000_000n - ppm) + 999_999n) / 1_000_000n;
      expect(relayerPayout(terms, floor)).toBeGreaterThanOrEqual(target);
      expect(relayerPayout(terms, floor - 1n)).toBeLessThan(target);
      // The source leg may fall by (almost) the whole slippage, not just by the relayer's fee (≈ 0.13 % here).
      expect(q.escrowAmount - floor).toBeGreaterThan((q.escrowAmount * (ppm - 200n)) / 1_000_000n);
      // Whatever the escrow, the relayer keeps its fee on it (same decimals on both chains here).
      expect(floor - relayerPayout(terms, floor)).toBeGreaterThanOrEqual(relayerFeeOf(floor, 6, { bps: 10, gasUsdCents: 50 }));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { decodeFunctionData, zeroAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { encodeOpenForCalldata, gaslessOrderEip712, gaslessOrderOf } from '@/lib/contracts/gaslessOrder';
import { encodeSwapPermit2Calldata, PERMIT2_ADDRESS, permit2TypedData } from '@/lib/contracts/permit2';
import type { RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { gaslessCalldata, gaslessKindOf } from './gaslessCalldata';
import { verifyOrderSignature } from './verifyOrderSignature';

const TOKEN_A = '0x1000000000000000000000000000000000000001';
const TOKEN_B = '0x2000000000000000000000000000000000000002';
const ROUTER = '0x3000000000000000000000000000000000000003';
const SETTLER = '0x4000000000000000000000000000000000000004';
const trader = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const quoteSignature: Hex = `0x${'11'.repeat(65)}`;

const sameChain: RouterQuote = {
  quoteId: `0x${'ab'.repeat(32)}`, sender: trader.address, recipient: trader.address, tokenIn: TOKEN_A, tokenOut: TOKEN_B,
  amountIn: 10n ** 18n, feeAmount: 2n * 10n ** 15n, minAmountOut: 123n,
  legs: [{ amountIn: 10n ** 18n - 2n * 10n ** 15n, path: [TOKEN_A, TOKEN_B] }], srcChainId: 31337n, dstChainId: 31337n, deadline: 2_000_000_000n,
};

const crossChain: CrossChainQuote = {
  quoteId: `0x${'cd'.repeat(32)}`, sender: trader.address, recipient: trader.address, tokenIn: TOKEN_A, amountIn: 2_500_000_000n, feeAmount: 5_000_000n,
  srcLegs: [], bridgeAmount: 2_495_000_000n, minBridgeAmount: 2_495_000_000n, relayerFeeBps: 10, relayerGasFee: 250_000n,
  srcChainId: 31337n, dstChainId: 31338n, dstSettler: SETTLER, dstBridgeToken: TOKEN_B, dstBridgeAmount: 2_492_000_000n,
  tokenOut: zeroAddress, minAmountOut: 8n * 10n ** 17n, dstLegs: [{ amountIn: 2_492_000_000n, path: [TOKEN_B, TOKEN_A] }],
  fillDeadline: 2_000_000_600, deadline: 2_000_000_000n, exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
};

/** An externally owned account: no code, so the signature itself must recover to it. */
const eoaChain = { getCode: async () => undefined, readContract: async () => { throw new Error('an EOA has no isValidSignature'); } } as unknown as Parameters<typeof verifyOrderSignature>[1];

const signEip712 = (signer: typeof trader, eip712: ReturnType<typeof gaslessOrderEip712>) => {
  const { EIP712Domain: _domain, ...types } = eip712.types;
  return signer.signTypedData({ domain: eip712.domain, types, primaryType: eip712.primaryType, message: eip712.message });
};

describe('gasless order calldata by kind', () => {
  it('a same-chain order is swapPermit2 with the signature appended', async () => {
    const stored = encodeSwapPermit2Calldata(sameChain, quoteSignature);
    expect(gaslessKindOf(stored)).toBe('swapPermit2');
    const permit = await trader.signTypedData(permit2TypedData(31337, ROUTER, sameChain));
    const decoded = decodeFunctionData({ abi: swapRouterAbi, data: gaslessCalldata(stored, permit) });
    expect(decoded.functionName).toBe('swapPermit2');
    expect(decoded.args[2]).toBe(permit);
    expect(await verifyOrderSignature({ chainId: 31337, router: ROUTER, permit2: PERMIT2_ADDRESS, calldata: stored, from: trader.address, signature: permit }, eoaChain)).toBe(true);
  });

  it('a cross-chain order is openFor of the stored order with the signature as its argument, verified over the whole order', async () => {
    const order = gaslessOrderOf(crossChain, quoteSignature, ROUTER);
    const stored = encodeOpenForCalldata(order);
    expect(gaslessKindOf(stored)).toBe('openFor');
    const permit = await signEip712(trader, gaslessOrderEip712(order));
    const decoded = decodeFunctionData({ abi: swapRouterAbi, data: gaslessCalldata(stored, permit) });
    expect(decoded.functionName).toBe('openFor');
    expect(decoded.args).toEqual([order, permit, '0x']);
    const check = (signature: Hex, over: { router?: `0x${string}`; chainId?: number } = {}) =>
      verifyOrderSignature({ chainId: over.chainId ?? 31337, router: over.router ?? ROUTER, permit2: PERMIT2_ADDRESS, calldata: stored, from: trader.address, signature }, eoaChain);
    expect(await check(permit)).toBe(true);
    expect(await check(await signEip712(stranger, gaslessOrderEip712(order)))).toBe(false);
    // The same user's signature of another order (another nonce) does not serve this one.
    expect(await check(await signEip712(trader, gaslessOrderEip712({ ...order, nonce: order.nonce + 1n })))).toBe(false);
    await expect(check(permit, { router: SETTLER })).rejects.toThrow(/another origin settler/);
  });
});

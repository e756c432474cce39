import { describe, expect, it } from 'vitest';
import { decodeFunctionData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { appendPermit2Signature, encodeSwapPermit2Calldata, PERMIT2_ADDRESS, permit2Eip712, permit2TypedData } from './permit2';
import type { RouterQuote } from './swapRouterQuote';

const TOKEN_A = '0x1000000000000000000000000000000000000001';
const TOKEN_B = '0x2000000000000000000000000000000000000002';
const ROUTER = '0x3000000000000000000000000000000000000003';
const trader = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

const quote: RouterQuote = {
  quoteId: `0x${'ab'.repeat(32)}`, sender: trader.address, recipient: trader.address, tokenIn: TOKEN_A, tokenOut: TOKEN_B,
  amountIn: 10n ** 18n, feeAmount: 2n * 10n ** 15n, minAmountOut: 123n,
  legs: [{ amountIn: 10n ** 18n - 2n * 10n ** 15n, path: [TOKEN_A, TOKEN_B] }], srcChainId: 31337n, dstChainId: 31337n, deadline: 2_000_000_000n,
};

describe('Permit2', () => {
  it('swapPermit2 calldata with the signature appended decodes to the quote, its signature and the permit signature', async () => {
    const quoteSignature: Hex = `0x${'11'.repeat(65)}`;
    const permitSignature = await trader.signTypedData(permit2TypedData(31337, ROUTER, quote));
    const data = appendPermit2Signature(encodeSwapPermit2Calldata(quote, quoteSignature), permitSignature);
    const decoded = decodeFunctionData({ abi: swapRouterAbi, data });
    expect(decoded.functionName).toBe('swapPermit2');
    const [decodedQuote, decodedSignature, decodedPermit] = decoded.args as readonly [{ quoteId: Hex; amountIn: bigint }, Hex, Hex];
    expect(decodedQuote.quoteId).toBe(quote.quoteId);
    expect(decodedQuote.amountIn).toBe(quote.amountIn);
    expect(decodedSignature).toBe(quoteSignature);
    expect(decodedPermit).toBe(permitSignature);
  });

  it('binds the permit to the router, the amount, the quote id as nonce and the quote as witness', () => {
    const { domain, message, primaryType } = permit2TypedData(31337, ROUTER, quote);
    expect(domain).toEqual({ name: 'Permit2', chainId: 31337n, verifyingContract: PERMIT2_ADDRESS });
    expect(primaryType).toBe('PermitWitnessTransferFrom');
    expect(message.spender).toBe(ROUTER);
    expect(message.permitted).toEqual({ token: TOKEN_A, amount: quote.amountIn });
    expect(message.nonce).toBe(BigInt(quote.quoteId));
    expect(message.deadline).toBe(quote.deadline);
    expect(message.witness.recipient).toBe(quote.recipient);
  });

  it('the JSON typed data of a firm quote signs to the same signature as the typed data itself', async () => {
    const json = JSON.parse(JSON.stringify(permit2Eip712(31337, ROUTER, quote))) as ReturnType<typeof permit2Eip712>;
    expect(json.types.EIP712Domain?.map((f) => f.name)).toEqual(['name', 'chainId', 'verifyingContract']);
    expect((json.message.permitted as { amount: string }).amount).toBe(quote.amountIn.toString());
    const { EIP712Domain: _domain, ...types } = json.types;
    expect(await trader.signTypedData({ domain: json.domain, types, primaryType: json.primaryType, message: json.message })).toBe(
      await trader.signTypedData(permit2TypedData(31337, ROUTER, quote)),
    );
  });
});

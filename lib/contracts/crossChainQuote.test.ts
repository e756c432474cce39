import { describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import {
  CROSS_CHAIN_QUOTE_TYPEHASH,
  decodeOpenCalldata,
  decodeOriginData,
  encodeOpenCalldata,
  fillOrderOf,
  hashCrossChainQuote,
  recoverCrossChainQuoteSigner,
  relayerFeeOf,
  relayerPayout,
  scaleLegs,
  signCrossChainQuote,
  type CrossChainQuote,
} from './crossChainQuote';

const router: Address = '0xD8a5a9b31c3C0232E196d518E89Fd8bF83AcAd43';
const settler: Address = '0xDC11f7E700A4c898AE5CAddB1082cFfa76512aDD';
const WETH: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const USDC: Address = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const signer = privateKeyToAccount(generatePrivateKey());

const quote: CrossChainQuote = {
  quoteId: `0x${'ab'.repeat(32)}`,
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  recipient: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  tokenIn: zeroAddress,
  amountIn: 10n ** 18n,
  feeAmount: 2n * 10n ** 15n,
  srcLegs: [{ amountIn: 998n * 10n ** 15n, path: [WETH, USDC] }],
  bridgeAmount: 2_950_500_000n,
  minBridgeAmount: 2_950_000_000n,
  relayerFeeBps: 10,
  relayerGasFee: 500_000n,
  srcChainId: 31337n,
  dstChainId: 31338n,
  dstSettler: settler,
  dstBridgeToken: USDC,
  dstBridgeAmount: 2_947_000_000n,
  tokenOut: zeroAddress,
  minAmountOut: 97n * 10n ** 16n,
  dstLegs: [{ amountIn: 2_947_000_000n, path: [USDC, WETH] }],
  fillDeadline: 1_800_000_600,
  deadline: 1_800_000_000n,
  exclusiveFiller: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  exclusivityDeadline: 1_800_000_060,
};

describe('crossChainQuote', () => {
  it('round-trips a signed quote through open calldata and recovers the signer', async () => {
    const signature = await signCrossChainQuote(signer, 31337, router, quote);
    const decoded = decodeOpenCalldata(encodeOpenCalldata(quote, signature));
    expect(decoded).toEqual({ quote, signature });
    expect(await recoverCrossChainQuoteSigner(31337, router, decoded.quote, signature)).toBe(signer.address);
  });

  it('binds the digest to chain id, router and every leg', () => {
    const digest = hashCrossChainQuote(31337, router, quote);
    expect(hashCrossChainQuote(31338, router, quote)).not.toBe(digest);
    expect(hashCrossChainQuote(31337, settler, quote)).not.toBe(digest);
    const otherLeg = { ...quote, dstLegs: [{ amountIn: 2_947_000_000n, path: [USDC, USDC, WETH] }] };
    expect(hashCrossChainQuote(31337, router, otherLeg)).not.toBe(digest);
  });

  it('makes the order id the keccak of originData, and originData decodes back to the order', () => {
    const { orderId, originData, fillOrder } = fillOrderOf(quote, router);
    expect(orderId).toBe(keccak256(originData));
    expect(decodeOriginData(originData)).toEqual(fillOrder);
    expect(fillOrder).toMatchObject({ originChainId: 31337n, originSettler: router, user: quote.sender, openDeadline: quote.deadline });
    // Another origin settler is another order.
    expect(fillOrderOf(quote, settler).orderId).not.toBe(orderId);
  });

  it('scales the order to the escrow produced: the payout keeps the relayer\'s fee whole, the legs keep their shares', () => {
    const twoLegs = { ...quote, dstLegs: [{ amountIn: 1_000_000_000n, path: [USDC, WETH] }, { amountIn: 1_947_000_000n, path: [USDC, USDC, WETH] }] };
    expect(fillOrderOf(twoLegs, router, twoLegs.bridgeAmount)).toEqual(fillOrderOf(twoLegs, router));
    expect(fillOrderOf(twoLegs, router).fillOrder.dstBridgeAmount).toBe(twoLegs.dstBridgeAmount);
    const escrow = 2_900_000_000n;
    const fee = relayerFeeOf(escrow, 10, 500_000n);
    expect(fee).toBe(2_900_000n + 500_000n);
    const payout = relayerPayout(twoLegs, escrow);
    const quotedNet = twoLegs.bridgeAmount - relayerFeeOf(twoLegs.bridgeAmount, 10, 500_000n);
    expect(payout).toBe((twoLegs.dstBridgeAmount * (escrow - fee)) / quotedNet);
    const { fillOrder, orderId } = fillOrderOf(twoLegs, router, escrow);
    expect(fillOrder.dstBridgeAmount).toBe(payout);
    expect(fillOrder.dstLegs.map((l) => l.amountIn)).toEqual([(1_000_000_000n * payout) / twoLegs.dstBridgeAmount, payout - (1_000_000_000n * payout) / twoLegs.dstBridgeAmount]);
    expect(orderId).not.toBe(fillOrderOf(twoLegs, router).orderId);
    expect(scaleLegs(twoLegs.dstLegs, 3n, 3n)).toEqual(twoLegs.dstLegs);
    // An escrow that does not cover the fee pays nothing (open reverts).
    expect(relayerPayout(twoLegs, 500_000n)).toBe(0n);
  });

  it('refuses calldata that is not an open call or carries another order type', () => {
    const swap = encodeFunctionData({ abi: swapRouterAbi, functionName: 'proposeAttester', args: [router] });
    expect(() => decodeOpenCalldata(swap)).toThrow(/not an open call/);
    const foreign = encodeFunctionData({ abi: swapRouterAbi, functionName: 'open', args: [{ fillDeadline: 1, orderDataType: keccak256('0x01'), orderData: '0x' }] });
    expect(() => decodeOpenCalldata(foreign)).toThrow(/orderDataType/);
    expect(CROSS_CHAIN_QUOTE_TYPEHASH).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

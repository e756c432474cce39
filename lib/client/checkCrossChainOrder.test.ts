import { describe, expect, it } from 'vitest';
import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import { encodeOpenCalldata, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { checkFirmQuote, type ExpectedSwap, type FirmQuoteToCheck } from './checkFirmQuote';
import { FILL_DEADLINE_SLACK_SEC, type ExpectedCrossChain } from './checkCrossChainOrder';

const a = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const ROUTER = a(0x5000);
const SETTLER = a(0x6000);
const SENDER = a(0x1001);
const RECIPIENT = a(0x1002);
const USDC_A = a(0x2001);
const WETH_A = a(0x2002);
const USDC_B = a(0x3001);
const WETH_B = a(0x3002);
const SIGNATURE = `0x${'11'.repeat(65)}` as Hex;
const NOW = 1_800_000_000;
const TTL = 30;
const WINDOW = 300;

const order = (over: Partial<CrossChainQuote> = {}): CrossChainQuote => ({
  quoteId: `0x${'ab'.repeat(32)}`, sender: SENDER, recipient: RECIPIENT, tokenIn: zeroAddress, amountIn: 10n ** 18n, feeAmount: 10n ** 15n,
  srcLegs: [{ amountIn: 999n * 10n ** 15n, path: [WETH_A, USDC_A] }],
  bridgeAmount: 2_990_000_000n, minBridgeAmount: 2_975_500_000n, relayerFeeBps: 5, relayerGasFee: 100_000n,
  srcChainId: 31337n, dstChainId: 31338n, dstSettler: SETTLER, dstBridgeToken: USDC_B, dstBridgeAmount: 2_988_400_000n,
  tokenOut: zeroAddress, minAmountOut: 990_000_000_000_000_000n - 10n ** 16n, dstLegs: [{ amountIn: 2_988_400_000n, path: [USDC_B, WETH_B] }],
  fillDeadline: NOW + TTL + WINDOW, deadline: BigInt(NOW + TTL), exclusiveFiller: zeroAddress, exclusivityDeadline: 0, ...over,
});
const firmOf = (q: CrossChainQuote): FirmQuoteToCheck => ({
  calldata: encodeOpenCalldata(q, SIGNATURE), router_address: ROUTER, value: q.amountIn.toString(), allowance_target: null, fee_amount: '4000000000000000',
});
const crossChain: ExpectedCrossChain = {
  destinationSettler: SETTLER, srcBridgeToken: USDC_A, dstBridgeToken: USDC_B, srcWeth: WETH_A, dstWeth: WETH_B,
  fillWindowSec: WINDOW, maxSlippageBps: 300, slippagePercent: 0.5, nowSec: NOW, dstNowSec: NOW,
};
const expected: ExpectedSwap = {
  chainId: 31337, dstChainId: 31338, sender: SENDER, recipient: RECIPIENT, tokenIn: zeroAddress, tokenOut: zeroAddress,
  amountIn: 10n ** 18n, minAmountOut: 980_000_000_000_000_000n, router: ROUTER, crossChain,
};
const check = (q: CrossChainQuote, over: Partial<ExpectedCrossChain> = {}) => checkFirmQuote(firmOf(q), { ...expected, crossChain: { ...crossChain, ...over } }).join('; ');

describe('checkFirmQuote on cross-chain orders', () => {
  it('passes an order as the server issues it, also when the destination clock runs ahead', () => {
    expect(check(order())).toBe('');
    expect(check(order({ fillDeadline: NOW + 40 + TTL + WINDOW }), { dstNowSec: NOW + 40 })).toBe('');
  });

  it('refuses another destination settler than the registry names', () => {
    expect(check(order({ dstSettler: a(0xbad) }))).toMatch(/filled by 0x0000…0bad, not by the destination network's settler/i);
  });

  it('bounds the fill deadline by the fill window after the deposit deadline', () => {
    const late = NOW + TTL + WINDOW + FILL_DEADLINE_SLACK_SEC + 1;
    expect(check(order({ fillDeadline: late }))).toMatch(/may stay unfilled until .*300 s fill window/);
    expect(check(order({ fillDeadline: NOW + TTL + WINDOW + FILL_DEADLINE_SLACK_SEC }))).toBe('');
    expect(check(order({ fillDeadline: NOW + 365 * 86_400 }))).toMatch(/fill window/);
    expect(check(order({ fillDeadline: NOW + TTL }))).toMatch(/could never be filled in time/);
  });

  it('lets only the registry\'s relayer hold an order exclusively, and only for part of the fill window', () => {
    const RELAYER = a(0x7000);
    const held = { exclusiveFiller: RELAYER, exclusivityDeadline: NOW + TTL + 60 };
    expect(check(order(held), { relayer: RELAYER })).toBe('');
    expect(check(order({ ...held, exclusiveFiller: a(0xbad) }), { relayer: RELAYER })).toMatch(/only 0x0000…0bad may fill the order at first, not the destination network's relayer 0x0000…7000/i);
    expect(check(order(held), { relayer: null })).toMatch(/only 0x0000…7000 may fill the order at first/);
    expect(check(order({ ...held, exclusivityDeadline: NOW + TTL + WINDOW }), { relayer: RELAYER })).toMatch(/no other filler may fill the order before its fill deadline/);
  });

  it('refuses another bridge asset on either side', () => {
    expect(check(order({ dstBridgeToken: a(0xbad), dstLegs: [{ amountIn: 1n, path: [a(0xbad), WETH_B] }] }))).toMatch(/bridges through 0x0000…0bad/i);
    expect(check(order({ srcLegs: [{ amountIn: 999n * 10n ** 15n, path: [WETH_A, a(0xbad)] }] }))).toMatch(/source swap does not end in the network's bridge asset/);
    expect(check(order({ dstLegs: [{ amountIn: 2_988_400_000n, path: [USDC_B, a(0xbad)] }] }))).toMatch(/destination swap does not run/);
  });

  it('holds the trader\'s slippage under the cross-chain cap and the escrow floor to it', () => {
    expect(check(order(), { slippagePercent: 5 })).toMatch(/above the 3 % cross-chain orders allow/);
    expect(check(order({ minBridgeAmount: 0n }))).toMatch(/may escrow as little as 0, below your slippage's floor of 2975050000/);
  });

  it('refuses an order for a destination with no cross-chain settings, and a swap where an order was asked', () => {
    expect(checkFirmQuote(firmOf(order()), { ...expected, crossChain: null }).join()).toMatch(/takes no part in cross-chain swaps/);
  });
});

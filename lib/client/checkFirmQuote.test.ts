import { describe, expect, it } from 'vitest';
import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import { encodeSwapCalldata, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { checkFirmQuote, type ExpectedSwap, type FirmQuoteToCheck } from './checkFirmQuote';

const a = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const ROUTER = a(0x5000);
const SENDER = a(0x1001);
const RECIPIENT = a(0x1002);
const USDC = a(0x2001);
const WETH = a(0x2002);
const SIGNATURE = `0x${'11'.repeat(65)}` as Hex;

const routerQuote = (over: Partial<RouterQuote> = {}): RouterQuote => ({
  quoteId: `0x${'ab'.repeat(32)}`, sender: SENDER, recipient: RECIPIENT, tokenIn: zeroAddress, tokenOut: USDC,
  amountIn: 10n ** 18n, feeAmount: 2n * 10n ** 15n, minAmountOut: 2_900_000_000n,
  legs: [{ amountIn: 998n * 10n ** 15n, path: [WETH, USDC] }], srcChainId: 31337n, dstChainId: 31337n, deadline: 2n ** 40n, ...over,
});
const firmOf = (quote: RouterQuote, over: Partial<FirmQuoteToCheck> = {}): FirmQuoteToCheck => ({
  calldata: encodeSwapCalldata(quote, SIGNATURE), router_address: ROUTER, value: quote.tokenIn === zeroAddress ? quote.amountIn.toString() : '0',
  allowance_target: quote.tokenIn === zeroAddress ? null : ROUTER, fee_amount: quote.feeAmount.toString(), ...over,
});
const expected: ExpectedSwap = {
  chainId: 31337, dstChainId: 31337, sender: SENDER, recipient: RECIPIENT, tokenIn: zeroAddress, tokenOut: USDC, amountIn: 10n ** 18n, minAmountOut: 2_900_000_000n, router: ROUTER,
};

describe('checkFirmQuote', () => {
  it('passes a quote that does what was asked, native or token input', () => {
    expect(checkFirmQuote(firmOf(routerQuote()), expected)).toEqual([]);
    const tokenIn = routerQuote({ tokenIn: USDC, tokenOut: zeroAddress, legs: [{ amountIn: 998n * 10n ** 15n, path: [USDC, WETH] }] });
    expect(checkFirmQuote(firmOf(tokenIn), { ...expected, tokenIn: USDC, tokenOut: zeroAddress })).toEqual([]);
  });

  it('names each field the calldata changes', () => {
    const cases: [Partial<RouterQuote>, RegExp][] = [
      [{ recipient: a(0xbad) }, /recipient/],
      [{ sender: a(0xbad) }, /sender/],
      [{ tokenOut: a(0xbad) }, /token received/],
      [{ amountIn: 2n * 10n ** 18n }, /spends/],
      [{ minAmountOut: 1n }, /as little as 1, below the minimum shown/],
      [{ feeAmount: 10n ** 16n }, /fee/],
      [{ srcChainId: 1n }, /another network/],
    ];
    for (const [change, message] of cases) {
      const firm = firmOf(routerQuote(change), { value: expected.amountIn.toString(), fee_amount: '2000000000000000' });
      expect(checkFirmQuote(firm, expected).join('; ')).toMatch(message);
    }
  });

  it('refuses another router, a wrong value, an approval to someone else, and calldata that is not a swap', () => {
    const good = routerQuote();
    expect(checkFirmQuote(firmOf(good, { router_address: a(0xbad) }), expected).join()).toMatch(/goes to/);
    expect(checkFirmQuote(firmOf(good, { value: '0' }), expected).join()).toMatch(/sends 0 of the native coin/);
    expect(checkFirmQuote(firmOf(good, { allowance_target: a(0xbad) }), expected).join()).toMatch(/approval/);
    expect(checkFirmQuote(firmOf(good, { calldata: '0xdeadbeef' }), expected)).toContain('the transaction is not a swap through the router');
    expect(checkFirmQuote(firmOf(good), { ...expected, router: null })).toEqual(['this network lists no swap router']);
  });
});

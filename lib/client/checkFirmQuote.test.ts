import { describe, expect, it } from 'vitest';
import { getAddress, zeroAddress, type Address, type Hex } from 'viem';
import { appendPermit2Signature, encodeSwapPermit2Calldata, permit2Eip712 } from '@/lib/contracts/permit2';
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

describe('checkFirmQuote with approval "permit2"', () => {
  const PERMIT2 = a(0x7002);
  const usdcIn = routerQuote({ tokenIn: USDC, tokenOut: zeroAddress, amountIn: 2_500_000_000n, feeAmount: 5_000_000n, minAmountOut: 10n ** 17n, legs: [{ amountIn: 2_495_000_000n, path: [USDC, WETH] }], deadline: 1_700_000_060n });
  const want: ExpectedSwap = { ...expected, tokenIn: USDC, tokenOut: zeroAddress, amountIn: usdcIn.amountIn, minAmountOut: usdcIn.minAmountOut, approval: 'permit2', permit2: PERMIT2, latestDeadlineSec: 1_700_000_090 };
  const permitFirm = (quote: RouterQuote, over: Partial<FirmQuoteToCheck> = {}): FirmQuoteToCheck => ({
    calldata: encodeSwapPermit2Calldata(quote, SIGNATURE), router_address: ROUTER, value: '0', allowance_target: PERMIT2, fee_amount: quote.feeAmount.toString(),
    permit2: { eip712: permit2Eip712(31337, ROUTER, quote, PERMIT2) }, ...over,
  });
  const eip712 = (change: (typed: ReturnType<typeof permit2Eip712>) => void) => {
    const typed = structuredClone(permit2Eip712(31337, ROUTER, usdcIn, PERMIT2));
    change(typed);
    return permitFirm(usdcIn, { permit2: { eip712: typed } });
  };
  const message = (typed: ReturnType<typeof permit2Eip712>) => typed.message as { permitted: { token: string; amount: string }; spender: string; nonce: string; deadline: string; witness: Record<string, unknown> };

  it('passes the Permit2 answer of the order: swapPermit2 calldata that reads the appended signature, a permit for exactly it', () => {
    expect(checkFirmQuote(permitFirm(usdcIn), want)).toEqual([]);
  });

  it('names each permit field that differs from the order', () => {
    const cases: [(typed: ReturnType<typeof permit2Eip712>) => void, RegExp][] = [
      [(t) => { message(t).permitted.token = a(0xbad); }, /lets 0x0000…0bad be taken, not the token you pay/i],
      [(t) => { message(t).permitted.amount = '2500000001'; }, /lets 2500000001 be taken, not the 2500000000/],
      [(t) => { message(t).spender = a(0xbad); }, /lets 0x0000…0bad take the token, not the network's swap router/i],
      [(t) => { message(t).nonce = '1'; }, /nonce is not the quote id/],
      [(t) => { message(t).deadline = '1800000000'; }, /deadline is not the quote's/],
      [(t) => { message(t).witness.recipient = a(0xbad); }, /witness is not the quote in the transaction/],
      [(t) => { message(t).witness.minAmountOut = '1'; }, /witness is not the quote/],
      [(t) => { t.domain.chainId = 1; }, /another network/],
      [(t) => { t.domain.verifyingContract = a(0xbad); }, /not the network's Permit2/],
      [(t) => { t.primaryType = 'PermitTransferFrom' as never; }, /not Permit2's PermitWitnessTransferFrom/],
      [(t) => { t.types.PermitWitnessTransferFrom = t.types.PermitWitnessTransferFrom?.slice(0, 4) ?? []; }, /not Permit2's PermitWitnessTransferFrom/],
    ];
    for (const [change, pattern] of cases) expect(checkFirmQuote(eip712(change), want).join('; ')).toMatch(pattern);
  });

  it('refuses a permit valid far longer than the quote life asked, and a quote whose calldata differs from the order', () => {
    const late = { ...usdcIn, deadline: 1_800_000_000n };
    expect(checkFirmQuote(permitFirm(late), want).join()).toMatch(/valid far longer/);
    const other = { ...usdcIn, recipient: a(0xbad) };
    expect(checkFirmQuote(permitFirm(other), want).join()).toMatch(/recipient in the transaction/);
  });

  it('refuses anything but the Permit2 answer when Permit2 was asked, and a Permit2 answer when it was not', () => {
    expect(checkFirmQuote(permitFirm(usdcIn, { allowance_target: ROUTER }), want).join()).toMatch(/approval would go to 0x0000…5000, not to Permit2/);
    expect(checkFirmQuote(permitFirm(usdcIn, { calldata: encodeSwapCalldata(usdcIn, SIGNATURE) }), want).join()).toMatch(/not a Permit2 swap/);
    expect(checkFirmQuote(permitFirm(usdcIn, { permit2: null }), want).join()).toMatch(/no Permit2 permit/);
    expect(checkFirmQuote(permitFirm(usdcIn), { ...want, permit2: null })).toContain('this network lists no Permit2');
    // The complete call (a signature already inside) would ignore the one the trader appends.
    const complete = appendPermit2Signature(encodeSwapPermit2Calldata(usdcIn, SIGNATURE), `0x${'22'.repeat(65)}`);
    expect(checkFirmQuote(permitFirm(usdcIn, { calldata: complete }), want).join()).toMatch(/would not use the signature you are asked for/);
    expect(checkFirmQuote(permitFirm(usdcIn), { ...want, approval: 'allowance' }).join()).toMatch(/Permit2 signature you did not ask for/);
  });
});

import { describe, expect, it } from 'vitest';
import { getAddress, maxUint256, zeroAddress, type Address, type Hex } from 'viem';
import { encodeOpenCalldata, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { encodeOpenForCalldata, gaslessOrderEip712, gaslessOrderOf, type GaslessCrossChainOrder } from '@/lib/contracts/gaslessOrder';
import type { Permit2Eip712 } from '@/lib/contracts/permit2';
import { checkFirmQuote, type ExpectedSwap, type FirmQuoteToCheck } from './checkFirmQuote';
import type { ExpectedCrossChain } from './checkCrossChainOrder';

const a = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const ROUTER = a(0x5000);
const SETTLER = a(0x6000);
const PERMIT2 = a(0x7002);
const SENDER = a(0x1001);
const USDC_A = a(0x2001);
const WETH_A = a(0x2002);
const USDC_B = a(0x3001);
const WETH_B = a(0x3002);
const QUOTE_SIGNATURE = `0x${'11'.repeat(65)}` as Hex;
const NOW = 1_800_000_000;
const TTL = 30;
const WINDOW = 300;

/** 1,000 USDC on chain A for ETH on chain B, as the server issues a gasless order. */
const quote = (over: Partial<CrossChainQuote> = {}): CrossChainQuote => ({
  quoteId: `0x${'ab'.repeat(32)}`, sender: SENDER, recipient: SENDER, tokenIn: USDC_A, amountIn: 1_000_000_000n, feeAmount: 3_000_000n,
  srcLegs: [], bridgeAmount: 997_000_000n, minBridgeAmount: 992_015_000n, relayerFeeBps: 5, relayerGasFee: 100_000n,
  srcChainId: 31337n, dstChainId: 31338n, dstSettler: SETTLER, dstBridgeToken: USDC_B, dstBridgeAmount: 996_400_000n,
  tokenOut: zeroAddress, minAmountOut: 3n * 10n ** 17n, dstLegs: [{ amountIn: 996_400_000n, path: [USDC_B, WETH_B] }],
  fillDeadline: NOW + TTL + WINDOW, deadline: BigInt(NOW + TTL), exclusiveFiller: zeroAddress, exclusivityDeadline: 0, ...over,
});
const orderOf = (q: CrossChainQuote, over: Partial<GaslessCrossChainOrder> = {}): GaslessCrossChainOrder => ({ ...gaslessOrderOf(q, QUOTE_SIGNATURE, ROUTER), ...over });
const firmOf = (order: GaslessCrossChainOrder, over: Partial<FirmQuoteToCheck> = {}): FirmQuoteToCheck => ({
  calldata: encodeOpenForCalldata(order), router_address: ROUTER, value: '0', allowance_target: PERMIT2, fee_amount: '3600000',
  gasless: { eip712: gaslessOrderEip712(order, PERMIT2) }, ...over,
});
const crossChain: ExpectedCrossChain = {
  destinationSettler: SETTLER, srcBridgeToken: USDC_A, dstBridgeToken: USDC_B, srcWeth: WETH_A, dstWeth: WETH_B,
  fillWindowSec: WINDOW, maxSlippageBps: 300, slippagePercent: 0.5, nowSec: NOW, dstNowSec: NOW,
};
const expected: ExpectedSwap = {
  chainId: 31337, dstChainId: 31338, sender: SENDER, recipient: SENDER, tokenIn: USDC_A, tokenOut: zeroAddress, amountIn: 1_000_000_000n,
  minAmountOut: 3n * 10n ** 17n, router: ROUTER, crossChain, gasless: true, permit2: PERMIT2, latestDeadlineSec: NOW + TTL + 300,
};
const check = (firm: FirmQuoteToCheck, want: Partial<ExpectedSwap> = {}) => checkFirmQuote(firm, { ...expected, ...want }).join('; ');
/** The server's typed data with one change, the calldata untouched. */
const eip712With = (change: (typed: Permit2Eip712) => void) => {
  const typed = structuredClone(gaslessOrderEip712(orderOf(quote()), PERMIT2));
  change(typed);
  return firmOf(orderOf(quote()), { gasless: { eip712: typed } });
};

describe('checkFirmQuote on gasless cross-chain orders (openFor)', () => {
  it('passes an order as the server issues it', () => {
    expect(check(firmOf(orderOf(quote())))).toBe('');
  });

  it('refuses a change to any field of the carried quote, as it refuses one in an open order', () => {
    const cases: [Partial<CrossChainQuote>, RegExp][] = [
      [{ recipient: a(0xbad) }, /recipient in the transaction is 0x0000…0bad/i],
      [{ sender: a(0xbad) }, /sender in the transaction is 0x0000…0bad/i],
      [{ tokenIn: a(0xbad) }, /token paid/],
      [{ tokenOut: a(0xbad) }, /token received/],
      [{ amountIn: 2_000_000_000n }, /spends 2000000000, not the 1000000000/],
      [{ minAmountOut: 1n }, /accepts as little as 1, below the minimum shown/],
      [{ dstChainId: 1n }, /for another network/],
      [{ dstSettler: a(0xbad) }, /filled by 0x0000…0bad, not by the destination network's settler/i],
      [{ fillDeadline: NOW + 365 * 86_400 }, /fill window/],
      [{ minBridgeAmount: 1n }, /escrow as little as 1/],
    ];
    for (const [change, message] of cases) {
      // The order rebuilt around the changed quote, and the permit signed for it: only the check against the trader's order can catch it.
      const order = orderOf(quote(change));
      expect(check(firmOf(order))).toMatch(message);
    }
  });

  it('refuses an order not bound to this wallet, this router and this quote', () => {
    const q = quote();
    const cases: [Partial<GaslessCrossChainOrder>, RegExp][] = [
      [{ user: a(0xbad) }, /takes the token of 0x0000…0bad, not of your wallet/i],
      [{ originSettler: a(0xbad) }, /opened by 0x0000…0bad, not by the network's swap router/i],
      [{ originChainId: 1n }, /order is for another network/],
      [{ nonce: 7n }, /nonce is not the quote id/],
      [{ openDeadline: NOW + 86_400 }, /open deadline is not the quote's deadline/],
      [{ fillDeadline: NOW + TTL + WINDOW - 1 }, /fill deadline is not the quote's/],
    ];
    for (const [change, message] of cases) expect(check(firmOf(orderOf(q, change)))).toMatch(message);
  });

  it('refuses a permit that is not the one for the calldata\'s order', () => {
    const cases: [(t: Permit2Eip712) => void, RegExp][] = [
      [(t) => { t.domain.verifyingContract = a(0xbad); }, /not the network's Permit2/],
      [(t) => { t.domain.chainId = 1; }, /permit is for another network/],
      [(t) => { t.message.spender = a(0xbad); }, /lets 0x0000…0bad take the token/i],
      [(t) => { t.message.permitted = { token: USDC_A, amount: '2000000000' }; }, /lets 2000000000 be taken/],
      [(t) => { t.message.permitted = { token: a(0xbad), amount: '1000000000' }; }, /not the token you pay/],
      [(t) => { t.message.nonce = '7'; }, /nonce is not the quote id, so it could serve another order/],
      [(t) => { t.message.deadline = String(NOW + 86_400); }, /deadline is not the quote's/],
      [(t) => { (t.message.witness as Record<string, unknown>).orderData = '0x'; }, /witness is not the order in the transaction/],
      [(t) => { t.types.GaslessCrossChainOrder = t.types.GaslessCrossChainOrder!.slice(1); }, /PermitWitnessTransferFrom with the order as witness/],
    ];
    for (const [change, message] of cases) expect(check(eip712With(change))).toMatch(message);
    expect(check(firmOf(orderOf(quote()), { gasless: null }))).toMatch(/no Permit2 permit to sign/);
  });

  it('refuses a permit valid far longer than the quote asked for, and a signature already in the calldata', () => {
    expect(check(firmOf(orderOf(quote())), { latestDeadlineSec: NOW + TTL - 1 })).toMatch(/stays valid far longer/);
    const order = orderOf(quote());
    expect(check(firmOf(order, { calldata: encodeOpenForCalldata(order, `0x${'22'.repeat(65)}`) }))).toMatch(/already carries a signature/);
  });

  it('refuses an approval to anyone but Permit2, native value, and an open order or a gasless one not asked for', () => {
    const order = orderOf(quote());
    expect(check(firmOf(order, { allowance_target: ROUTER }))).toMatch(/approval would go to 0x0000…5000, not to Permit2/);
    expect(check(firmOf(order, { value: '1' }))).toMatch(/sends 1 of the native coin/);
    expect(check(firmOf(order, { calldata: encodeOpenCalldata(quote(), QUOTE_SIGNATURE) }))).toMatch(/not the gasless order you asked for/);
    expect(check(firmOf(order), { gasless: false })).toMatch(/gasless cross-chain order you did not ask for/);
    expect(check(firmOf(order), { permit2: null })).toMatch(/lists no Permit2/);
  });
});

describe('checkFirmQuote on the one-time EIP-2612 approval a gasless quote offers', () => {
  const approval = () => ({
    domain: { name: 'USD Coin', version: '1', chainId: 31337, verifyingContract: USDC_A },
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
      Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
    },
    primaryType: 'Permit',
    message: { owner: SENDER, spender: PERMIT2, value: maxUint256.toString(), nonce: '0', deadline: String(NOW + TTL) } as Record<string, unknown>,
  });
  const withApproval = (change: (t: ReturnType<typeof approval>) => void = () => undefined) => {
    const typed = approval();
    change(typed);
    const order = orderOf(quote());
    return firmOf(order, { gasless: { eip712: gaslessOrderEip712(order, PERMIT2), approval: { eip712: typed } } });
  };

  it('passes the permit of Permit2 for any amount of the token paid, by this wallet, until the quote\'s deadline', () => {
    expect(check(withApproval())).toBe('');
  });

  it('refuses each field that would give the token to someone else, elsewhere or for longer', () => {
    const cases: [(t: ReturnType<typeof approval>) => void, RegExp][] = [
      [(t) => { t.message.spender = a(0xbad); }, /lets 0x0000…0bad move the token, not the network's Permit2/i],
      [(t) => { t.message.owner = a(0xbad); }, /of 0x0000…0bad's tokens, not of your wallet's/i],
      [(t) => { t.domain.verifyingContract = a(0xbad); }, /for the token 0x0000…0bad, not the token you pay/i],
      [(t) => { t.domain.chainId = 1; }, /approval is for another network/],
      [(t) => { t.message.value = '1'; }, /not the one-time approval of Permit2 for any amount/],
      [(t) => { t.message.deadline = String(NOW + 86_400); }, /approval's deadline is not the quote's/],
      [(t) => { t.primaryType = 'Transfer'; }, /not an EIP-2612 Permit/],
      [(t) => { t.types.Permit = t.types.Permit.slice(0, 4); }, /not an EIP-2612 Permit/],
      [(t) => { t.message.nonce = 'x'; }, /no nonce/],
    ];
    for (const [change, message] of cases) expect(check(withApproval(change))).toMatch(message);
    expect(check(withApproval(), { latestDeadlineSec: NOW + TTL - 1 })).toMatch(/approval can be used far longer/);
  });
});

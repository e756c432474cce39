// Checks what a firm quote's calldata would really do against what the trader asked for, before anything is signed:
// the answer could have been altered on its way (a proxy, an extension, a compromised server).
import { decodeFunctionData, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { decodeOpenCalldata, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { decodeSwapCalldata } from '@/lib/contracts/swapRouterQuote';
import { checkCrossChainOrder, type ExpectedCrossChain } from './checkCrossChainOrder';

/** The firm quote fields the check reads (API.md §4). */
export type FirmQuoteToCheck = {
  calldata: Hex;
  router_address: Address;
  value: string;
  allowance_target: Address | null;
  fee_amount: string;
};

/** What the trader asked for and was shown; `router` is the chain's SwapRouter from GET /v1/chains. */
export type ExpectedSwap = {
  chainId: number;
  dstChainId: number;
  sender: Address;
  recipient: Address;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  /** The smallest output the trader was shown; the calldata's minimum must not be lower. */
  minAmountOut: bigint;
  router: Address | null;
  /** Cross-chain orders: what the registry and the trader allow; null when the destination takes no part in them. */
  crossChain?: ExpectedCrossChain | null;
};

type Decoded = { sender: Address; recipient: Address; tokenIn: Address; tokenOut: Address; amountIn: bigint; feeAmount: bigint; minAmountOut: bigint; srcChainId: bigint; dstChainId: bigint };

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const tokenName = (a: Address) => (isAddressEqual(a, zeroAddress) ? 'the native coin' : short(a));

function decode(calldata: Hex): { fields: Decoded; order?: CrossChainQuote } | undefined {
  let name: string;
  try {
    name = decodeFunctionData({ abi: swapRouterAbi, data: calldata }).functionName;
  } catch {
    return undefined;
  }
  if (name === 'swap') return { fields: decodeSwapCalldata(calldata).quote };
  if (name === 'open') {
    const { quote } = decodeOpenCalldata(calldata);
    return { fields: quote, order: quote };
  }
  return undefined;
}

/** Every way the quote's transaction differs from the order, in words; empty when it does what was asked. */
export function checkFirmQuote(firm: FirmQuoteToCheck, expected: ExpectedSwap): string[] {
  const problems: string[] = [];
  if (!expected.router) return ['this network lists no swap router'];
  if (!isAddressEqual(firm.router_address, expected.router)) problems.push(`the transaction goes to ${short(firm.router_address)}, not to the network's swap router ${short(expected.router)}`);
  let decoded: ReturnType<typeof decode>;
  try {
    decoded = decode(firm.calldata);
  } catch {
    decoded = undefined;
  }
  if (!decoded) return [...problems, 'the transaction is not a swap through the router'];
  const q = decoded.fields;
  const crossChainAsked = expected.chainId !== expected.dstChainId;
  if (crossChainAsked !== (decoded.order !== undefined)) problems.push(crossChainAsked ? 'the transaction is a same-network swap, not the cross-chain order you asked for' : 'the transaction is a cross-chain order, not the swap you asked for');
  if (decoded.order && crossChainAsked) {
    if (expected.crossChain) problems.push(...checkCrossChainOrder(decoded.order, expected.crossChain));
    else problems.push('the destination network takes no part in cross-chain swaps');
  }
  const address = (label: string, got: Address, want: Address, name: (a: Address) => string = short) => {
    if (!isAddressEqual(got, want)) problems.push(`the ${label} in the transaction is ${name(got)}, not ${name(want)}`);
  };
  address('sender', q.sender, expected.sender);
  address('recipient', q.recipient, expected.recipient);
  address('token paid', q.tokenIn, expected.tokenIn, tokenName);
  address('token received', q.tokenOut, expected.tokenOut, tokenName);
  if (q.srcChainId !== BigInt(expected.chainId) || q.dstChainId !== BigInt(expected.dstChainId)) problems.push('the transaction is for another network');
  if (q.amountIn !== expected.amountIn) problems.push(`the transaction spends ${q.amountIn}, not the ${expected.amountIn} you entered (base units)`);
  if (q.minAmountOut < expected.minAmountOut) problems.push(`the transaction accepts as little as ${q.minAmountOut}, below the minimum shown (${expected.minAmountOut}, base units)`);
  // Cross-chain answers add the relayer's fee to fee_amount; the signed feeAmount is the service fee alone.
  if (q.srcChainId === q.dstChainId && q.feeAmount !== BigInt(firm.fee_amount)) problems.push(`the transaction takes a fee of ${q.feeAmount}, not the ${firm.fee_amount} shown (base units)`);
  const nativeIn = isAddressEqual(expected.tokenIn, zeroAddress);
  const value = BigInt(firm.value);
  if (value !== (nativeIn ? expected.amountIn : 0n)) problems.push(`the transaction sends ${value} of the native coin, not ${nativeIn ? expected.amountIn : 0n} (base units)`);
  if (nativeIn ? firm.allowance_target !== null : !firm.allowance_target || !isAddressEqual(firm.allowance_target, expected.router)) {
    problems.push(`the approval would go to ${firm.allowance_target ? short(firm.allowance_target) : 'nobody'}, not to the swap router`);
  }
  return problems;
}

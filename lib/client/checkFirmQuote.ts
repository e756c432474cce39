// Checks what a firm quote's calldata would really do against what the trader asked for, before anything is signed:
// the answer could have been altered on its way (a proxy, an extension, a compromised server).
import { decodeFunctionData, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { decodeOpenCalldata, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { decodeOpenForCalldata } from '@/lib/contracts/gaslessOrder';
import { decodeSwapPermit2Calldata } from '@/lib/contracts/permit2';
import { decodeSwapCalldata, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { checkCrossChainOrder, type ExpectedCrossChain } from './checkCrossChainOrder';
import { checkGaslessApproval, type ApprovalTypedDataToCheck } from './checkGaslessApproval';
import { checkGaslessOrder, type DecodedOpenFor } from './checkGaslessOrder';
import { checkPermit2, type Permit2TypedDataToCheck } from './checkPermit2';

/** The firm quote fields the check reads (API.md §4). */
export type FirmQuoteToCheck = {
  calldata: Hex;
  router_address: Address;
  value: string;
  allowance_target: Address | null;
  fee_amount: string;
  /** With approval "permit2": the typed data the trader is asked to sign (API.md §9). */
  permit2?: { eip712: Permit2TypedDataToCheck } | null;
  /** With `gasless: true`: the typed data the trader signs instead of sending (API.md §9). */
  gasless?: { eip712: Permit2TypedDataToCheck; approval?: { eip712: ApprovalTypedDataToCheck } | null } | null;
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
  /** How the trader asked the router to take token input (API.md §9); "allowance" when absent. */
  approval?: 'allowance' | 'permit2';
  /** A cross-chain order asked gasless (same-chain gasless swaps are approval "permit2"): an ERC-7683 `openFor` through Permit2 that Swapdesk sends (API.md §9). */
  gasless?: boolean;
  /** The network's Permit2 from GET /v1/chains (needed with approval "permit2"). */
  permit2?: Address | null;
  /** Unix seconds: the latest deadline the trader accepts (now + the quote life asked, plus clock slack). */
  latestDeadlineSec?: number;
};

type Decoded = Pick<RouterQuote, 'sender' | 'recipient' | 'tokenIn' | 'tokenOut' | 'amountIn' | 'feeAmount' | 'minAmountOut' | 'srcChainId' | 'dstChainId' | 'deadline'>;
type DecodedCall = { fields: Decoded; order?: CrossChainQuote; permit2?: { quote: RouterQuote; takesAppendedSignature: boolean }; openFor?: DecodedOpenFor };

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const tokenName = (a: Address) => (isAddressEqual(a, zeroAddress) ? 'the native coin' : short(a));

function decode(calldata: Hex): DecodedCall | undefined {
  const viaPermit2 = (): DecodedCall => {
    const { quote, takesAppendedSignature } = decodeSwapPermit2Calldata(calldata);
    return { fields: quote, permit2: { quote, takesAppendedSignature } };
  };
  let name: string;
  try {
    name = decodeFunctionData({ abi: swapRouterAbi, data: calldata }).functionName;
  } catch {
    // A swapPermit2 call arrives without its last argument (the trader's signature is appended): it does not decode alone.
    return viaPermit2();
  }
  if (name === 'swapPermit2') return viaPermit2();
  if (name === 'swap') return { fields: decodeSwapCalldata(calldata).quote };
  if (name === 'open') {
    const { quote } = decodeOpenCalldata(calldata);
    return { fields: quote, order: quote };
  }
  if (name === 'openFor') {
    const { order, quote, permitSignature } = decodeOpenForCalldata(calldata);
    return { fields: quote, order: quote, openFor: { order, quote, permitSignature } };
  }
  return undefined;
}

/** Every way the quote's transaction differs from the order, in words; empty when it does what was asked. */
export function checkFirmQuote(firm: FirmQuoteToCheck, expected: ExpectedSwap): string[] {
  const problems: string[] = [];
  if (!expected.router) return ['this network lists no swap router'];
  if (!isAddressEqual(firm.router_address, expected.router)) problems.push(`the transaction goes to ${short(firm.router_address)}, not to the network's swap router ${short(expected.router)}`);
  let decoded: DecodedCall | undefined;
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
  // The one-time EIP-2612 approval of Permit2 a gasless quote may offer (API.md §9): signed only if it is exactly that.
  const approval = firm.gasless?.approval?.eip712;
  if (approval) {
    if (!expected.permit2) problems.push('the quote offers a token approval on a network that lists no Permit2');
    else problems.push(...checkGaslessApproval(approval, { chainId: expected.chainId, tokenIn: expected.tokenIn, owner: expected.sender, permit2: expected.permit2, deadline: q.deadline, latestDeadlineSec: expected.latestDeadlineSec }));
  }
  if (decoded.openFor || (expected.gasless && crossChainAsked)) return [...problems, ...checkOpenFor(firm, expected, decoded, expected.router, crossChainAsked)];
  if (expected.approval === 'permit2') return [...problems, ...checkPermit2Swap(firm, expected, decoded, expected.router)];
  if (decoded.permit2 || firm.permit2) problems.push('the transaction takes your token through a Permit2 signature you did not ask for');
  if (nativeIn ? firm.allowance_target !== null : !firm.allowance_target || !isAddressEqual(firm.allowance_target, expected.router)) {
    problems.push(`the approval would go to ${firm.allowance_target ? short(firm.allowance_target) : 'nobody'}, not to the swap router`);
  }
  return problems;
}

/** The Permit2 path (API.md §9): a swapPermit2 call that reads the appended signature, and a permit for exactly this order. */
function checkPermit2Swap(firm: FirmQuoteToCheck, expected: ExpectedSwap, decoded: DecodedCall, router: Address): string[] {
  const permit2 = expected.permit2;
  if (!permit2) return ['this network lists no Permit2'];
  if (isAddressEqual(expected.tokenIn, zeroAddress)) return ['the native coin is sent with the transaction, not through Permit2'];
  const problems: string[] = [];
  if (!firm.allowance_target || !isAddressEqual(firm.allowance_target, permit2)) {
    problems.push(`the approval would go to ${firm.allowance_target ? short(firm.allowance_target) : 'nobody'}, not to Permit2`);
  }
  if (!decoded.permit2) return [...problems, 'the transaction is not a Permit2 swap through the router'];
  if (!decoded.permit2.takesAppendedSignature) problems.push('the transaction would not use the signature you are asked for');
  if (!firm.permit2) return [...problems, 'the quote carries no Permit2 permit to sign'];
  const { quote } = decoded.permit2;
  return [
    ...problems,
    ...checkPermit2(firm.permit2.eip712, { chainId: expected.chainId, permit2, router, tokenIn: expected.tokenIn, amountIn: expected.amountIn, quote, latestDeadlineSec: expected.latestDeadlineSec }),
  ];
}

/** The gasless cross-chain path (API.md §9): an `openFor` of an order for this wallet, and a permit for exactly it. */
function checkOpenFor(firm: FirmQuoteToCheck, expected: ExpectedSwap, decoded: DecodedCall, router: Address, crossChainAsked: boolean): string[] {
  if (!expected.gasless || !crossChainAsked) return ['the transaction is a gasless cross-chain order you did not ask for'];
  if (!decoded.openFor) return ['the transaction is not the gasless order you asked for: Swapdesk could not send it for you'];
  const permit2 = expected.permit2;
  if (!permit2) return ['this network lists no Permit2'];
  if (isAddressEqual(expected.tokenIn, zeroAddress)) return ['the native coin cannot be taken through Permit2'];
  const problems: string[] = [];
  if (!firm.allowance_target || !isAddressEqual(firm.allowance_target, permit2)) {
    problems.push(`the approval would go to ${firm.allowance_target ? short(firm.allowance_target) : 'nobody'}, not to Permit2`);
  }
  if (firm.permit2) problems.push('the quote also asks for a Permit2 swap signature that a gasless order does not need');
  const want = { chainId: expected.chainId, router, permit2, sender: expected.sender, tokenIn: expected.tokenIn, amountIn: expected.amountIn, latestDeadlineSec: expected.latestDeadlineSec };
  return [...problems, ...checkGaslessOrder(decoded.openFor, firm.gasless?.eip712 ?? undefined, want)];
}

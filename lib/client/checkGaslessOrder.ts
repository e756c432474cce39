// Checks the gasless half of a cross-chain firm quote (API.md §9): the ERC-7683 GaslessCrossChainOrder that
// `openFor` opens, and the Permit2 permit the trader is asked to sign for it. The order's CrossChainQuote (its
// orderData) is checked like an `open` order's; here, what binds it to this wallet, this router and this quote.
import { hashTypedData, isAddressEqual, type Address, type Hex } from 'viem';
import type { CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { gaslessOrderEip712, gaslessOrderTypedData, type GaslessCrossChainOrder } from '@/lib/contracts/gaslessOrder';
import { checkPermitTerms, type Permit2TypedDataToCheck } from './checkPermit2';

/** What the order must agree with: the network, its router (the origin settler) and Permit2, the trader. */
export type ExpectedGaslessOrder = {
  chainId: number;
  router: Address;
  permit2: Address;
  sender: Address;
  tokenIn: Address;
  amountIn: bigint;
  /** Unix seconds: the latest open deadline the trader accepts. */
  latestDeadlineSec?: number;
};

/** The decoded `openFor(order, permitSignature, originFillerData)` of a firm quote. */
export type DecodedOpenFor = { order: GaslessCrossChainOrder; quote: CrossChainQuote; permitSignature: Hex };

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** Every way the order differs from the quote it carries and from this trader's, in words. */
function checkOrder({ order, quote, permitSignature }: DecodedOpenFor, want: ExpectedGaslessOrder): string[] {
  const problems: string[] = [];
  if (!isAddressEqual(order.originSettler, want.router)) problems.push(`the order would be opened by ${short(order.originSettler)}, not by the network's swap router ${short(want.router)}`);
  if (!isAddressEqual(order.user, want.sender)) problems.push(`the order takes the token of ${short(order.user)}, not of your wallet ${short(want.sender)}`);
  else if (!isAddressEqual(order.user, quote.sender)) problems.push('the order\'s user is not the sender of the quote it carries');
  if (order.originChainId !== BigInt(want.chainId)) problems.push('the order is for another network');
  if (order.nonce !== BigInt(quote.quoteId)) problems.push('the order\'s nonce is not the quote id, so your signature could serve another order');
  if (BigInt(order.openDeadline) !== quote.deadline) problems.push('the order\'s open deadline is not the quote\'s deadline');
  if (order.fillDeadline !== quote.fillDeadline) problems.push('the order\'s fill deadline is not the quote\'s');
  // The calldata is stored as the order to sign: a signature already in it is none of this trader's.
  if (permitSignature !== '0x') problems.push('the transaction already carries a signature you did not make');
  return problems;
}

/** Every way the gasless order or its permit differs from what this trader asked for, in words; empty when signing it is safe. */
export function checkGaslessOrder(decoded: DecodedOpenFor, eip712: Permit2TypedDataToCheck | undefined, want: ExpectedGaslessOrder): string[] {
  const problems = checkOrder(decoded, want);
  if (!eip712) return [...problems, 'the quote carries no Permit2 permit to sign'];
  const { order } = decoded;
  return [
    ...problems,
    ...checkPermitTerms(eip712, {
      chainId: want.chainId, permit2: want.permit2, router: want.router, tokenIn: want.tokenIn, amountIn: want.amountIn,
      nonce: order.nonce, deadline: BigInt(order.openDeadline), latestDeadlineSec: want.latestDeadlineSec, witness: 'the order',
      types: gaslessOrderEip712(order, want.permit2).types,
      digest: hashTypedData(gaslessOrderTypedData(order, want.permit2, want.router)),
    }),
  ];
}

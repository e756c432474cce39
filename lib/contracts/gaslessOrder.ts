// A cross-chain quote as an ERC-7683 GaslessCrossChainOrder: the order the user signs through Permit2 (the whole order
// as witness) and `SwapRouter.openFor` opens for them, sent by anyone (Swapdesk's submitter).
import { decodeFunctionData, encodeFunctionData, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { CROSS_CHAIN_QUOTE_TYPEHASH, decodeOrderData, onchainOrder, type CrossChainQuote } from './crossChainQuote';
import { PERMIT2_ADDRESS, type Permit2Eip712 } from './permit2';

/** ERC-7683 `GaslessCrossChainOrder`, field order as `SwapRouter.GASLESS_ORDER_TYPEHASH`. */
export const GASLESS_ORDER_TYPES = {
  GaslessCrossChainOrder: [
    { name: 'originSettler', type: 'address' },
    { name: 'user', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'originChainId', type: 'uint256' },
    { name: 'openDeadline', type: 'uint32' },
    { name: 'fillDeadline', type: 'uint32' },
    { name: 'orderDataType', type: 'bytes32' },
    { name: 'orderData', type: 'bytes' },
  ],
} as const;

/** Permit2's `PermitWitnessTransferFrom` with the gasless order as witness (`SwapRouter.PERMIT2_ORDER_WITNESS_TYPE`). */
export const PERMIT2_ORDER_TYPES = {
  PermitWitnessTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'witness', type: 'GaslessCrossChainOrder' },
  ],
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  ...GASLESS_ORDER_TYPES,
} as const;

export type GaslessCrossChainOrder = {
  originSettler: Address;
  user: Address;
  nonce: bigint;
  originChainId: bigint;
  openDeadline: number;
  fillDeadline: number;
  orderDataType: Hex;
  orderData: Hex;
};

/**
 * The gasless order of a signed cross-chain quote on `router`: the quote's sender is the user, its deadline the open
 * deadline, and its id the Permit2 nonce (so one signature can never serve two quotes).
 */
export function gaslessOrderOf(quote: CrossChainQuote, quoteSignature: Hex, router: Address): GaslessCrossChainOrder {
  const { orderData } = onchainOrder(quote, quoteSignature);
  return {
    originSettler: router,
    user: quote.sender,
    nonce: BigInt(quote.quoteId),
    originChainId: quote.srcChainId,
    openDeadline: Number(quote.deadline),
    fillDeadline: quote.fillDeadline,
    orderDataType: CROSS_CHAIN_QUOTE_TYPEHASH,
    orderData,
  };
}

/** What the user signs so that `openFor(order)` on `order.originSettler` takes exactly amountIn of tokenIn. */
export function gaslessOrderTypedData(order: GaslessCrossChainOrder, permit2: Address = PERMIT2_ADDRESS, spender: Address = order.originSettler) {
  const { quote } = decodeOrderData(order.orderData);
  return {
    domain: { name: 'Permit2', chainId: order.originChainId, verifyingContract: permit2 },
    types: PERMIT2_ORDER_TYPES,
    primaryType: 'PermitWitnessTransferFrom',
    message: {
      permitted: { token: quote.tokenIn, amount: quote.amountIn },
      spender,
      nonce: order.nonce,
      deadline: BigInt(order.openDeadline),
      witness: order,
    },
  } as const;
}

const EIP712_DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** gaslessOrderTypedData as a firm quote carries it: EIP712Domain listed (Permit2's has no version), bigints as strings. */
export function gaslessOrderEip712(order: GaslessCrossChainOrder, permit2: Address = PERMIT2_ADDRESS): Permit2Eip712 {
  const { message } = gaslessOrderTypedData(order, permit2);
  const types: Record<string, { name: string; type: string }[]> = { EIP712Domain: EIP712_DOMAIN_TYPE };
  for (const [name, fields] of Object.entries(PERMIT2_ORDER_TYPES)) types[name] = fields.map((f) => ({ name: f.name, type: f.type }));
  return {
    domain: { name: 'Permit2', chainId: Number(order.originChainId), verifyingContract: permit2 },
    types,
    primaryType: 'PermitWitnessTransferFrom',
    message: JSON.parse(JSON.stringify(message, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))) as Record<string, unknown>,
  };
}

/** Calldata of `SwapRouter.openFor(order, permitSignature, 0x)`; with `0x` as signature, the order as a quote stores it. */
export function encodeOpenForCalldata(order: GaslessCrossChainOrder, permitSignature: Hex = '0x'): Hex {
  return encodeFunctionData({ abi: swapRouterAbi, functionName: 'openFor', args: [order, permitSignature, '0x'] });
}

/** Inverse of encodeOpenForCalldata; throws when `data` is not an `openFor` call carrying one of our quotes. */
export function decodeOpenForCalldata(data: Hex): { order: GaslessCrossChainOrder; permitSignature: Hex; quote: CrossChainQuote; quoteSignature: Hex } {
  const decoded = decodeFunctionData({ abi: swapRouterAbi, data });
  if (decoded.functionName !== 'openFor') throw new Error(`not an openFor call: ${decoded.functionName}`);
  const [order, permitSignature] = decoded.args;
  if (order.orderDataType !== CROSS_CHAIN_QUOTE_TYPEHASH) throw new Error(`unknown orderDataType ${order.orderDataType}`);
  const { quote, signature } = decodeOrderData(order.orderData);
  return { order: { ...order }, permitSignature, quote, quoteSignature: signature };
}

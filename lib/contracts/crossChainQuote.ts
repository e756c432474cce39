// A cross-chain quote as SwapRouter (the ERC-7683 origin settler) opens it: its EIP-712 signature, the `open`
// calldata that carries both, and the order it makes (FillOrder, originData, orderId) that the destination fills.
import {
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  hashTypedData,
  keccak256,
  recoverTypedDataAddress,
  toHex,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { abiLegs, LEG_TYPE, type Leg } from './legs';
import { swapRouterDomain } from './swapRouterQuote';

/** Field order and types exactly as `SwapRouter.CROSS_CHAIN_QUOTE_TYPEHASH`. */
export const CROSS_CHAIN_QUOTE_TYPES = {
  CrossChainQuote: [
    { name: 'quoteId', type: 'bytes32' },
    { name: 'sender', type: 'address' },
    { name: 'recipient', type: 'address' },
    { name: 'tokenIn', type: 'address' },
    { name: 'amountIn', type: 'uint256' },
    { name: 'feeAmount', type: 'uint256' },
    { name: 'srcLegs', type: 'Leg[]' },
    { name: 'minBridgeAmount', type: 'uint256' },
    { name: 'srcChainId', type: 'uint64' },
    { name: 'dstChainId', type: 'uint64' },
    { name: 'dstSettler', type: 'address' },
    { name: 'dstBridgeToken', type: 'address' },
    { name: 'dstBridgeAmount', type: 'uint256' },
    { name: 'tokenOut', type: 'address' },
    { name: 'minAmountOut', type: 'uint256' },
    { name: 'dstLegs', type: 'Leg[]' },
    { name: 'fillDeadline', type: 'uint32' },
    { name: 'deadline', type: 'uint64' },
  ],
  Leg: LEG_TYPE,
} as const;

/** The ERC-7683 `orderDataType` of our orders: the EIP-712 typehash of CrossChainQuote. */
export const CROSS_CHAIN_QUOTE_TYPEHASH: Hex = keccak256(
  toHex(
    'CrossChainQuote(bytes32 quoteId,address sender,address recipient,address tokenIn,uint256 amountIn,uint256 feeAmount,Leg[] srcLegs,uint256 minBridgeAmount,uint64 srcChainId,uint64 dstChainId,address dstSettler,address dstBridgeToken,uint256 dstBridgeAmount,address tokenOut,uint256 minAmountOut,Leg[] dstLegs,uint32 fillDeadline,uint64 deadline)Leg(uint256 amountIn,address[] path)',
  ),
);

/**
 * A firm cross-chain quote (Solidity `CrossChainQuote`). `tokenIn`/`tokenOut` are the zero address for the native
 * coin. `srcLegs` spend amountIn − feeAmount into the source bridge asset (empty when tokenIn is it); `dstLegs` spend
 * dstBridgeAmount of dstBridgeToken into tokenOut (empty when tokenOut is it). `fillDeadline` is unix seconds on the
 * destination clock; `deadline` is the last second the quote can be opened.
 */
export type CrossChainQuote = {
  quoteId: Hex;
  sender: Address;
  recipient: Address;
  tokenIn: Address;
  amountIn: bigint;
  feeAmount: bigint;
  srcLegs: readonly Leg[];
  minBridgeAmount: bigint;
  srcChainId: bigint;
  dstChainId: bigint;
  dstSettler: Address;
  dstBridgeToken: Address;
  dstBridgeAmount: bigint;
  tokenOut: Address;
  minAmountOut: bigint;
  dstLegs: readonly Leg[];
  fillDeadline: number;
  deadline: bigint;
};

/** What the destination settler fills (Solidity `FillOrder`); `originData = abi.encode(FillOrder)`. */
export type FillOrder = {
  originChainId: bigint;
  originSettler: Address;
  quoteId: Hex;
  user: Address;
  recipient: Address;
  dstChainId: bigint;
  dstSettler: Address;
  dstBridgeToken: Address;
  dstBridgeAmount: bigint;
  tokenOut: Address;
  minAmountOut: bigint;
  dstLegs: readonly Leg[];
  fillDeadline: number;
  openDeadline: bigint;
};

const LEGS_ABI = { type: 'tuple[]', components: [{ name: 'amountIn', type: 'uint256' }, { name: 'path', type: 'address[]' }] } as const;

const FILL_ORDER_ABI = [{
  type: 'tuple',
  components: [
    { name: 'originChainId', type: 'uint64' },
    { name: 'originSettler', type: 'address' },
    { name: 'quoteId', type: 'bytes32' },
    { name: 'user', type: 'address' },
    { name: 'recipient', type: 'address' },
    { name: 'dstChainId', type: 'uint64' },
    { name: 'dstSettler', type: 'address' },
    { name: 'dstBridgeToken', type: 'address' },
    { name: 'dstBridgeAmount', type: 'uint256' },
    { name: 'tokenOut', type: 'address' },
    { name: 'minAmountOut', type: 'uint256' },
    { name: 'dstLegs', ...LEGS_ABI },
    { name: 'fillDeadline', type: 'uint32' },
    { name: 'openDeadline', type: 'uint64' },
  ],
}] as const;

const ORDER_DATA_ABI = [
  {
    type: 'tuple',
    components: CROSS_CHAIN_QUOTE_TYPES.CrossChainQuote.map((f) => (f.type === 'Leg[]' ? { name: f.name, ...LEGS_ABI } : f)),
  },
  { type: 'bytes' },
] as const;

function abiQuote(quote: CrossChainQuote) {
  return { ...quote, srcLegs: abiLegs(quote.srcLegs), dstLegs: abiLegs(quote.dstLegs) };
}

function typedData(chainId: number | bigint, router: Address, quote: CrossChainQuote) {
  return {
    domain: swapRouterDomain(chainId, router),
    types: CROSS_CHAIN_QUOTE_TYPES,
    primaryType: 'CrossChainQuote',
    message: abiQuote(quote),
  } as const;
}

/** The digest the router recovers the signer from (equals `SwapRouter.hashCrossChainQuote`). */
export function hashCrossChainQuote(chainId: number | bigint, router: Address, quote: CrossChainQuote): Hex {
  return hashTypedData(typedData(chainId, router, quote));
}

/** Signs `quote` for the router at `router` on its source chain (the same domain as same-chain quotes). */
export async function signCrossChainQuote(account: LocalAccount, chainId: number | bigint, router: Address, quote: CrossChainQuote): Promise<Hex> {
  return account.signTypedData(typedData(chainId, router, quote));
}

export async function recoverCrossChainQuoteSigner(chainId: number | bigint, router: Address, quote: CrossChainQuote, signature: Hex): Promise<Address> {
  return recoverTypedDataAddress({ ...typedData(chainId, router, quote), signature });
}

/** ERC-7683 `OnchainCrossChainOrder` carrying the signed quote. */
export function onchainOrder(quote: CrossChainQuote, signature: Hex) {
  const orderData = encodeAbiParameters(ORDER_DATA_ABI, [abiQuote(quote), signature]);
  return { fillDeadline: quote.fillDeadline, orderDataType: CROSS_CHAIN_QUOTE_TYPEHASH, orderData };
}

/** Calldata of `SwapRouter.open(order)` for the signed quote (send with value = amountIn when tokenIn is native). */
export function encodeOpenCalldata(quote: CrossChainQuote, signature: Hex): Hex {
  return encodeFunctionData({ abi: swapRouterAbi, functionName: 'open', args: [onchainOrder(quote, signature)] });
}

/** Inverse of encodeOpenCalldata; throws when `data` is not an `open` call carrying one of our quotes. */
export function decodeOpenCalldata(data: Hex): { quote: CrossChainQuote; signature: Hex } {
  const decoded = decodeFunctionData({ abi: swapRouterAbi, data });
  if (decoded.functionName !== 'open') throw new Error(`not an open call: ${decoded.functionName}`);
  const [order] = decoded.args;
  if (order.orderDataType !== CROSS_CHAIN_QUOTE_TYPEHASH) throw new Error(`unknown orderDataType ${order.orderDataType}`);
  const [quote, signature] = decodeAbiParameters(ORDER_DATA_ABI, order.orderData);
  if (quote.fillDeadline !== order.fillDeadline) throw new Error('order fillDeadline differs from the quote');
  return { quote: { ...quote, srcLegs: abiLegs(quote.srcLegs), dstLegs: abiLegs(quote.dstLegs) }, signature };
}

export function encodeOriginData(order: FillOrder): Hex {
  return encodeAbiParameters(FILL_ORDER_ABI, [{ ...order, dstLegs: abiLegs(order.dstLegs) }]);
}

/** Inverse of encodeOriginData; throws on data that is not an encoded FillOrder. */
export function decodeOriginData(originData: Hex): FillOrder {
  const [order] = decodeAbiParameters(FILL_ORDER_ABI, originData);
  return { ...order, dstLegs: abiLegs(order.dstLegs) };
}

/** The order `open` makes of `quote` on the router `originSettler`: the same id `Open`, `resolve()` and `fill()` use. */
export function fillOrderOf(quote: CrossChainQuote, originSettler: Address): { orderId: Hex; originData: Hex; fillOrder: FillOrder } {
  const fillOrder: FillOrder = {
    originChainId: quote.srcChainId,
    originSettler,
    quoteId: quote.quoteId,
    user: quote.sender,
    recipient: quote.recipient,
    dstChainId: quote.dstChainId,
    dstSettler: quote.dstSettler,
    dstBridgeToken: quote.dstBridgeToken,
    dstBridgeAmount: quote.dstBridgeAmount,
    tokenOut: quote.tokenOut,
    minAmountOut: quote.minAmountOut,
    dstLegs: quote.dstLegs,
    fillDeadline: quote.fillDeadline,
    openDeadline: quote.deadline,
  };
  const originData = encodeOriginData(fillOrder);
  return { orderId: keccak256(originData), originData, fillOrder };
}

/** Origin order states (`SwapRouter.orderStatus`). */
export const ORDER_STATUS = { unknown: 0, opened: 1, settled: 2, refunded: 3 } as const;

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
import { abiLegs, fromAbiLegs, LEG_TYPE, type Leg } from './legs';
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
    { name: 'bridgeAmount', type: 'uint256' },
    { name: 'minBridgeAmount', type: 'uint256' },
    { name: 'relayerFeeBps', type: 'uint16' },
    { name: 'relayerGasFee', type: 'uint256' },
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
    { name: 'exclusiveFiller', type: 'address' },
    { name: 'exclusivityDeadline', type: 'uint32' },
  ],
  Leg: LEG_TYPE,
} as const;

/** The ERC-7683 `orderDataType` of our orders: the EIP-712 typehash of CrossChainQuote. */
export const CROSS_CHAIN_QUOTE_TYPEHASH: Hex = keccak256(
  toHex(
    'CrossChainQuote(bytes32 quoteId,address sender,address recipient,address tokenIn,uint256 amountIn,uint256 feeAmount,Leg[] srcLegs,uint256 bridgeAmount,uint256 minBridgeAmount,uint16 relayerFeeBps,uint256 relayerGasFee,uint64 srcChainId,uint64 dstChainId,address dstSettler,address dstBridgeToken,uint256 dstBridgeAmount,address tokenOut,uint256 minAmountOut,Leg[] dstLegs,uint32 fillDeadline,uint64 deadline,address exclusiveFiller,uint32 exclusivityDeadline)Leg(uint256 amountIn,address[] path,uint24[] fees)',
  ),
);

/**
 * A firm cross-chain quote (Solidity `CrossChainQuote`). `tokenIn`/`tokenOut` are the zero address for the native
 * coin. `srcLegs` spend amountIn − feeAmount into the source bridge asset (empty when tokenIn is it), expected to
 * escrow `bridgeAmount` and required to escrow at least `minBridgeAmount`; `dstLegs` spend dstBridgeAmount of
 * dstBridgeToken into tokenOut (empty when tokenOut is it) at the quoted escrow, and are scaled by `open` to the
 * escrow produced (relayerPayout). The relayer's fee on an escrow is `relayerFeeBps` of it, rounded up, plus
 * `relayerGasFee` (source bridge units). `fillDeadline` is unix seconds on the destination clock; `deadline` is the
 * last second the quote can be opened. Until `exclusivityDeadline` (inclusive, destination clock) only
 * `exclusiveFiller` may fill; the zero address leaves the order open to every filler at once.
 */
export type CrossChainQuote = {
  quoteId: Hex;
  sender: Address;
  recipient: Address;
  tokenIn: Address;
  amountIn: bigint;
  feeAmount: bigint;
  srcLegs: readonly Leg[];
  bridgeAmount: bigint;
  minBridgeAmount: bigint;
  relayerFeeBps: number;
  relayerGasFee: bigint;
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
  exclusiveFiller: Address;
  exclusivityDeadline: number;
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
  exclusiveFiller: Address;
  exclusivityDeadline: number;
};

const LEGS_ABI = { type: 'tuple[]', components: [{ name: 'amountIn', type: 'uint256' }, { name: 'path', type: 'address[]' }, { name: 'fees', type: 'uint24[]' }] } as const;

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
    { name: 'exclusiveFiller', type: 'address' },
    { name: 'exclusivityDeadline', type: 'uint32' },
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
  const decodedData = decodeOrderData(order.orderData);
  if (decodedData.quote.fillDeadline !== order.fillDeadline) throw new Error('order fillDeadline differs from the quote');
  return decodedData;
}

/** The signed quote an order's `orderData` carries (`abi.encode(CrossChainQuote, signature)`). */
export function decodeOrderData(orderData: Hex): { quote: CrossChainQuote; signature: Hex } {
  const [quote, signature] = decodeAbiParameters(ORDER_DATA_ABI, orderData);
  return { quote: { ...quote, srcLegs: fromAbiLegs(quote.srcLegs), dstLegs: fromAbiLegs(quote.dstLegs) }, signature };
}

export function encodeOriginData(order: FillOrder): Hex {
  return encodeAbiParameters(FILL_ORDER_ABI, [{ ...order, dstLegs: abiLegs(order.dstLegs) }]);
}

/** Inverse of encodeOriginData; throws on data that is not an encoded FillOrder. */
export function decodeOriginData(originData: Hex): FillOrder {
  const [order] = decodeAbiParameters(FILL_ORDER_ABI, originData);
  return { ...order, dstLegs: fromAbiLegs(order.dstLegs) };
}

const BPS = 10_000n;

/** `SwapRouter.relayerFeeOf`: the relayer's fee on an escrow, `relayerFeeBps` of it rounded up plus `relayerGasFee`. */
export function relayerFeeOf(escrow: bigint, relayerFeeBps: number, relayerGasFee: bigint): bigint {
  return (escrow * BigInt(relayerFeeBps) + BPS - 1n) / BPS + relayerGasFee;
}

/**
 * What the filler pays on the destination when the source swap escrowed `escrowed` (`SwapRouter._payout`): the
 * quoted dstBridgeAmount scaled by the escrow less the relayer's fee on it over the quoted escrow less its fee; 0 when
 * the escrow does not cover the fee (`open` reverts then).
 */
export function relayerPayout(quote: Pick<CrossChainQuote, 'bridgeAmount' | 'dstBridgeAmount' | 'relayerFeeBps' | 'relayerGasFee'>, escrowed: bigint): bigint {
  const fee = relayerFeeOf(escrowed, quote.relayerFeeBps, quote.relayerGasFee);
  const quotedFee = relayerFeeOf(quote.bridgeAmount, quote.relayerFeeBps, quote.relayerGasFee);
  if (escrowed <= fee || quote.bridgeAmount <= quotedFee) return 0n;
  return (quote.dstBridgeAmount * (escrowed - fee)) / (quote.bridgeAmount - quotedFee);
}

/** `LegAmounts.scale`: the legs' amounts rescaled from a total of `from` to `to`, shares kept, the last taking the rest. */
export function scaleLegs(legs: readonly Leg[], from: bigint, to: bigint): Leg[] {
  if (from === to || legs.length === 0) return legs.map((l) => ({ ...l }));
  let spent = 0n;
  return legs.map((leg, i) => {
    const amountIn = i === legs.length - 1 ? to - spent : (leg.amountIn * to) / from;
    spent += amountIn;
    return { ...leg, amountIn };
  });
}

/**
 * The order `open` makes of `quote` on the router `originSettler` when the source swap escrows `escrowed` (default:
 * exactly the quoted bridgeAmount, as `resolve()` answers): the same id `Open` and `fill()` use.
 */
export function fillOrderOf(quote: CrossChainQuote, originSettler: Address, escrowed: bigint = quote.bridgeAmount): { orderId: Hex; originData: Hex; fillOrder: FillOrder } {
  const payout = escrowed === quote.bridgeAmount ? quote.dstBridgeAmount : relayerPayout(quote, escrowed);
  const fillOrder: FillOrder = {
    originChainId: quote.srcChainId,
    originSettler,
    quoteId: quote.quoteId,
    user: quote.sender,
    recipient: quote.recipient,
    dstChainId: quote.dstChainId,
    dstSettler: quote.dstSettler,
    dstBridgeToken: quote.dstBridgeToken,
    dstBridgeAmount: payout,
    tokenOut: quote.tokenOut,
    minAmountOut: quote.minAmountOut,
    dstLegs: scaleLegs(quote.dstLegs, quote.dstBridgeAmount, payout),
    fillDeadline: quote.fillDeadline,
    openDeadline: quote.deadline,
    exclusiveFiller: quote.exclusiveFiller,
    exclusivityDeadline: quote.exclusivityDeadline,
  };
  const originData = encodeOriginData(fillOrder);
  return { orderId: keccak256(originData), originData, fillOrder };
}

/** Origin order states (`SwapRouter.orderStatus`). */
export const ORDER_STATUS = { unknown: 0, opened: 1, settled: 2, refunded: 3 } as const;

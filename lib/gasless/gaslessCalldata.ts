// The transaction a gasless order becomes once its sender has signed: the stored calldata of its kind (same-chain
// `swapPermit2`, cross-chain `openFor`) completed with the sender's Permit2 signature, and the typed data it signs.
import { getAbiItem, hashTypedData, isAddressEqual, slice, toFunctionSelector, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { decodeOpenForCalldata, encodeOpenForCalldata, gaslessOrderTypedData } from '@/lib/contracts/gaslessOrder';
import { appendPermit2Signature, decodeSwapPermit2Calldata, permit2TypedData } from '@/lib/contracts/permit2';

export type GaslessKind = 'swapPermit2' | 'openFor';

const OPEN_FOR = toFunctionSelector(getAbiItem({ abi: swapRouterAbi, name: 'openFor' }));

/** Which router call a gasless order's stored calldata is. */
export function gaslessKindOf(calldata: Hex): GaslessKind {
  return slice(calldata, 0, 4) === OPEN_FOR ? 'openFor' : 'swapPermit2';
}

/** The calldata the submitter sends: `swapPermit2` with the signature appended, or `openFor` with it as its argument. */
export function gaslessCalldata(calldata: Hex, signature: Hex): Hex {
  if (gaslessKindOf(calldata) === 'swapPermit2') return appendPermit2Signature(calldata, signature);
  return encodeOpenForCalldata(decodeOpenForCalldata(calldata).order, signature);
}

/**
 * The EIP-712 digest the sender signs for the order on `router`: Permit2's PermitWitnessTransferFrom whose witness is
 * the quote (same-chain) or the whole GaslessCrossChainOrder (cross-chain). Throws when the order names another settler.
 */
export function gaslessDigest(chainId: number, router: Address, permit2: Address, calldata: Hex): Hex {
  if (gaslessKindOf(calldata) === 'swapPermit2') return hashTypedData(permit2TypedData(chainId, router, decodeSwapPermit2Calldata(calldata).quote, permit2));
  const { order } = decodeOpenForCalldata(calldata);
  if (!isAddressEqual(order.originSettler, router) || order.originChainId !== BigInt(chainId)) throw new Error('the order names another origin settler');
  return hashTypedData(gaslessOrderTypedData(order, permit2, router));
}

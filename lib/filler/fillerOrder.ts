// An open cross-chain order as a filler needs it: where to fill and with what, and what it is repaid where.
import { getAddress, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';
import type { CrossChainOrderDTO } from '@/lib/api/schemas/crosschainOrders';
import { decodeOriginData } from '@/lib/contracts/crossChainQuote';

export type FillerOrder = {
  orderId: Hex;
  originChainId: number;
  dstChainId: number;
  originSettler: Address;
  dstSettler: Address;
  originData: Hex;
  /** The escrow on the origin: what the filler is repaid. */
  escrowToken: Address;
  escrowAmount: bigint;
  /** What the filler pays on the destination from its own inventory. */
  bridgeToken: Address;
  bridgeAmount: bigint;
  fillDeadline: number;
  /** Zero address: anyone may fill at once. */
  exclusiveFiller: Address;
  exclusivityDeadline: number;
};

/** The terms come from the origin data itself (the id binds them), never from the feed's other fields. */
export function fillerOrderOf(origin: { orderId: Hex; originChainId: number; originSettler: Address; originData: Hex; escrowToken: Address; escrowAmount: bigint }): FillerOrder {
  const fill = decodeOriginData(origin.originData);
  return {
    ...origin,
    dstChainId: Number(fill.dstChainId),
    dstSettler: getAddress(fill.dstSettler),
    bridgeToken: getAddress(fill.dstBridgeToken),
    bridgeAmount: fill.dstBridgeAmount,
    fillDeadline: fill.fillDeadline,
    exclusiveFiller: isAddressEqual(fill.exclusiveFiller, zeroAddress) ? zeroAddress : getAddress(fill.exclusiveFiller),
    exclusivityDeadline: fill.exclusivityDeadline,
  };
}

/** An order of GET /v1/crosschain/orders. */
export function fillerOrderOfJson(o: CrossChainOrderDTO): FillerOrder {
  return fillerOrderOf({
    orderId: o.order_id as Hex, originChainId: o.origin_chain_id, originSettler: getAddress(o.origin_settler), originData: o.origin_data as Hex,
    escrowToken: getAddress(o.input.token), escrowAmount: BigInt(o.input.amount),
  });
}

// Before any fill, the origin chain itself (not the store, not the quote's signature) must show the order escrowed in
// our router, in the origin's bridge asset: a leaked quote signer key then cannot buy the relayer's inventory with a
// worthless escrow. Whether the escrow is large enough (the payout plus the minimum fee) is the fillers' one judge's
// call (lib/filler/judgeOrder), on the amount read here.
import 'server-only';
import { isAddressEqual, keccak256, type Address, type Hex } from 'viem';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import { ORDER_STATUS, type FillOrder } from '@/lib/contracts/crossChainQuote';
import { convertDecimals } from '@/lib/filler/judgeOrder';
import type { Refusal } from '@/lib/filler/fillPolicy';
import type { RelayerChain } from './relayerChains';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';

export type EscrowCheck =
  | { ok: true; token: Address; amount: bigint; /** The escrow in destination base units. */ escrowOnDst: bigint }
  | { ok: false; refusal: Refusal };

const refuse = (name: string, text: string, deterministic: boolean): EscrowCheck => ({ ok: false, refusal: { name, text, deterministic } });

/**
 * Reads the order's escrow on its origin chain for the fill `fill`. A first fill needs the escrow open; a
 * fill again after a destination reorg (`refill`) needs it settled, as it was to this relayer, which owes the delivery.
 */
export async function checkEscrow(src: RelayerChain | undefined, dst: RelayerChain, order: StoredOrder, fill: FillOrder, refill = false): Promise<EscrowCheck> {
  if (keccak256(order.origin_data as Hex) !== order.order_id.toLowerCase()) return refuse('OrderIdMismatch', 'the stored order does not hash to its id', true);
  if (!src?.originSettler || !src.bridgeToken) return refuse('OriginUnknown', `the relayer does not follow origin chain ${order.src_chain_id}`, false);
  if (fill.originChainId !== BigInt(src.id) || !isAddressEqual(fill.originSettler, src.originSettler)) {
    return refuse('OriginUnknown', 'the order names an origin settler that is not ours', true);
  }
  if (src.bridgeDecimals === undefined || dst.bridgeDecimals === undefined) {
    return refuse('BridgeDecimalsUnknown', 'the chain registry does not list the bridge asset\'s decimals', false);
  }
  const [, , status, token, , amount] = await src.client.readContract({
    address: src.originSettler, abi: originSettlerAbi, functionName: 'escrows', args: [order.order_id as Hex],
  });
  if (status === ORDER_STATUS.unknown) return refuse('EscrowNotFound', 'the origin chain shows no escrow for this order (yet)', false);
  if (refill ? status !== ORDER_STATUS.settled : status !== ORDER_STATUS.opened) {
    return refuse('EscrowClosed', refill ? 'the origin escrow is no longer settled (a reorg on the origin); the order is settled again first' : 'the origin escrow is settled or refunded already', !refill);
  }
  if (!isAddressEqual(token, src.bridgeToken)) {
    return refuse('EscrowNotBridgeAsset', `the origin escrow holds ${token}, not the bridge asset ${src.bridgeToken}`, true);
  }
  return { ok: true, token, amount, escrowOnDst: convertDecimals(amount, src.bridgeDecimals, dst.bridgeDecimals) };
}

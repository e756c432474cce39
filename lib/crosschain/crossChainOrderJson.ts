// A stored cross-chain order as fillers read it (API.md §10): its terms from the origin data, its progress from the store.
import { getAddress, isAddressEqual, zeroAddress, type Hex } from 'viem';
import type { CrossChainOrderDTO } from '@/lib/api/schemas/crosschainOrders';
import { decodeOriginData } from '@/lib/contracts/crossChainQuote';
import type { OrderState } from './crosschainTables';
import type { StoredOrder } from './orderStore';

const STATUS: Record<OrderState, CrossChainOrderDTO['status']> = { opened: 'open', filled: 'filled', settled: 'settled', expired: 'expired', refunded: 'refunded' };

export function crossChainOrderJson(order: StoredOrder): CrossChainOrderDTO {
  const fill = decodeOriginData(order.origin_data as Hex);
  const exclusive = !isAddressEqual(fill.exclusiveFiller, zeroAddress);
  return {
    order_id: order.order_id,
    origin_chain_id: order.src_chain_id,
    destination_chain_id: order.dst_chain_id,
    origin_settler: getAddress(order.origin_settler),
    destination_settler: getAddress(fill.dstSettler),
    origin_data: order.origin_data,
    fill_deadline: order.fill_deadline,
    exclusive_filler: exclusive ? getAddress(fill.exclusiveFiller) : null,
    exclusivity_deadline: exclusive ? fill.exclusivityDeadline : 0,
    input: { token: getAddress(order.escrow_token), amount: order.escrow_amount },
    output: {
      token: getAddress(fill.tokenOut), min_amount: fill.minAmountOut.toString(), recipient: getAddress(fill.recipient),
      bridge_token: getAddress(fill.dstBridgeToken), bridge_amount: fill.dstBridgeAmount.toString(),
    },
    status: STATUS[order.state],
    filler: order.relayer === null ? null : getAddress(order.relayer),
    fill_tx_hash: order.fill_tx_hash,
    settle_tx_hash: order.settle_tx_hash,
    opened_at: order.open_ts,
  };
}

// Turns an origin settler's Open and OrderEscrowed logs into order rows; logs that do not describe a sound order of
// this settler (wrong chain, wrong settler, originData not hashing to the order id) are left out and named.
import { decodeEventLog, getAddress, isAddressEqual, keccak256, type Address, type Hex, type Log } from 'viem';
import { decodeOriginData, type FillOrder } from '@/lib/contracts/crossChainQuote';
import type { NewOrder } from '@/lib/crosschain/orderStore';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';

export type DecodedDeposits = { orders: Omit<NewOrder, 'open_ts'>[]; rejected: { orderId: Hex; reason: string }[] };

/** Decodes the logs of one origin settler on `chainId` (both events of one transaction arrive together). */
export function decodeDeposits(chainId: number, settler: Address, logs: readonly Log[]): DecodedDeposits {
  const escrows = new Map<string, { quoteId: Hex; token: Address; amount: bigint }>();
  const opens: { log: Log; orderId: Hex; user: Address; fillDeadline: number; originData: Hex | undefined }[] = [];
  for (const entry of logs) {
    if (!isAddressEqual(entry.address, settler)) continue;
    let event;
    try {
      event = decodeEventLog({ abi: originSettlerAbi, data: entry.data, topics: entry.topics });
    } catch {
      continue; // another of the router's events
    }
    if (event.eventName === 'OrderEscrowed') {
      escrows.set(event.args.orderId.toLowerCase(), { quoteId: event.args.quoteId, token: event.args.bridgeToken, amount: event.args.amount });
    } else if (event.eventName === 'Open') {
      const r = event.args.resolvedOrder;
      opens.push({ log: entry, orderId: event.args.orderId, user: r.user, fillDeadline: r.fillDeadline, originData: r.fillInstructions[0]?.originData });
    }
  }
  const out: DecodedDeposits = { orders: [], rejected: [] };
  for (const open of opens) {
    const reject = (reason: string) => out.rejected.push({ orderId: open.orderId, reason });
    if (!open.originData || keccak256(open.originData) !== open.orderId.toLowerCase()) { reject('originData does not hash to the order id'); continue; }
    let fill: FillOrder;
    try {
      fill = decodeOriginData(open.originData);
    } catch {
      reject('originData is not a FillOrder');
      continue;
    }
    if (fill.originChainId !== BigInt(chainId) || !isAddressEqual(fill.originSettler, settler)) { reject('order names another origin'); continue; }
    const escrow = escrows.get(open.orderId.toLowerCase());
    if (!escrow) { reject('no OrderEscrowed beside the Open'); continue; }
    if (open.log.transactionHash === null || open.log.blockNumber === null) continue; // pending logs are not deposits yet
    out.orders.push({
      order_id: open.orderId,
      quote_id: escrow.quoteId,
      src_chain_id: chainId,
      dst_chain_id: Number(fill.dstChainId),
      origin_settler: getAddress(settler),
      user_address: getAddress(open.user),
      recipient: getAddress(fill.recipient),
      escrow_token: getAddress(escrow.token),
      escrow_amount: escrow.amount.toString(),
      dst_bridge_amount: fill.dstBridgeAmount.toString(),
      fill_deadline: open.fillDeadline,
      origin_data: open.originData,
      open_tx_hash: open.log.transactionHash,
      open_block: Number(open.log.blockNumber),
    });
  }
  return out;
}

// A filler's orders straight from the origin chains' Open events, and attestations from the attester's own HTTP
// endpoint (POST /v1/attest): for a filler that trusts no API of Swapdesk's but its attester. `chainOpenOrders` alone
// also backs the default source, beside the orders feed.
import { createPublicClient, getAbiItem, getAddress, http, type Address, type Hex, type PublicClient } from 'viem';
import { attesterClient } from '@/lib/attester/attesterClient';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { releaseCalldata } from './fillCalls';
import { fillerOrderOf, type FillerOrder } from './fillerOrder';
import type { OrderSource } from './orderSource';

const OPEN = getAbiItem({ abi: originSettlerAbi, name: 'Open' });
const ESCROWED = getAbiItem({ abi: originSettlerAbi, name: 'OrderEscrowed' });

export type OriginChain = { id: number; rpcUrl: string; router: Address };

/** The orders escrowed and still open on `origins`, read from their routers' `Open` events, oldest first. */
export function chainOpenOrders(origins: readonly OriginChain[], timeoutMs = 5_000): OrderSource['openOrders'] {
  const state = origins.map((o) => ({ ...o, client: createPublicClient({ transport: http(o.rpcUrl, { timeout: timeoutMs }), pollingInterval: 50 }) as PublicClient, from: 0n }));
  const known = new Map<string, FillerOrder>();
  return async () => {
    for (const chain of state) {
      const head = await chain.client.getBlockNumber({ cacheTime: 0 });
      if (head < chain.from) continue;
      const [opens, escrows] = await Promise.all([
        chain.client.getLogs({ address: chain.router, event: OPEN, fromBlock: chain.from, toBlock: head }),
        chain.client.getLogs({ address: chain.router, event: ESCROWED, fromBlock: chain.from, toBlock: head }),
      ]);
      const escrowOf = new Map(escrows.map((e) => [e.args.orderId?.toLowerCase(), e.args]));
      for (const open of opens) {
        const originData = open.args.resolvedOrder?.fillInstructions[0]?.originData;
        const escrow = escrowOf.get(open.args.orderId?.toLowerCase());
        if (!open.args.orderId || !originData || !escrow?.bridgeToken || escrow.amount === undefined) continue;
        known.set(open.args.orderId.toLowerCase(), fillerOrderOf({
          orderId: open.args.orderId, originChainId: chain.id, originSettler: getAddress(chain.router), originData, escrowToken: escrow.bridgeToken, escrowAmount: escrow.amount,
        }));
      }
      chain.from = head + 1n;
    }
    const open: FillerOrder[] = [];
    for (const order of known.values()) {
      const chain = state.find((c) => c.id === order.originChainId);
      const status = chain ? await chain.client.readContract({ address: chain.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [order.orderId] }) : undefined;
      if (status === ORDER_STATUS.opened) open.push(order);
      else known.delete(order.orderId.toLowerCase());
    }
    return open;
  };
}

export function chainOrderSource(origins: readonly OriginChain[], attesterUrl: string, timeoutMs = 5_000): OrderSource {
  const attester = attesterClient(attesterUrl, timeoutMs);
  return {
    openOrders: chainOpenOrders(origins, timeoutMs),
    async attestation(order) {
      const answer = await attester.attest({ originChainId: order.originChainId, orderId: order.orderId, originData: order.originData });
      if (answer.kind !== 'filled') return { status: answer.kind };
      const calldata: Hex = releaseCalldata(order.orderId, answer);
      return { status: 'filled', repayment: answer.relayer, calldata };
    },
  };
}

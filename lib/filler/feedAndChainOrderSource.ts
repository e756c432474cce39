// The default source of `npm run filler`: open orders from the orders feed and from the origin chains' Open events
// together, attestations from the public endpoint. The feed lists an order once Swapdesk's relayer has recorded it;
// the chain has it as soon as it is escrowed, so the filler still finds every order while that relayer is down.
import type { FillerOrder } from './fillerOrder';
import type { OrderSource } from './orderSource';

export function feedAndChainOrderSource(feed: OrderSource, chainOpenOrders: OrderSource['openOrders']): OrderSource {
  return {
    async openOrders() {
      // A feed that does not answer only loses its hint; the chain's own record still counts.
      const [fromChain, fromFeed] = await Promise.all([chainOpenOrders(), feed.openOrders().catch((): FillerOrder[] => [])]);
      const byId = new Map<string, FillerOrder>();
      for (const order of [...fromChain, ...fromFeed]) if (!byId.has(order.orderId.toLowerCase())) byId.set(order.orderId.toLowerCase(), order);
      return [...byId.values()];
    },
    attestation: (order) => feed.attestation(order),
  };
}

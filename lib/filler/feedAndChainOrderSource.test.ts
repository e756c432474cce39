import { describe, expect, it } from 'vitest';
import type { FillerOrder } from './fillerOrder';
import { feedAndChainOrderSource } from './feedAndChainOrderSource';
import type { OrderSource } from './orderSource';

const order = (id: string, from: 'feed' | 'chain') => ({ orderId: id, originChainId: from === 'feed' ? 1 : 2 }) as unknown as FillerOrder;

describe('feedAndChainOrderSource', () => {
  const feed = (orders: FillerOrder[] | Error): OrderSource => ({
    openOrders: async () => {
      if (orders instanceof Error) throw orders;
      return orders;
    },
    attestation: async () => ({ status: 'pending' }),
  });

  it('lists every order either knows once, the chain\'s copy first', async () => {
    const source = feedAndChainOrderSource(feed([order('0xAA', 'feed'), order('0xbb', 'feed')]), async () => [order('0xaa', 'chain'), order('0xcc', 'chain')]);
    const listed = await source.openOrders();
    expect(listed.map((o) => o.orderId.toLowerCase())).toEqual(['0xaa', '0xcc', '0xbb']);
    expect(listed[0]?.originChainId).toBe(2);
  });

  it('still lists the chain\'s orders when the feed does not answer (our relayer or API down)', async () => {
    const source = feedAndChainOrderSource(feed(new Error('HTTP 503')), async () => [order('0x01', 'chain')]);
    expect((await source.openOrders()).map((o) => o.orderId)).toEqual(['0x01']);
  });

  it('a chain that does not answer is an error, not an empty list', async () => {
    const source = feedAndChainOrderSource(feed([order('0x01', 'feed')]), () => Promise.reject(new Error('RPC timeout')));
    await expect(source.openOrders()).rejects.toThrow('RPC timeout');
  });
});

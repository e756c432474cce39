import { describe, expect, it } from 'vitest';
import { keccak256, zeroAddress, type Address, type Hex } from 'viem';
import { encodeOriginData } from '@/lib/contracts/crossChainQuote';
import { orderEventStream } from './orderEventStream';
import type { OrderStore, StoredOrder } from './orderStore';
import { OrderStreamHub } from './orderStreamHub';

const POLL_MS = 10;
const A = '0x00000000000000000000000000000000000000a1' as Address;

function order(n: number, state: StoredOrder['state'], updatedAt: number): StoredOrder {
  const originData = encodeOriginData({
    originChainId: 1n, originSettler: A, quoteId: `0x${n.toString(16).padStart(64, '0')}`, user: A, recipient: A, dstChainId: 2n, dstSettler: A,
    dstBridgeToken: A, dstBridgeAmount: 1_000n, tokenOut: A, minAmountOut: 1_000n, dstLegs: [], fillDeadline: 2_000, openDeadline: 2_000n,
    exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
  });
  return {
    order_id: keccak256(originData), quote_id: `0x${n.toString(16).padStart(64, '0')}`, src_chain_id: 1, dst_chain_id: 2, origin_settler: A, user_address: A,
    recipient: A, escrow_token: A, escrow_amount: '1001', dst_bridge_amount: '1000', fill_deadline: 2_000, origin_data: originData as Hex,
    open_tx_hash: `0x${'11'.repeat(32)}`, open_block: 1, open_ts: 1_000, state, pending_tx_hash: null, pending_kind: null,
    relayer: state === 'opened' ? null : A, fill_tx_hash: state === 'opened' ? null : `0x${'22'.repeat(32)}`, fill_block: null, fill_ts: null, amount_out: null,
    settle_tx_hash: null, settle_block: null, refund_tx_hash: null, refund_block: null, created_at: 1_000, updated_at: updatedAt,
  };
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 2_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('OrderStreamHub', () => {
  it('polls the store once per interval for every subscriber, and stops when the last one leaves', async () => {
    let reads = 0;
    const rows: StoredOrder[] = [];
    const hub = new OrderStreamHub({ loadChanged: async (since) => { reads += 1; return rows.filter((r) => r.updated_at >= since); }, pollMs: POLL_MS, nowSec: () => 100 });
    const got: string[][] = [[], [], []];
    const leave = got.map((list) => hub.subscribe((orders) => list.push(...orders.map((o) => `${o.order_id}:${o.state}`))));
    expect(hub.pollerCount()).toBe(1);
    expect(hub.subscriberCount()).toBe(3);
    rows.push(order(1, 'filled', 100));
    await until(() => got.every((l) => l.length > 0), 'every subscriber to hear the change');
    const before = reads;
    await new Promise((r) => setTimeout(r, POLL_MS * 10));
    // One poller: about one read per interval, not one per subscriber.
    expect(reads - before).toBeLessThanOrEqual(12);
    for (const l of leave) l();
    expect(hub.pollerCount()).toBe(0);
    const stopped = reads;
    await new Promise((r) => setTimeout(r, POLL_MS * 5));
    expect(reads - stopped).toBeLessThanOrEqual(1);
  });

  it('many streams share one store poller; each sends only its own chains and each change once', async () => {
    let reads = 0;
    const rows: StoredOrder[] = [order(1, 'opened', 100)];
    const hub = new OrderStreamHub({ loadChanged: async (since) => { reads += 1; return rows.filter((r) => r.updated_at >= since); }, pollMs: POLL_MS, nowSec: () => 100 });
    const store = { page: async () => rows.filter((r) => r.state === 'opened') } as unknown as OrderStore;
    const aborts = Array.from({ length: 20 }, () => new AbortController());
    const texts = aborts.map(() => ({ text: '' }));
    const decoder = new TextDecoder();
    const readers = aborts.map((ac, i) => {
      const filter = i === 0 ? { origin_chain_id: 5 } : {};
      const reader = orderEventStream({ store, hub, filter, signal: ac.signal }).getReader();
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const slot = texts[i];
          if (slot) slot.text += decoder.decode(value);
        }
      })();
      return reader;
    });
    await until(() => hub.subscriberCount() === aborts.length, 'every stream to join');
    expect(hub.pollerCount()).toBe(1);
    rows[0] = order(1, 'filled', 101);
    await until(() => texts.slice(1).every((t) => t.text.includes('"status":"filled"')), 'the fill on every stream');
    const events = (t: { text: string }) => t.text.split('\n').filter((l) => l === 'event: order').length;
    await new Promise((r) => setTimeout(r, POLL_MS * 5));
    // Opened at connect, then filled, once each, though the poller reads the same row again every interval.
    for (const t of texts.slice(1)) expect(events(t)).toBe(2);
    expect(events(texts[0] ?? { text: '' })).toBe(0);
    const polls = reads;
    await new Promise((r) => setTimeout(r, POLL_MS * 10));
    expect(reads - polls).toBeLessThanOrEqual(12);
    for (const ac of aborts) ac.abort();
    await until(() => hub.pollerCount() === 0, 'the poller to stop');
    await Promise.all(readers.map((r) => r.cancel().catch(() => undefined)));
  });
});

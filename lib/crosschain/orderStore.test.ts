import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import type { CrosschainDb, CrosschainTables } from './crosschainTables';
import { orderStore, type NewOrder, type OrderStore } from './orderStore';

const A = 31337;
const B = 31338;
const id = (byte: string) => `0x${byte.repeat(32)}`;
const order = (byte: string, over: Partial<NewOrder> = {}): NewOrder => ({
  order_id: id(byte),
  quote_id: id(`e${byte[0] ?? '0'}`),
  src_chain_id: A,
  dst_chain_id: B,
  origin_settler: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  user_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  escrow_token: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  escrow_amount: (2n ** 200n).toString(),
  dst_bridge_amount: (2n ** 200n - 1000n).toString(),
  fill_deadline: 4_102_444_800, // beyond 2^31: BIGINT on both dialects
  origin_data: '0xabcdef',
  open_tx_hash: id('0a'),
  open_block: 100,
  open_ts: 1_795_000_000,
  ...over,
});
const fill = (block: number, ts = 1_795_000_004) => ({ relayer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', txHash: id('f0'), block, ts, amountOut: 42n });

describe.each(TEST_DB_KINDS)('orderStore on %s', (kind) => {
  let t: TestDb;
  let store: OrderStore;

  beforeAll(async () => {
    t = await openTestDb(kind);
    store = orderStore(t.db.withTables<CrosschainTables>());
  });
  afterAll(async () => t?.dispose());

  it('records an Open once, reads it back exactly by order, quote and origin tx (any hex case)', async () => {
    const o = order('11', { open_tx_hash: id('AB') });
    expect(await store.recordOpened(o, 1_795_000_001)).toBe(true);
    expect(await store.recordOpened({ ...o, escrow_amount: '1' }, 1_795_000_009)).toBe(false);
    const expected = {
      ...o, open_tx_hash: id('ab'), state: 'opened', pending_tx_hash: null, pending_kind: null, relayer: null, fill_tx_hash: null,
      fill_block: null, fill_ts: null, amount_out: null, settle_tx_hash: null, settle_block: null, refund_tx_hash: null,
      refund_block: null, created_at: 1_795_000_001, updated_at: 1_795_000_001,
    };
    expect(await store.find(id('11'))).toEqual(expected);
    expect(await store.findByQuoteId(id('E1'))).toEqual(expected);
    expect(await store.findByOpenTxHash(id('Ab'))).toEqual(expected);
    expect(await store.find(id('99'))).toBeUndefined();
  });

  it('walks opened → filled → settled; each step once, and never sideways', async () => {
    await store.recordOpened(order('22'), 1);
    await store.setPending(id('22'), 'fill', id('c1'), 2);
    expect(await store.find(id('22'))).toMatchObject({ pending_tx_hash: id('c1'), pending_kind: 'fill' });
    expect(await store.markSettled(id('22'), { txHash: id('d1'), block: 7 }, 3)).toBe(false);
    expect(await store.markFilled(id('22'), fill(50), 4)).toBe(true);
    expect(await store.markFilled(id('22'), { ...fill(51), txHash: id('f9') }, 5)).toBe(false);
    expect(await store.markExpired(id('22'), 5)).toBe(false);
    expect(await store.find(id('22'))).toMatchObject({
      state: 'filled', fill_tx_hash: id('f0'), fill_block: 50, fill_ts: 1_795_000_004, amount_out: '42', pending_tx_hash: null, pending_kind: null,
    });
    expect(await store.markSettled(id('22'), { txHash: id('d1'), block: 120 }, 7)).toBe(true);
    expect(await store.markRefunded(id('22'), { txHash: id('d2'), block: 121 }, 8)).toBe(false);
    expect(await store.find(id('22'))).toMatchObject({ state: 'settled', settle_tx_hash: id('d1'), settle_block: 120, refund_tx_hash: null });
  });

  it('walks opened → expired → refunded, and a fill after expiry is refused', async () => {
    await store.recordOpened(order('33'), 1);
    expect(await store.markExpired(id('33'), 2)).toBe(true);
    expect(await store.markFilled(id('33'), fill(60), 3)).toBe(false);
    expect(await store.markSettled(id('33'), { txHash: id('d3'), block: 9 }, 4)).toBe(false);
    expect(await store.markRefunded(id('33'), { txHash: id('d4'), block: 130 }, 5)).toBe(true);
    expect(await store.find(id('33'))).toMatchObject({ state: 'refunded', refund_tx_hash: id('d4'), refund_block: 130, fill_tx_hash: null });
  });

  it('lists active orders, what is owed per destination, pending counts and fill-time samples', async () => {
    const active = (await store.active()).map((o) => [o.order_id, o.state]);
    expect(active).toEqual([[id('11'), 'opened']]);
    await store.recordOpened(order('44', { dst_bridge_amount: '5' }), 10);
    await store.recordOpened(order('55', { src_chain_id: B, dst_chain_id: A, dst_bridge_amount: '7' }), 11);
    expect(await store.owedFills(B)).toBe(2n ** 200n - 1000n + 5n);
    expect(await store.owedFills(A)).toBe(7n);
    await store.markFilled(id('44'), fill(70, 1_795_000_003), 12);
    expect(await store.owedFills(B)).toBe(2n ** 200n - 1000n);
    expect(await store.pendingOrders()).toEqual([{ chainId: A, toFill: 1, toSettle: 1 }, { chainId: B, toFill: 1, toSettle: 0 }]);
    // Newest first by when the deposit was recorded; a destination clock behind the origin's counts as 0 s.
    await store.recordOpened(order('66', { open_ts: 1_795_000_100 }), 13);
    await store.markFilled(id('66'), fill(71, 1_795_000_090), 14);
    const aToB = { srcChainId: A, dstChainId: B };
    expect(await store.recentFillSeconds(aToB, 2)).toEqual([0, 3]);
    expect(await store.recentFillSeconds(aToB, 10)).toEqual([0, 3, 4]);
    // Fills are counted per route: B → A has its own, and A → A (no such fill) none.
    await store.markFilled(id('55'), fill(72, 1_795_000_030), 15);
    expect(await store.recentFillSeconds({ srcChainId: B, dstChainId: A }, 10)).toEqual([30]);
    expect(await store.recentFillSeconds({ srcChainId: A, dstChainId: A }, 10)).toEqual([]);
  });

  it('unwinds a reorg on one chain: untouched deposits there forgotten, fills there reopened, settles and refunds there undone', async () => {
    const u = await openTestDb(kind);
    try {
      const db: CrosschainDb = u.db.withTables<CrosschainTables>();
      const s = orderStore(db);
      // Opened on A at 100 (kept) and at 200 (dropped); one filled on B at 300 and one at 299 (kept).
      await s.recordOpened(order('a1', { open_block: 100 }), 1);
      await s.recordOpened(order('a2', { open_block: 200 }), 1);
      await s.recordOpened(order('a3', { open_block: 90 }), 1);
      await s.recordOpened(order('a4', { open_block: 91 }), 1);
      await s.markFilled(id('a1'), fill(300), 2);
      await s.markFilled(id('a3'), fill(299), 2);
      await s.markSettled(id('a3'), { txHash: id('d5'), block: 210 }, 3);
      await s.markExpired(id('a4'), 2);
      await s.markRefunded(id('a4'), { txHash: id('d6'), block: 150 }, 3);
      // Opened in the replaced blocks too, but already filled, or with a fill on its way: kept.
      await s.recordOpened(order('a5', { open_block: 250 }), 1);
      await s.markFilled(id('a5'), fill(301), 2);
      await s.recordOpened(order('a6', { open_block: 251 }), 1);
      await s.setPending(id('a6'), 'fill', id('c6'), 2);
      await db.transaction().execute(async (trx) => orderStore(trx).unwindFrom(A, 200, 9));
      expect(await s.find(id('a2'))).toBeUndefined();
      expect(await s.find(id('a5'))).toMatchObject({ state: 'filled', fill_block: 301 });
      expect(await s.find(id('a6'))).toMatchObject({ state: 'opened', pending_tx_hash: id('c6') });
      expect(await s.find(id('a1'))).toMatchObject({ state: 'filled', fill_block: 300 });
      expect(await s.find(id('a3'))).toMatchObject({ state: 'filled', settle_tx_hash: null, settle_block: null, updated_at: 9 });
      expect(await s.find(id('a4'))).toMatchObject({ state: 'refunded', refund_block: 150 });
      await s.unwindFrom(A, 150, 10);
      expect(await s.find(id('a4'))).toMatchObject({ state: 'expired', refund_tx_hash: null, refund_block: null });
      await s.unwindFrom(B, 300, 11);
      expect(await s.find(id('a1'))).toMatchObject({ state: 'opened', relayer: null, fill_tx_hash: null, fill_block: null, amount_out: null });
      expect(await s.find(id('a3'))).toMatchObject({ state: 'filled', fill_block: 299 });
    } finally {
      await u.dispose();
    }
  });

  it('keeps one scan cursor per chain, rewinds it, and keeps the inventory across cursor moves', async () => {
    expect(await store.progress(A)).toBeUndefined();
    await store.saveProgress(A, 10, id('AA'), 1000);
    await store.saveInventory(A, { bridge: 2_000_000_000_000n, native: 10n ** 20n }, 1001);
    await store.saveProgress(A, 12, id('bb'), 1002);
    await store.saveProgress(B, 5, id('cc'), 1003);
    expect(await store.progress(A)).toEqual({
      chainId: A, scannedBlock: 12, scannedHash: id('bb'), bridgeInventory: 2_000_000_000_000n, nativeInventory: 10n ** 20n, updatedAtMs: 1002,
    });
    expect((await store.allProgress()).map((p) => [p.chainId, p.scannedBlock, p.bridgeInventory])).toEqual([[A, 12, 2_000_000_000_000n], [B, 5, null]]);
  });

  it('takes a grace refund the user claimed after a fill (the origin has the last word), but not before a fill', async () => {
    await store.recordOpened(order('77'), 1);
    expect(await store.markRefunded(id('77'), { txHash: id('d7'), block: 9 }, 2)).toBe(false);
    await store.markFilled(id('77'), fill(80), 3);
    expect(await store.markRefunded(id('77'), { txHash: id('d7'), block: 140 }, 4)).toBe(true);
    expect(await store.markSettled(id('77'), { txHash: id('d8'), block: 141 }, 5)).toBe(false);
    expect(await store.find(id('77'))).toMatchObject({ state: 'refunded', fill_block: 80, refund_block: 140, settle_tx_hash: null });
  });
  it('pages orders for fillers newest first by open time then id, filtered by state and chains, and lists what changed since a second', async () => {
    const base = 1_796_000_000;
    // Bytes no other case uses; three opened in one second, one later, one to another chain.
    for (const [byte, ts, dst] of [['c1', base, B], ['c2', base, B], ['c3', base, B], ['c4', base + 5, B], ['c5', base + 9, A]] as const) {
      await store.recordOpened(order(byte, { open_ts: ts, dst_chain_id: dst, quote_id: id(`d${byte[1] ?? '0'}`) }), base + 100);
    }
    await store.markFilled(id('c2'), fill(120), base + 200);
    const mine = (rows: { order_id: string }[]) => rows.map((r) => r.order_id).filter((o) => /^0x(c[1-5])\1+$/.test(o));
    const all = await store.page({ limit: 1000, dstChainId: B });
    expect(mine(all)).toEqual([id('c4'), id('c3'), id('c2'), id('c1')]);
    const open = await store.page({ limit: 1000, state: 'opened', dstChainId: B });
    expect(mine(open)).toEqual([id('c4'), id('c3'), id('c1')]);
    const after = await store.page({ limit: 1000, dstChainId: B, before: { openTs: base, orderId: id('c3') } });
    expect(mine(after)).toEqual([id('c2'), id('c1')]);
    expect(mine(await store.page({ limit: 1000, srcChainId: A, dstChainId: A }))).toEqual([id('c5')]);
    expect(mine(await store.changedSince(base + 150, 1000))).toEqual([id('c2')]);
  });
});

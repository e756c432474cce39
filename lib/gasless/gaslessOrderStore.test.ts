import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import type { Transaction } from 'kysely';
import { gaslessOrderStore, type GaslessOrderStore, type NewGaslessOrder } from './gaslessOrderStore';
import type { GaslessTables } from './gaslessTables';

const order = (id: string): NewGaslessOrder => ({
  quote_id: id,
  chain_id: 31337,
  router_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  from_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  calldata: '0xabcdef',
  deadline: 4_102_444_800, // beyond 2^31: BIGINT on both dialects
  gas_fee_amount: '12345',
});
const id = (byte: string) => `0x${byte.repeat(32)}`;
const tx = (n: number) => ({ txHash: `0x${n.toString(16).padStart(64, '0')}`, rawTx: `0x02${n.toString(16)}`, nonce: n });

describe.each(TEST_DB_KINDS)('gaslessOrderStore on %s', (kind) => {
  let t: TestDb;
  let store: GaslessOrderStore;

  beforeAll(async () => {
    t = await openTestDb(kind);
    store = gaslessOrderStore(t.db.withTables<GaslessTables>());
  });
  afterAll(async () => t?.dispose());

  it('stores an issued order and reads it back exactly, numbers as numbers', async () => {
    await store.insert(order(id('A1')), 1_795_000_000_000);
    expect(await store.find(id('a1'))).toEqual({
      ...order(id('a1')), status: 'issued', signature: null, tx_hash: null, raw_tx: null, tx_nonce: null, replaced_tx_hashes: [],
      error_reason: null, submitted_at_ms: null, sent_at_ms: null, updated_at_ms: 1_795_000_000_000,
      approval: null, approval_signature: null, approval_tx_hash: null, approval_raw_tx: null,
      approval_replaced_tx_hashes: [], approval_sent_at_ms: null, approval_settled_at_ms: null,
    });
    expect(await store.find(id('ff'))).toBeUndefined();
  });

  it('moves issued → submitted → sent → filled once each; a second submit or send changes nothing', async () => {
    const q = id('b2');
    await store.insert(order(q), 1);
    expect(await store.markSent(q, tx(1), 2)).toBe(false);
    expect(await store.submit(q, '0x5151', 3)).toBe(true);
    expect(await store.submit(q, '0x5252', 4)).toBe(false);
    expect(await store.submitted(31337, 10)).toMatchObject([{ quote_id: q, signature: '0x5151', submitted_at_ms: 3 }]);
    expect(await store.markSent(q, tx(7), 5)).toBe(true);
    expect(await store.markSent(q, tx(8), 6)).toBe(false);
    expect(await store.sent(31337)).toMatchObject([{ quote_id: q, tx_hash: tx(7).txHash, raw_tx: tx(7).rawTx, tx_nonce: 7, sent_at_ms: 5 }]);
    expect(await store.markFilled(q, 7)).toBe(true);
    expect(await store.markFailed(q, 'late', 8)).toBe(false);
    expect(await store.find(q)).toMatchObject({ status: 'filled', error_reason: null, updated_at_ms: 7 });
    expect(await store.sent(31337)).toEqual([]);
  });

  it('keeps the offered approval, its signature once posted, and records the permit transaction once, while submitted only', async () => {
    const q = id('a7');
    await store.insert({ ...order(q), approval: '{"nonce":"0"}' }, 1);
    const permit = { txHash: tx(9).txHash, rawTx: tx(9).rawTx };
    expect(await store.markApprovalSent(q, permit, 2)).toBe(false);
    expect(await store.submit(q, '0x51', 3, '0x5252')).toBe(true);
    expect(await store.find(q)).toMatchObject({ approval: '{"nonce":"0"}', approval_signature: '0x5252', approval_tx_hash: null });
    expect(await store.markApprovalSent(q, permit, 4)).toBe(true);
    // A second permit for the same order (another writer's, or a repeat) is refused: the first is followed instead.
    expect(await store.markApprovalSent(q, { txHash: tx(10).txHash, rawTx: tx(10).rawTx }, 5)).toBe(false);
    expect(await store.find(q)).toMatchObject({ status: 'submitted', approval_tx_hash: permit.txHash, approval_raw_tx: permit.rawTx });
    expect(await store.markSent(q, tx(11), 6)).toBe(true);
    expect(await store.markApprovalSent(q, { txHash: tx(12).txHash, rawTx: tx(12).rawTx }, 7)).toBe(false);
  });

  it('records permit replacements of the current permit only, whatever the order\'s state, until the permit is settled', async () => {
    const q = id('a8');
    await store.insert({ ...order(q), approval: '{"nonce":"0"}' }, 1);
    await store.submit(q, '0x51', 2, '0x5252');
    await store.markApprovalSent(q, { txHash: tx(20).txHash, rawTx: tx(20).rawTx }, 3);
    expect(await store.find(q)).toMatchObject({ approval_sent_at_ms: 3, approval_replaced_tx_hashes: [], approval_settled_at_ms: null });
    expect((await store.pendingApprovals(31337)).map((o) => o.quote_id)).toContain(q);
    expect(await store.markApprovalReplaced(q, { replaces: tx(21).txHash, txHash: tx(22).txHash, rawTx: tx(22).rawTx }, 4)).toBe(false);
    expect(await store.markApprovalReplaced(q, { replaces: tx(20).txHash, txHash: tx(21).txHash, rawTx: tx(21).rawTx }, 5)).toBe(true);
    // Given up (failed unsent), its permit is still followed and may still be replaced (by the cancel).
    expect(await store.markFailed(q, 'expired before it was sent', 6)).toBe(true);
    expect(await store.markApprovalReplaced(q, { replaces: tx(21).txHash, txHash: tx(22).txHash, rawTx: tx(22).rawTx }, 7)).toBe(true);
    expect(await store.find(q)).toMatchObject({
      approval_tx_hash: tx(22).txHash, approval_raw_tx: tx(22).rawTx, approval_replaced_tx_hashes: [tx(20).txHash, tx(21).txHash], approval_sent_at_ms: 7,
    });
    // The first permit was the one mined: settled with it, then no longer followed nor replaced.
    expect(await store.markApprovalSettled(q, 8, undefined, tx(20).txHash)).toBe(true);
    expect(await store.markApprovalSettled(q, 9)).toBe(false);
    expect(await store.find(q)).toMatchObject({ approval_tx_hash: tx(20).txHash, approval_settled_at_ms: 8 });
    expect((await store.pendingApprovals(31337)).map((o) => o.quote_id)).not.toContain(q);
    expect(await store.markApprovalReplaced(q, { replaces: tx(20).txHash, txHash: tx(23).txHash, rawTx: tx(23).rawTx }, 10)).toBe(false);
  });

  it('records replacements of the current transaction only, oldest first, and fills with the one that was mined', async () => {
    const q = id('c3');
    await store.insert(order(q), 1);
    await store.submit(q, '0x51', 2);
    await store.markSent(q, tx(1), 3);
    expect(await store.markReplaced(q, { replaces: tx(1).txHash, txHash: tx(2).txHash, rawTx: tx(2).rawTx }, 4)).toBe(true);
    // A replacement of a transaction that is no longer the current one (a second writer's) is refused.
    expect(await store.markReplaced(q, { replaces: tx(1).txHash, txHash: tx(9).txHash, rawTx: tx(9).rawTx }, 5)).toBe(false);
    expect(await store.markReplaced(q, { replaces: tx(2).txHash, txHash: tx(3).txHash, rawTx: tx(3).rawTx }, 6)).toBe(true);
    expect(await store.find(q)).toMatchObject({
      status: 'sent', tx_hash: tx(3).txHash, raw_tx: tx(3).rawTx, tx_nonce: 1, replaced_tx_hashes: [tx(1).txHash, tx(2).txHash], sent_at_ms: 6,
    });
    expect(await store.markFilled(q, 7, undefined, tx(2).txHash)).toBe(true);
    expect(await store.find(q)).toMatchObject({ status: 'filled', tx_hash: tx(2).txHash });
    expect(await store.markReplaced(q, { replaces: tx(2).txHash, txHash: tx(4).txHash, rawTx: tx(4).rawTx }, 8)).toBe(false);
  });

  it('fails a submitted or sent order with its reason, not a filled one', async () => {
    const [submitted, sent] = [id('d4'), id('e5')];
    for (const q of [submitted, sent]) {
      await store.insert(order(q), 1);
      await store.submit(q, '0x51', 2);
    }
    await store.markSent(sent, tx(11), 3);
    expect(await store.markFailed(submitted, 'not sent: QuoteExpired', 4)).toBe(true);
    expect(await store.markFailed(sent, 'reverted', 5, undefined, tx(12).txHash)).toBe(true);
    expect(await store.find(submitted)).toMatchObject({ status: 'failed', error_reason: 'not sent: QuoteExpired', tx_hash: null });
    expect(await store.find(sent)).toMatchObject({ status: 'failed', error_reason: 'reverted', tx_hash: tx(12).txHash });
  });

  it('a write under a lease that was taken over changes nothing', async () => {
    const q = id('f6');
    await store.insert(order(q), 1);
    await store.submit(q, '0x51', 2);
    const lost = async (_trx: Transaction<GaslessTables>) => {
      throw new Error('lease lost');
    };
    await expect(store.markSent(q, tx(21), 3, lost)).rejects.toThrow('lease lost');
    expect(await store.find(q)).toMatchObject({ status: 'submitted', tx_hash: null });
  });

  it('keeps one balance row per chain', async () => {
    await store.recordBalance(31337, '0xaa', 10n ** 30n, 1);
    await store.recordBalance(31337, '0xbb', 5n, 2);
    expect(await store.balance(31337)).toEqual({ address: '0xbb', nativeBalance: '5', updatedAtMs: 2 });
    expect(await store.balance(1)).toBeUndefined();
  });
});

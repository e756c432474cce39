import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import type { QuoteTables } from './quotesTable';
import { quoteStore, type NewQuote, type QuoteStore } from './quoteStore';

const quote = (id: string): NewQuote => ({
  quote_id: id,
  sub: 'integrator',
  src_chain_id: 31337,
  dst_chain_id: 31337,
  router_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  from_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  to_address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  token_in: '0x0000000000000000000000000000000000000000',
  token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  amount_in: (2n ** 255n).toString(),
  amount_out: '2961474103',
  min_amount_out: '2946666732',
  fee_amount: '2000000000000000',
  deadline: 4_102_444_800, // beyond 2^31: BIGINT on both dialects
  issued_block: 12,
  created_at: 1_795_000_000,
});

describe.each(TEST_DB_KINDS)('quoteStore on %s', (kind) => {
  let t: TestDb;
  let store: QuoteStore;

  beforeAll(async () => {
    t = await openTestDb(kind);
    store = quoteStore(t.db.withTables<QuoteTables>());
  });
  afterAll(async () => t?.dispose());

  it('stores a firm quote and reads it back exactly, numbers as numbers', async () => {
    const id = `0x${'11'.repeat(32)}`;
    await store.insert(quote(id));
    const row = await store.find(id.toUpperCase().replace('0X', '0x'));
    expect(row).toEqual({ ...quote(id), status: 'issued', src_tx_hash: null, dst_tx_hash: null, amount_out_actual: null, filled_block: null, order_id: null, fill_deadline: null, updated_at: 1_795_000_000 });
  });

  it('keeps a cross-chain quote\'s order id (lower case) and fill deadline, and finds a quote by its source transaction', async () => {
    const id = `0x${'3c'.repeat(32)}`;
    await store.insert({ ...quote(id), dst_chain_id: 31338, order_id: `0x${'AB'.repeat(32)}`, fill_deadline: 4_102_444_900 });
    expect(await store.find(id)).toMatchObject({ order_id: `0x${'ab'.repeat(32)}`, fill_deadline: 4_102_444_900 });
    await store.markFilled({ quoteId: id, chainId: 31337, txHash: '0xcc', amountOut: 7n, block: 30 }, 1_795_000_400);
    expect((await store.findBySrcTxHash('0xCC'))?.quote_id).toBe(id);
    expect(await store.findBySrcTxHash('0xdd')).toBeUndefined();
  });

  it('a fill wins over an expiry, and a second fill does not overwrite the first', async () => {
    const id = `0x${'22'.repeat(32)}`;
    await store.insert(quote(id));
    await store.markFilled({ quoteId: id, chainId: 31337, txHash: '0xaa', amountOut: 5n, block: 20 }, 1_795_000_100);
    await store.markExpired(id, 1_795_000_200);
    await store.markFilled({ quoteId: id, chainId: 31337, txHash: '0xbb', amountOut: 6n, block: 21 }, 1_795_000_300);
    expect(await store.find(id)).toMatchObject({ status: 'filled', src_tx_hash: '0xaa', amount_out_actual: '5', filled_block: 20, updated_at: 1_795_000_100 });
  });

  it('expires an issued quote; a fill on another chain id is ignored', async () => {
    const id = `0x${'33'.repeat(32)}`;
    await store.insert(quote(id));
    await store.markFilled({ quoteId: id, chainId: 1, txHash: '0xaa', amountOut: 5n, block: 20 }, 1_795_000_100);
    await store.markExpired(id, 1_795_000_200);
    expect(await store.find(id)).toMatchObject({ status: 'expired', src_tx_hash: null, updated_at: 1_795_000_200 });
    expect(await store.find(`0x${'44'.repeat(32)}`)).toBeUndefined();
  });

  it('withdraws fills at or after a reorg point on that chain only, and takes the fill seen again', async () => {
    const [early, late, other] = ['55', '66', '77'].map((b) => `0x${b.repeat(32)}`) as [string, string, string];
    for (const id of [early, late]) await store.insert(quote(id));
    await store.insert({ ...quote(other), src_chain_id: 1, dst_chain_id: 1 });
    await store.markFilled({ quoteId: early, chainId: 31337, txHash: '0xe1', amountOut: 5n, block: 99 }, 1_795_000_100);
    await store.markFilled({ quoteId: late, chainId: 31337, txHash: '0xe2', amountOut: 6n, block: 100 }, 1_795_000_100);
    await store.markFilled({ quoteId: other, chainId: 1, txHash: '0xe3', amountOut: 7n, block: 150 }, 1_795_000_100);
    await store.unfillFrom(31337, 100, 1_795_000_200);
    expect(await store.find(early)).toMatchObject({ status: 'filled', src_tx_hash: '0xe1', filled_block: 99 });
    expect(await store.find(late)).toMatchObject({ status: 'issued', src_tx_hash: null, amount_out_actual: null, filled_block: null, updated_at: 1_795_000_200 });
    expect(await store.find(other)).toMatchObject({ status: 'filled', filled_block: 150 });
    await store.markFilled({ quoteId: late, chainId: 31337, txHash: '0xe4', amountOut: 8n, block: 101 }, 1_795_000_300);
    expect(await store.find(late)).toMatchObject({ status: 'filled', src_tx_hash: '0xe4', amount_out_actual: '8', filled_block: 101 });
  });
});

// GET /v1/quotes: only the token's own quotes, newest first, page by page; a cursor we did not issue is 400; a gasless
// cross-chain order reads as its status endpoint says.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotesPage } from '@/lib/api/schemas/quoteHistory';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import type { Scope } from '@/lib/auth/scopes';
import { readyDb } from '@/lib/db/getDb';
import { gaslessOrderStore } from '@/lib/gasless/gaslessOrderStore';
import type { GaslessTables } from '@/lib/gasless/gaslessTables';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { quoteStore, type NewQuote } from '@/lib/quote/quoteStore';
import { useTempDataDir } from '@/test/tempDataDir';
import { GET } from './route';

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

function quote(n: number, sub: string, createdAt: number): NewQuote {
  return {
    quote_id: id(n),
    sub,
    src_chain_id: 31337,
    dst_chain_id: 31337,
    router_address: '0xD8a5a9b31c3C0232E196d518E89Fd8bF83AcAd43',
    from_address: sub.startsWith('0x') ? sub : WALLET,
    to_address: sub.startsWith('0x') ? sub : WALLET,
    token_in: '0x0000000000000000000000000000000000000000',
    token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
    amount_in: '1000000000000000000',
    amount_out: String(2_900_000_000 + n),
    min_amount_out: '2880000000',
    fee_amount: '2000000000000000',
    deadline: createdAt + 60,
    issued_block: 10 + n,
    created_at: createdAt,
  };
}

describe('GET /v1/quotes', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    tmp = useTempDataDir();
    const store = quoteStore((await readyDb()).withTables<QuoteTables>());
    // Five of this wallet's quotes (two issued in the same second), two of another wallet, one of an integrator.
    const mine = [quote(1, WALLET, 1_795_000_000), quote(2, WALLET, 1_795_000_100), quote(3, WALLET, 1_795_000_100), quote(4, WALLET, 1_795_000_200), quote(5, WALLET, 1_795_000_300)];
    for (const q of [...mine, quote(6, OTHER, 1_795_000_250), quote(7, OTHER, 1_795_000_400), quote(8, 'acme', 1_795_000_500)]) await store.insert(q);
    for (const q of [...mine, quote(6, OTHER, 0), quote(7, OTHER, 0), quote(8, 'acme', 0)].filter((q) => q.quote_id !== id(2))) {
      await store.markFilled({ quoteId: q.quote_id, chainId: 31337, txHash: `0x${'ab'.repeat(31)}${q.quote_id.slice(-2)}`, amountOut: BigInt(q.amount_out), block: q.issued_block + 1 }, 1_795_001_000);
    }
    await store.markExpired(id(2), 1_795_001_000);
    const sign = async (sub: string, scopes: Scope[] = ['quote:indicative', 'quote:firm']) => (await signAccessToken({ sub, scopes, ttlSec: 600 })).access_token;
    tokens.wallet = await sign(WALLET);
    tokens.other = await sign(OTHER);
    tokens.indicative = await sign(WALLET, ['quote:indicative']);
  });
  afterAll(() => tmp.cleanup());

  const list = async (token: string | undefined, query = '') => {
    const res = await GET(new Request(`http://test/v1/quotes${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
    return { status: res.status, body: (await res.json()) as { data: QuotesPage; error?: { type: string; field?: string } } };
  };

  it('lists only the token subject\'s quotes, newest first, with their status and amounts', async () => {
    const { status, body } = await list(tokens.wallet);
    expect(status).toBe(200);
    expect(body.data.quotes.map((q) => q.quote_id)).toEqual([id(5), id(4), id(3), id(2), id(1)]);
    expect(body.data.next_cursor).toBeNull();
    const [newest] = body.data.quotes;
    expect(newest).toMatchObject({ status: 'filled', amount_out: '2900000005', amount_out_actual: '2900000005', from_address: WALLET, created_at: 1_795_000_300 });
    expect(body.data.quotes.find((q) => q.quote_id === id(2))).toMatchObject({ status: 'expired', amount_out_actual: null });
    const other = await list(tokens.other);
    expect(other.body.data.quotes.map((q) => q.quote_id)).toEqual([id(7), id(6)]);
  });

  it('pages with the cursor, without skipping or repeating quotes issued in the same second', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await list(tokens.wallet, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      expect(body.data.quotes.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.quotes.map((q) => q.quote_id));
      cursor = body.data.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([id(5), id(4), id(3), id(2), id(1)]);
  });

  it('refuses a cursor it did not issue, a bad limit, no token and a token without quote:firm', async () => {
    for (const bad of ['abc', 'MTc5NTAwMDAwMDp4', Buffer.from(`1795000000:${id(1)}x`).toString('base64url'), '!!!']) {
      const { status, body } = await list(tokens.wallet, `?cursor=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(400);
      expect(body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'cursor' });
    }
    expect((await list(tokens.wallet, '?limit=0')).body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'limit' });
    expect((await list(tokens.wallet, '?limit=101')).status).toBe(400);
    expect((await list(tokens.wallet, '?page=2')).body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'page' });
    expect((await list(undefined)).status).toBe(401);
    expect((await list(tokens.indicative)).status).toBe(403);
  });
});

describe('GET /v1/quotes with a gasless cross-chain order', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let token: string;
  const GASLESS_WALLET = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
  const quoteId = id(0x61);

  beforeAll(async () => {
    tmp = useTempDataDir();
    // A registry without the order's chains: no chain is read, so the answer is the stores' alone.
    const chain = { id: 1, name: 'Elsewhere', rpcUrl: 'http://127.0.0.1:9', nativeSymbol: 'ETH', factory: WALLET, router02: WALLET, weth: WALLET, tokens: [] };
    writeFileSync(path.join(tmp.dir, 'chains.json'), JSON.stringify({ chains: [chain] }));
    const db = await readyDb();
    const nowSec = Math.floor(Date.now() / 1000);
    await quoteStore(db.withTables<QuoteTables>()).insert({
      ...quote(0x61, GASLESS_WALLET, nowSec), dst_chain_id: 31338, token_in: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', token_out: '0x0000000000000000000000000000000000000000',
      deadline: nowSec + 120, order_id: id(0x71), fill_deadline: nowSec + 420,
    });
    await gaslessOrderStore(db.withTables<GaslessTables>()).insert({
      quote_id: quoteId, chain_id: 31337, router_address: '0xD8a5a9b31c3C0232E196d518E89Fd8bF83AcAd43', from_address: GASLESS_WALLET,
      calldata: '0xabcdef', deadline: nowSec + 120, gas_fee_amount: '12345',
    }, Date.now());
    token = (await signAccessToken({ sub: GASLESS_WALLET, scopes: ['quote:indicative', 'quote:firm'], ttlSec: 600 })).access_token;
  });
  afterAll(() => tmp.cleanup());

  const listed = async () => {
    const res = await GET(new Request('http://test/v1/quotes', { headers: { authorization: `Bearer ${token}` } }));
    const body = (await res.json()) as { data: QuotesPage | null; msg: string };
    if (!body.data) throw new Error(`GET /v1/quotes answered ${res.status}: ${body.msg}`);
    return body.data.quotes.find((q) => q.quote_id === quoteId);
  };

  it('lists the order as submitted from its post until its deposit is seen, with the transaction Swapdesk sent once sent', async () => {
    expect(await listed()).toMatchObject({ status: 'issued', src_tx_hash: null });
    const orders = gaslessOrderStore((await readyDb()).withTables<GaslessTables>());
    await orders.submit(quoteId, `0x${'11'.repeat(65)}`, Date.now());
    expect(await listed()).toMatchObject({ status: 'submitted', src_chain_id: 31337, dst_chain_id: 31338 });
    const sent = `0x${'ee'.repeat(32)}`;
    await orders.markSent(quoteId, { txHash: sent, rawTx: '0x02', nonce: 0 }, Date.now());
    expect(await listed()).toMatchObject({ status: 'submitted', src_tx_hash: sent });
  });
});

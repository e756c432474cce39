// GET /v1/market/pairs against a real SQLite store: figures per row (liquidity, 24 h volume and change), search, sort,
// paging, bad input (pairFigures.store.test.ts runs the same pairs on PostgreSQL too).
import { rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const dataDir = vi.hoisted(() => {
  const dir = `/tmp/swapdesk-pairs-test-${process.pid}-${Date.now()}`;
  process.env.SWAPDESK_DATA_DIR = dir;
  process.env.CHAINS_CONFIG = `${dir}/chains.json`;
  process.env.LOG_LEVEL = 'silent';
  process.env.RPC_TIMEOUT_MS = '500';
  return dir;
});

const { GET: pairs } = await import('./route');
const { readyDb } = await import('@/lib/db/getDb');
const { PairsResponse } = await import('@/lib/api/schemas/market');
const { ABC, PAIRS_CHAIN, PAIRS_NOW: NOW, seedPairs } = await import('@/test/pairsFixture');

type Row = Record<string, string | number>;
async function list(query: string) {
  const res = await pairs(new Request(`http://localhost/v1/market/pairs?${query}`));
  const body = await res.json() as { data: Row[] | null; error?: { type: string; field?: string } };
  return { status: res.status, body, rows: body.data ?? [], ids: (body.data ?? []).map((r) => r.pair_id) };
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(`${dataDir}/chains.json`, JSON.stringify({ chains: [PAIRS_CHAIN] }));
  await seedPairs(await readyDb());
});
afterAll(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /v1/market/pairs', () => {
  it('lists every pair without a limit, each with price, USD price, liquidity, 24 h volume and change', async () => {
    const r = await list('chainId=31337');
    expect(r.status).toBe(200);
    expect(PairsResponse.parse(r.rows)).toEqual(r.rows);
    expect(r.ids).toEqual([1, 2, 3]);
    // TKN: last trade 4 USDC; only the trade inside 24 h counts; 100 TKN at 4 USD and 400 USDC held.
    expect(r.rows[0]).toMatchObject({ pair_name: 'TKN/USDC', price: '4', price_usd: '4', change_24h: '1', volume_usd_24h: '8', liquidity_usd: '800' });
    expect(r.rows[1]).toMatchObject({ pair_name: 'WETH/USDC', price: '3000', price_usd: '3000', change_24h: '0', volume_usd_24h: '3000', liquidity_usd: '60000' });
    // ABC never traded: priced from the pool's holdings (a small sale after the 0.3 % fee), valued through WETH at 3000 USD.
    const abc = r.rows[2] ?? {};
    expect(abc).toMatchObject({ volume_usd_24h: '0', change_24h: '0' });
    expect(Number(abc.price)).toBeCloseTo(0.001 * 0.997 / 1.0000997, 9);
    expect(Number(abc.price_usd)).toBeCloseTo(Number(abc.price) * 3000, 6);
    expect(Number(abc.liquidity_usd)).toBeCloseTo(1000 * Number(abc.price_usd) + 3000, 4);
  });

  it('sorts descending by liquidity, volume or change, ties in pair order', async () => {
    expect((await list('chainId=31337&sort=liquidity')).ids).toEqual([2, 3, 1]);
    expect((await list('chainId=31337&sort=volume')).ids).toEqual([2, 1, 3]);
    expect((await list('chainId=31337&sort=change')).ids).toEqual([1, 2, 3]);
  });

  it('searches symbols, pair names and token names (any case), and address prefixes of tokens and pools', async () => {
    expect((await list('q=usdc')).ids).toEqual([1, 2]);
    expect((await list('q=Wrapped')).ids).toEqual([2, 3]);
    expect((await list('q=soup')).ids).toEqual([3]);
    expect((await list('q=abc%2Fweth')).ids).toEqual([3]);
    expect((await list(`q=${ABC.slice(0, 8)}`)).ids).toEqual([3]);
    expect((await list('q=0x2222')).ids).toEqual([1, 2]);
    expect((await list(`q=0x${'3'.repeat(12)}`)).ids).toEqual([3]);
    expect((await list('q=nothing-like-this')).ids).toEqual([]);
  });

  it('pages with limit and offset after sorting and searching', async () => {
    expect((await list('sort=liquidity&limit=1')).ids).toEqual([2]);
    expect((await list('sort=liquidity&limit=1&offset=1')).ids).toEqual([3]);
    expect((await list('sort=liquidity&limit=5&offset=2')).ids).toEqual([1]);
    expect((await list('sort=liquidity&offset=3')).ids).toEqual([]);
    expect((await list('q=usdc&sort=volume&limit=1&offset=1')).ids).toEqual([1]);
  });

  it('refuses bad parameters naming them, and unknown chains', async () => {
    for (const [query, field] of [['sort=price', 'sort'], ['limit=0', 'limit'], ['limit=1001', 'limit'], ['offset=-1', 'offset'], ['q=', 'q'], [`q=${'x'.repeat(65)}`, 'q'], ['order=asc', 'order']] as const) {
      const r = await list(query);
      expect([r.status, r.body.error?.type, r.body.error?.field], query).toEqual([400, 'INVALID_ARGUMENT', field]);
    }
    expect((await list('chainId=5')).body.error?.type).toBe('UNSUPPORTED_CHAIN');
  });
});

// The market endpoints' rules against a real store: start/end/limit, filling, closed flags and every bad input.
import { rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const dataDir = vi.hoisted(() => {
  const dir = `/tmp/swapdesk-klines-test-${process.pid}-${Date.now()}`;
  process.env.SWAPDESK_DATA_DIR = dir;
  process.env.CHAINS_CONFIG = `${dir}/chains.json`;
  process.env.LOG_LEVEL = 'silent';
  process.env.RPC_TIMEOUT_MS = '500';
  return dir;
});

const { GET: klines } = await import('./route');
const { GET: pair } = await import('../pair/route');
const { GET: pairs } = await import('../pairs/route');
const { readyDb } = await import('@/lib/db/getDb');
const { storeTrades } = await import('@/lib/market/storeTrades');
const { GET: openapi } = await import('../../openapi.json/route');
const { KlineDTO, PairsResponse } = await import('@/lib/api/schemas/market');

const MAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HOUR = 3600;
const NOW = Date.parse('2026-03-02T10:30:20Z') / 1000;
const FIRST = Date.parse('2026-03-02T00:00:00Z') / 1000; // bucket of the first trade (1h)
const TKN = '0x1111111111111111111111111111111111111111';
const USDC = '0x2222222222222222222222222222222222222222';
const E18 = 10n ** 18n;

async function call(handler: (req: Request) => Promise<Response>, query: string) {
  const res = await handler(new Request(`http://localhost/v1/market/x?${query}`));
  const body = await res.json() as { code: number; msg: string; data: Record<string, unknown>[]; error?: { type: string; field?: string } };
  return { status: res.status, body, rows: body.data ?? [] };
}
const k = (query: string) => call(klines, `chainId=31337&pairId=1&${query}`);
const opens = (rows: Record<string, unknown>[]) => rows.map((r) => r.open_time);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(`${dataDir}/chains.json`, JSON.stringify({ chains: [{
    id: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:9', nativeSymbol: 'ETH', factory: `0x${'3'.repeat(40)}`,
    router02: `0x${'4'.repeat(40)}`, weth: `0x${'5'.repeat(40)}`, stablecoins: [USDC], tokens: [],
  }] }));
  const db = await readyDb();
  await db.insertInto('market_pairs').values({
    pair_id: 1, chain_id: 31337, pool: `0x${'6'.repeat(40)}`, base: TKN, quote: USDC, base_symbol: 'TKN', quote_symbol: 'USDC',
    base_decimals: 18, quote_decimals: 6, base_is_token0: 1, pair_name: 'TKN/USDC',
  }).execute();
  // Prices 2, 3 (hour 0), 2.5 (hour 3), 4 (hour 10, the open candle).
  const trades = [[FIRST + 300, 4n], [FIRST + 1200, 6n], [FIRST + 3 * HOUR + 10, 5n], [FIRST + 10 * HOUR + 5, 8n]] as const;
  await storeTrades(db, trades.map(([ts, usdc], i) => ({
    chainId: 31337, txHash: `0x${i}`, logIndex: 0, blockNumber: i + 1, blockHash: `0xb${i}`, pairId: 1, ts,
    amountBase: 2n * E18, amountQuote: usdc * 1_000_000n, usdE18: usdc * E18, side: i % 2 === 0 ? 'buy' : 'sell', maker: MAKER,
  })));
});
afterAll(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /v1/market/klines', () => {
  it('without start or end returns the most recent candles from the first trade, gaps filled, only the open one unclosed', async () => {
    const { status, rows } = await k('interval=1h');
    expect(status).toBe(200);
    expect(opens(rows)).toEqual(Array.from({ length: 11 }, (_, i) => FIRST + i * HOUR));
    expect(rows.map((r) => KlineDTO.strict().parse(r))).toEqual(rows);
    expect(rows.map((r) => r.closed)).toEqual([...Array(10).fill(true), false]);
    expect(rows[0]).toMatchObject({ open: '2', high: '3', low: '2', close: '3', volume_base: '4', volume_quote: '10', volume_usd: '10', trades: 2, close_time: FIRST + HOUR - 1 });
    expect(rows[1]).toMatchObject({ open: '3', high: '3', low: '3', close: '3', volume_base: '0', volume_quote: '0', volume_usd: '0', trades: 0 });
    expect(rows[3]).toMatchObject({ open: '2.5', close: '2.5', trades: 1 });
    expect(rows[9]).toMatchObject({ open: '2.5', close: '2.5', trades: 0 });
    expect(rows[10]).toMatchObject({ open: '4', close: '4', trades: 1, base: TKN, quote: USDC, chain_id: 31337, interval: '1h' });
  });

  it('limit keeps the most recent candles; default 500, at most 1000', async () => {
    expect(opens((await k('interval=1h&limit=3')).rows)).toEqual([FIRST + 8 * HOUR, FIRST + 9 * HOUR, FIRST + 10 * HOUR]);
    expect((await k('interval=1m')).rows).toHaveLength(500);
    const all = (await k('interval=1m&limit=1000')).rows;
    expect(all).toHaveLength(626); // 00:05 … 10:30 inclusive
    expect(all[0]?.open_time).toBe(FIRST + 300);
    expect(all.at(-1)?.open_time).toBe(NOW - (NOW % 60));
  });

  it('start only: the first candles opening at or after start (never before the first trade)', async () => {
    expect(opens((await k(`interval=1h&start=${FIRST + 1}&limit=2`)).rows)).toEqual([FIRST + HOUR, FIRST + 2 * HOUR]);
    expect(opens((await k(`interval=1h&start=${FIRST + HOUR}&limit=2`)).rows)).toEqual([FIRST + HOUR, FIRST + 2 * HOUR]);
    expect(opens((await k(`interval=1h&start=${FIRST - 100 * HOUR}&limit=2`)).rows)).toEqual([FIRST, FIRST + HOUR]);
    expect((await k(`interval=1h&start=${NOW + HOUR}`)).rows).toEqual([]);
  });

  it('end only: the last candles opening at or before end', async () => {
    expect(opens((await k(`interval=1h&end=${FIRST + 3 * HOUR + 5}&limit=2`)).rows)).toEqual([FIRST + 2 * HOUR, FIRST + 3 * HOUR]);
    expect(opens((await k(`interval=1h&end=${FIRST + 3 * HOUR}&limit=2`)).rows)).toEqual([FIRST + 2 * HOUR, FIRST + 3 * HOUR]);
    expect((await k(`interval=1h&end=${FIRST - 1}`)).rows).toEqual([]);
    expect((await k(`interval=1h&end=${NOW + 100 * HOUR}`)).rows).toHaveLength(11);
  });

  it('start and end: the first candles in [start, end]; start after end is 400', async () => {
    expect(opens((await k(`interval=1h&start=${FIRST + HOUR}&end=${FIRST + 5 * HOUR}`)).rows)).toHaveLength(5);
    expect(opens((await k(`interval=1h&start=${FIRST + HOUR}&end=${FIRST + 5 * HOUR}&limit=2`)).rows)).toEqual([FIRST + HOUR, FIRST + 2 * HOUR]);
    expect(opens((await k(`interval=1h&start=${FIRST + HOUR}&end=${FIRST + HOUR}`)).rows)).toEqual([FIRST + HOUR]);
    const bad = await k(`interval=1h&start=${FIRST + 2 * HOUR}&end=${FIRST + HOUR}`);
    expect([bad.status, bad.body.error?.type, bad.body.error?.field]).toEqual([400, 'INVALID_ARGUMENT', 'start']);
  });

  it('base/quote mode in either orientation; the reverse inverts prices and swaps volumes', async () => {
    const fwd = await call(klines, `chainId=31337&base=${TKN}&quote=${USDC}&interval=1d`);
    const rev = await call(klines, `chainId=31337&base=${USDC}&quote=${TKN}&interval=1d`);
    expect(fwd.rows[0]).toMatchObject({ open: '2', high: '4', low: '2', close: '4', volume_base: '8', volume_quote: '23', base: TKN });
    expect(rev.rows[0]).toMatchObject({ open: '0.5', high: '0.5', low: '0.25', close: '0.25', volume_base: '23', volume_quote: '8', base: USDC, quote: TKN });
  });

  it.each([
    ['interval=1h', 400, 'INVALID_ARGUMENT', 'chainId', ''],
    ['chainId=abc&pairId=1&interval=1h', 400, 'INVALID_ARGUMENT', 'chainId', ''],
    ['chainId=999&pairId=1&interval=1h', 400, 'UNSUPPORTED_CHAIN', 'chainId', ''],
    ['chainId=31337&pairId=1', 400, 'INVALID_ARGUMENT', 'interval', ''],
    ['chainId=31337&pairId=1&interval=1H', 400, 'INVALID_ARGUMENT', 'interval', ''],
    ['chainId=31337&pairId=1&interval=1h&limt=5', 400, 'INVALID_ARGUMENT', 'limt', ''],
    ['chainId=31337&pairId=1&interval=1h&limit=0', 400, 'INVALID_ARGUMENT', 'limit', ''],
    ['chainId=31337&pairId=1&interval=1h&limit=1001', 400, 'INVALID_ARGUMENT', 'limit', ''],
    ['chainId=31337&pairId=1&interval=1h&limit=1.5', 400, 'INVALID_ARGUMENT', 'limit', ''],
    ['chainId=31337&pairId=1&interval=1h&start=1700000000000', 400, 'INVALID_ARGUMENT', 'start', 'milliseconds'],
    ['chainId=31337&pairId=1&interval=1h&end=-5', 400, 'INVALID_ARGUMENT', 'end', ''],
    ['chainId=31337&pairId=1&interval=1h&interval=1d', 400, 'INVALID_ARGUMENT', 'interval', ''],
    ['chainId=31337&interval=1h', 400, 'INVALID_ARGUMENT', 'base', ''],
    [`chainId=31337&interval=1h&base=${TKN}`, 400, 'INVALID_ARGUMENT', 'quote', ''],
    [`chainId=31337&interval=1h&base=0x12&quote=${USDC}`, 400, 'INVALID_ARGUMENT', 'base', ''],
    [`chainId=31337&interval=1h&base=${TKN}&quote=0xAbCdEf0000000000000000000000000000000000`, 400, 'INVALID_ARGUMENT', 'quote', 'checksum'],
    ['chainId=31337&pairId=0&interval=1h', 400, 'INVALID_ARGUMENT', 'pairId', ''],
    ['chainId=31337&pairId=99&interval=1h', 404, 'NOT_FOUND', 'pairId', ''],
    [`chainId=31337&interval=1h&base=${TKN}&quote=0x${'7'.repeat(40)}`, 404, 'NOT_FOUND', 'base', ''],
  ])('%s → %i %s', async (query, status, type, field, words) => {
    const r = await call(klines, query);
    expect(r.status).toBe(status);
    expect(r.body.error?.type).toBe(type);
    expect(r.body.error?.field).toBe(field);
    expect(r.body.msg).toContain(words);
    expect(r.body.data).toBeNull();
  });
});

describe('GET /v1/market/pair and /v1/market/pairs', () => {
  it('rejects a bad interval and unknown pairs, and reports an unreachable chain as 503 rather than a wrong number', async () => {
    expect((await call(pair, 'chainId=31337&pairId=1&interval=2x')).body.error?.field).toBe('interval');
    expect((await call(pair, 'chainId=31337&pairId=7')).status).toBe(404);
    expect((await call(pair, 'chainId=31337')).status).toBe(400);
    const down = await call(pair, 'chainId=31337&pairId=1');
    expect([down.status, down.body.error?.type]).toEqual([503, 'CHAIN_UNAVAILABLE']);
  });

  it('are documented in /v1/openapi.json with their query parameters', async () => {
    const doc = await (await openapi(new Request('http://localhost/v1/openapi.json'))).json() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    expect(doc.paths['/v1/market/klines']?.get?.parameters?.map((p) => p.name).sort()).toEqual(['base', 'chainId', 'end', 'interval', 'limit', 'pairId', 'quote', 'start']);
    expect(doc.paths['/v1/market/pair']?.get).toBeDefined();
    expect(doc.paths['/v1/market/pairs']?.get).toBeDefined();
  });

  it('lists the indexed pairs of a chain', async () => {
    const r = await call(pairs, 'chainId=31337');
    expect(PairsResponse.parse(r.rows)).toEqual(r.rows);
    expect(r.rows).toEqual([{
      pair_id: 1, chain_id: 31337, pool: `0x${'6'.repeat(40)}`, base: TKN, quote: USDC, pair_name: 'TKN/USDC', source: 'uniswap_v2', fee_ppm: 3000,
      // Last trade 4 USDC; all four trades fall in the last 24 h; none before it; holdings not yet seen.
      price: '4', price_usd: '4', liquidity_usd: '0', volume_usd_24h: '23', change_24h: '0',
    }]);
    expect((await call(pairs, 'chainId=5')).body.error?.type).toBe('UNSUPPORTED_CHAIN');
    expect((await call(pairs, 'chain=5')).body.error?.field).toBe('chain');
  });
});

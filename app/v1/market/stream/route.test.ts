// GET /v1/market/stream against a real store: documented errors before streaming, then `candle` events.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const dataDir = vi.hoisted(() => {
  const dir = `/tmp/swapdesk-stream-test-${process.pid}-${Date.now()}`;
  process.env.SWAPDESK_DATA_DIR = dir;
  process.env.CHAINS_CONFIG = `${dir}/chains.json`;
  process.env.LOG_LEVEL = 'silent';
  return dir;
});

const { GET: stream } = await import('./route');
const { readyDb } = await import('@/lib/db/getDb');
const { storeTrades } = await import('@/lib/market/storeTrades');
const { candleStreams } = await import('@/lib/market/candleStreams');
const { tradeStreams } = await import('@/lib/market/tradeStreams');

const TKN = '0x1111111111111111111111111111111111111111';
const USDC = '0x2222222222222222222222222222222222222222';
/** Mid-minute, so the trade 5 s earlier is in the open 1m candle. */
const NOW = Date.parse('2026-03-02T10:30:20Z') / 1000;

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
  await storeTrades(db, [{
    chainId: 31337, txHash: '0x1', logIndex: 0, blockNumber: 1, blockHash: '0xb1', pairId: 1, ts: NOW - 5,
    amountBase: 2n * 10n ** 18n, amountQuote: 5_000_000n, usdE18: 5n * 10n ** 18n, side: 'buy', maker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  }]);
});
afterAll(() => {
  vi.useRealTimers();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (query: string, signal?: AbortSignal) => stream(new Request(`http://localhost/v1/market/stream?${query}`, { signal }));

describe('GET /v1/market/stream', () => {
  it('answers bad queries and unknown pairs with the JSON envelope, not a stream', async () => {
    for (const [query, status, type, field] of [
      ['chainId=31337&pairId=1&interval=2m', 400, 'INVALID_ARGUMENT', 'interval'],
      ['chainId=31337&pairId=1&interval=1m&limit=5', 400, 'INVALID_ARGUMENT', 'limit'],
      ['chainId=999&pairId=1&interval=1m', 400, 'UNSUPPORTED_CHAIN', 'chainId'],
      ['chainId=31337&pairId=42&interval=1m', 404, 'NOT_FOUND', 'pairId'],
    ] as const) {
      const res = await get(query);
      expect(res.status, query).toBe(status);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json(), query).toMatchObject({ data: null, error: { type, field } });
    }
    expect(candleStreams().pollerCount()).toBe(0);
    expect(tradeStreams().pollerCount()).toBe(0);
  });

  it('streams the open candle as a `candle` event and stops polling when the client goes away', async () => {
    const aborter = new AbortController();
    const res = await get('chainId=31337&pairId=1&interval=1m', aborter.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!/event: candle\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    const candle = JSON.parse(/event: candle\ndata: (.*)\n\n/.exec(text)?.[1] ?? 'null') as Record<string, unknown>;
    expect(candle).toMatchObject({ chain_id: 31337, base: TKN, quote: USDC, interval: '1m', close: '2.5', volume_base: '2', trades: 1, closed: false });
    expect(candleStreams().pollerCount()).toBe(1);
    // The pair's trades come on the same stream: first its newest ones.
    while (!/event: trade\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    const trade = JSON.parse(/event: trade\ndata: (.*)\n\n/.exec(text)?.[1] ?? 'null') as Record<string, unknown>;
    expect(trade).toEqual({
      tx_hash: '0x1', log_index: 0, block_number: 1, time: NOW - 5, side: 'buy', price: '2.5', amount_base: '2', amount_quote: '5', value_usd: '5',
      maker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    });
    aborter.abort();
    expect(candleStreams().pollerCount()).toBe(0);
    expect(tradeStreams().pollerCount()).toBe(0);
  });
});

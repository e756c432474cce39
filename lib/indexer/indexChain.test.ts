// Indexes a real anvil chain with real Uniswap V2 pools and checks candles against raw Swap logs, restarts and reorgs.
import { spawn } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicClient, createTestClient, custom, formatUnits, getAddress, http, parseAbiItem, parseUnits, type Address, type PublicClient } from 'viem';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { openDb } from '@/lib/db/openDb';
import { openTestDb, type TestDb } from '@/lib/db/openTestDb';
import type { Db } from '@/lib/db/schema';
import { LeaseLostError, assertLeaseHeld, releaseLease, tryAcquireLease } from '@/lib/jobs/jobLease';
import { indexChain } from './indexChain';

const dataDir = vi.hoisted(() => {
  const dir = `/tmp/swapdesk-indexer-test-${process.pid}-${Date.now()}`;
  process.env.SWAPDESK_DATA_DIR = dir;
  process.env.CHAINS_CONFIG = `${dir}/chains.json`;
  process.env.LOG_LEVEL = 'silent';
  return dir;
});

const { GET: klinesGET } = await import('@/app/v1/market/klines/route');
const { GET: pairGET } = await import('@/app/v1/market/pair/route');
const { GET: tradesGET } = await import('@/app/v1/market/trades/route');
const { GET: streamGET } = await import('@/app/v1/market/stream/route');
const { tradesPage } = await import('@/lib/market/tradesQuery');
const { chainPairs } = await import('./discoverPairs');
const { readyDb } = await import('@/lib/db/getDb');
const { runIndexer } = await import('./runIndexer');
const { indexerStatus } = await import('./indexerStatus');
const { registerIndexerHealth } = await import('./registerIndexerHealth');
const { indexerCheckpoint } = await import('@/lib/api/healthChecks');
const { PairOverviewDTO } = await import('@/lib/api/schemas/market');

const CHAIN_ID = 31337;
const SWAP = parseAbiItem('event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)');
const utc = (iso: string) => Date.parse(iso) / 1000;
const NOW = Math.floor(Date.now() / 1000);
const INTERVALS = ['1m', '1h', '1d', '1w', '1M'] as const;

/** Trades across a leap day, a month end, Sunday→Monday, Dec→Jan, and the last 24 h. */
const SCHEDULE = [
  utc('2024-02-28T23:59:59Z'), utc('2024-02-29T00:00:00Z'), utc('2024-02-29T00:00:30Z'), utc('2024-02-29T23:59:59Z'),
  utc('2024-03-01T00:00:00Z'), utc('2024-03-03T23:59:59Z'), utc('2024-03-04T00:00:00Z'), utc('2024-12-31T23:59:59Z'),
  utc('2025-01-01T00:00:00Z'), NOW - 30 * 3600, NOW - 3 * 3600, NOW - 3 * 3600 + 20,
];

type Fixture = { anvil: Anvil; c: DevClients; stack: UniswapStack; usdc: Address; tkn: Address; wethUsdc: Address; tknWeth: Address; chain: ChainConfig };
let f: Fixture;

async function send(c: DevClients, index: number, fn: (deadline: bigint) => Promise<`0x${string}`>, mineNow = true) {
  const hash = await fn(BigInt(NOW + 10 * 365 * 86_400));
  if (mineNow) await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  return hash;
}

/** One swap by account `who`; `kind` rotates between buy/sell on both pools and a two-hop route. */
async function swap(kind: number, who: number, scale: bigint, wait = true) {
  const { c, stack, usdc, tkn } = f;
  const account = devAccount(who);
  const wallet = c.wallet(who);
  const to = account.address;
  // Explicit gas: an estimate made at the previous block's timestamp skips the pools' price-accumulator writes.
  const base = { address: stack.router02, abi: uniswapV2Router02Abi, account, chain: c.chain, gas: 1_000_000n } as const;
  switch (kind % 4) {
    case 0: return send(c, who, (d) => wallet.writeContract({ ...base, functionName: 'swapExactETHForTokens', args: [0n, [stack.weth, usdc], to, d], value: parseUnits('0.1', 18) * scale }), wait);
    case 1: return send(c, who, (d) => wallet.writeContract({ ...base, functionName: 'swapExactTokensForETH', args: [parseUnits('250', 6) * scale, 0n, [usdc, stack.weth], to, d] }), wait);
    case 2: return send(c, who, (d) => wallet.writeContract({ ...base, functionName: 'swapExactTokensForTokens', args: [parseUnits('40', 18) * scale, 0n, [tkn, stack.weth, usdc], to, d] }), wait);
    default: return send(c, who, (d) => wallet.writeContract({ ...base, functionName: 'swapExactETHForTokens', args: [0n, [stack.weth, tkn], to, d], value: parseUnits('0.05', 18) * scale }), wait);
  }
}

async function swapAt(ts: number, kind: number, who = 1, scale = 1n) {
  await createTestClient({ mode: 'anvil', transport: http(f.anvil.rpcUrl) }).setNextBlockTimestamp({ timestamp: BigInt(ts) });
  return swap(kind, who, scale);
}

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  const anvil = await startAnvil({ chainId: CHAIN_ID, timestamp: utc('2024-02-27T00:00:00Z') });
  const c = devClients(CHAIN_ID, anvil.rpcUrl);
  const stack = await deployUniswap(c);
  const usdc = await deployToken(c, 'USD Coin', 'USDC', 6);
  const tkn = await deployToken(c, 'Token', 'TKN', 18);
  const lp = devAccount(0).address;
  await mint(c, usdc, lp, parseUnits('10000000', 6));
  await mint(c, tkn, lp, parseUnits('10000000', 18));
  await approve(c, 0, usdc, stack.router02);
  await approve(c, 0, tkn, stack.router02);
  const wethUsdc = await addLiquidity(c, stack, 0, stack.weth, parseUnits('100', 18), usdc, parseUnits('300000', 6));
  const tknWeth = await addLiquidity(c, stack, 0, tkn, parseUnits('300000', 18), stack.weth, parseUnits('100', 18));
  for (const who of [1, 2]) {
    await mint(c, usdc, devAccount(who).address, parseUnits('1000000', 6));
    await mint(c, tkn, devAccount(who).address, parseUnits('1000000', 18));
    await approve(c, who, usdc, stack.router02);
    await approve(c, who, tkn, stack.router02);
  }
  const chain: ChainConfig = {
    id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18, factory: stack.factory,
    router02: stack.router02, weth: stack.weth, stablecoins: [usdc], startBlock: stack.startBlock, blockTimeSec: 1,
    tokens: [
      { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
      { address: tkn, symbol: 'TKN', name: 'Token', decimals: 18 },
      { address: stack.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
    ],
  };
  writeFileSync(`${dataDir}/chains.json`, JSON.stringify({ chains: [chain] }));
  f = { anvil, c, stack, usdc, tkn, wethUsdc, tknWeth, chain };
  for (const [i, ts] of SCHEDULE.entries()) await swapAt(ts, i, 1 + (i % 2), BigInt(1 + (i % 3)));
  // Two swaps in one block: the (tx hash, log index) key keeps both.
  const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
  await test.setAutomine(false);
  const hashes = [await swap(0, 1, 2n, false), await swap(3, 2, 1n, false)];
  await test.setNextBlockTimestamp({ timestamp: BigInt(NOW - 2 * 3600) });
  await test.mine({ blocks: 1 });
  await test.setAutomine(true);
  for (const hash of hashes) await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
}, 180_000);

afterAll(async () => {
  await f?.anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Expected = { open: string; high: string; low: string; close: string; volume_base: string; volume_quote: string; volume_usd: string; trades: number };

/** The test's own aggregation of raw Swap logs: bucket by calendar, price = quote/base in human units, USD via WETH/USDC. */
async function recompute(client: PublicClient) {
  const logs = await client.getLogs({ event: SWAP, fromBlock: 0n, strict: true });
  logs.sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
  type Acc = { open: bigint; high: bigint; low: bigint; close: bigint; b: bigint; q: bigint; usd: bigint; trades: number };
  const out = new Map<string, Map<string, Map<number, Acc>>>();
  /** Per pool, every trade as GET /v1/market/trades should show it, in chain order. */
  const trades = new Map<string, Record<string, unknown>[]>();
  let wethUsdE18: bigint | undefined;
  for (const log of logs) {
    const pool = log.address.toLowerCase();
    const isWethUsdc = pool === f.wethUsdc.toLowerCase();
    const token0 = await client.readContract({ address: log.address, abi: uniswapV2PairAbi, functionName: 'token0' });
    const ts = Number((await client.getBlock({ blockNumber: log.blockNumber })).timestamp);
    const base = isWethUsdc ? f.stack.weth : f.tkn;
    const baseIs0 = token0.toLowerCase() === base.toLowerCase();
    const a = log.args;
    const abs = (x: bigint, y: bigint) => (x > y ? x - y : y - x);
    const [b, q] = baseIs0 ? [abs(a.amount0In, a.amount0Out), abs(a.amount1In, a.amount1Out)] : [abs(a.amount1In, a.amount1Out), abs(a.amount0In, a.amount0Out)];
    const qd = isWethUsdc ? 6 : 18;
    // Both bases have 18 decimals: price × 1e18 = q × 1e18 × 1e18 / (b × 10^qd).
    const priceE18 = (q * 10n ** 36n) / (b * 10n ** BigInt(qd));
    const usdE18 = isWethUsdc ? q * 10n ** 12n : wethUsdE18 === undefined ? 0n : (q * wethUsdE18) / 10n ** 18n;
    if (isWethUsdc) wethUsdE18 = priceE18;
    const baseLeftPool = baseIs0 ? a.amount0Out > a.amount0In : a.amount1Out > a.amount1In;
    const tx = await client.getTransaction({ hash: log.transactionHash });
    trades.set(pool, [...(trades.get(pool) ?? []), {
      tx_hash: log.transactionHash, log_index: log.logIndex, block_number: Number(log.blockNumber), time: ts, side: baseLeftPool ? 'buy' : 'sell',
      price: formatUnits(priceE18, 18), amount_base: formatUnits(b, 18), amount_quote: formatUnits(q, qd), value_usd: formatUnits(usdE18, 18), maker: getAddress(tx.from),
    }]);
    const byInterval = out.get(pool) ?? new Map<string, Map<number, Acc>>();
    out.set(pool, byInterval);
    for (const interval of INTERVALS) {
      const day = Math.floor(ts / 86_400);
      const d = new Date(ts * 1000);
      const open = interval === '1m' ? ts - (ts % 60) : interval === '1h' ? ts - (ts % 3600) : interval === '1d' ? day * 86_400
        : interval === '1w' ? (day - ((day + 3) % 7)) * 86_400 : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
      const series = byInterval.get(interval) ?? new Map<number, Acc>();
      byInterval.set(interval, series);
      const cur = series.get(open);
      if (!cur) {
        series.set(open, { open: priceE18, high: priceE18, low: priceE18, close: priceE18, b, q, usd: usdE18, trades: 1 });
      } else {
        if (priceE18 > cur.high) cur.high = priceE18;
        if (priceE18 < cur.low) cur.low = priceE18;
        cur.close = priceE18;
        cur.b += b;
        cur.q += q;
        cur.usd += usdE18;
        cur.trades += 1;
      }
    }
  }
  // Prices and amounts were exact integers; write them in human units like the API.
  const human = new Map<string, Map<string, Map<number, Expected>>>();
  for (const [pool, byInterval] of out) {
    const qd = pool === f.wethUsdc.toLowerCase() ? 6 : 18;
    human.set(pool, new Map([...byInterval].map(([interval, series]) => [interval, new Map([...series].map(([open, c]) => [open, {
      open: formatUnits(c.open, 18), high: formatUnits(c.high, 18), low: formatUnits(c.low, 18), close: formatUnits(c.close, 18), trades: c.trades,
      volume_base: formatUnits(c.b, 18), volume_quote: formatUnits(c.q, qd), volume_usd: formatUnits(c.usd, 18),
    }]))])));
  }
  return { human, count: logs.length, trades };
}

/** Every trade of a pair through GET /v1/market/trades, page after page (newest first). */
async function allTradesViaApi(pairId: number, limit: number) {
  const out: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await getJson(tradesGET, `/v1/market/trades?chainId=${CHAIN_ID}&pairId=${pairId}&limit=${limit}${cursor ? `&before=${cursor}` : ''}`);
    expect(status).toBe(200);
    const page = body.data as unknown as { trades: Record<string, unknown>[]; next_cursor: string | null };
    expect(page.trades.length).toBeLessThanOrEqual(limit);
    out.push(...page.trades);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return out;
}

/** A live SSE response read event by event. */
function sseReader(res: Response) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
  })().catch(() => undefined);
  const until = async (pred: () => boolean, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!pred() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (!pred()) throw new Error(`stream: ${what} did not arrive; got ${JSON.stringify(events.map((e) => e.event))}`);
  };
  return { events, until, pump };
}

async function getJson(handler: (req: Request) => Promise<Response>, path: string) {
  const res = await handler(new Request(`http://localhost${path}`));
  return { status: res.status, body: await res.json() as { code: number; data: Record<string, unknown>[] & Record<string, unknown> }, headers: res.headers };
}

async function snapshotOf(db: Db) {
  const candles = await db.selectFrom('market_candles').selectAll().orderBy('pair_id').orderBy('interval').orderBy('open_time').execute();
  const trades = await db.selectFrom('market_trades').selectAll().orderBy('block_number').orderBy('log_index').execute();
  const norm = <T extends Record<string, unknown>>(rows: T[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) && ['open_time', 'block_number', 'ts'].includes(k) ? Number(v) : v])));
  return { candles: norm(candles), trades: norm(trades) };
}

describe('indexChain on anvil', () => {
  const opened: TestDb[] = [];
  afterAll(async () => { for (const t of opened) await t.dispose(); });
  const fresh = async (kind: 'sqlite' | 'postgres' = 'sqlite') => { const t = await openTestDb(kind); opened.push(t); return t.db; };

  it('serves klines equal to an independent aggregation of the raw Swap logs for 1m, 1h, 1d, 1w and 1M', async () => {
    const db = await readyDb();
    const result = await indexChain(db, f.c.publicClient, f.chain, { rangeBlocks: 7 });
    const { human, count } = await recompute(f.c.publicClient);
    expect(result.trades).toBe(count);
    const pairs = await db.selectFrom('market_pairs').selectAll().orderBy('pair_id').execute();
    expect(pairs.map((p) => p.pair_name)).toEqual(['WETH/USDC', 'TKN/WETH']);
    for (const pair of pairs) {
      const expected = human.get(pair.pool.toLowerCase());
      for (const interval of INTERVALS) {
        const series = expected?.get(interval);
        expect(series?.size).toBeGreaterThan(0);
        for (const [open, want] of series ?? []) {
          const { status, body } = await getJson(klinesGET, `/v1/market/klines?chainId=${CHAIN_ID}&pairId=${pair.pair_id}&interval=${interval}&start=${open}&limit=1`);
          expect(status).toBe(200);
          const row = body.data[0];
          expect({ open_time: row?.open_time, ...Object.fromEntries(Object.keys(want).map((k) => [k, row?.[k]])) }).toEqual({ open_time: open, ...want });
        }
        const stored = await db.selectFrom('market_candles').select((eb) => eb.fn.countAll().as('n')).where('pair_id', '=', pair.pair_id).where('interval', '=', interval).executeTakeFirstOrThrow();
        expect(Number(stored.n)).toBe(series?.size);
      }
    }
  });

  it('serves trades equal to the raw Swap logs, every field, newest first across pages, on SQLite and PostgreSQL', async () => {
    const db = await readyDb();
    await indexChain(db, f.c.publicClient, f.chain, { rangeBlocks: 7 });
    const { trades } = await recompute(f.c.publicClient);
    const pg = await fresh('postgres');
    await indexChain(pg, f.c.publicClient, f.chain, { rangeBlocks: 50 });
    const pairs = await chainPairs(db, CHAIN_ID);
    expect(pairs.length).toBeGreaterThanOrEqual(2);
    for (const pair of pairs) {
      const expected = [...(trades.get(pair.pool.toLowerCase()) ?? [])].reverse();
      expect(expected.length).toBeGreaterThan(3);
      expect(new Set(expected.map((t) => t.side))).toEqual(new Set(['buy', 'sell']));
      expect(await allTradesViaApi(pair.pair_id, 4)).toEqual(expected);
      const onPg: Record<string, unknown>[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await tradesPage(pg, pair, 5, cursor);
        onPg.push(...page.trades);
        if (page.next_cursor === null) break;
        cursor = page.next_cursor;
      }
      expect(onPg).toEqual(expected);
    }
    const bad = await getJson(tradesGET, `/v1/market/trades?chainId=${CHAIN_ID}&pairId=1&before=bm90LWEtY3Vyc29y`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { type: 'INVALID_ARGUMENT', field: 'before' } });
    for (const [query, field] of [['pairId=1&limit=0', 'limit'], ['pairId=1&limit=1001', 'limit'], ['limit=5', 'pairId'], ['pairId=1&side=buy', 'side']]) {
      const r = await getJson(tradesGET, `/v1/market/trades?chainId=${CHAIN_ID}&${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body, query).toMatchObject({ error: { type: 'INVALID_ARGUMENT', field } });
    }
    expect((await getJson(tradesGET, `/v1/market/trades?chainId=${CHAIN_ID}&pairId=999`)).status).toBe(404);
  });

  it('keeps each pool\'s holdings; trades and pools indexed before trades had a side, a maker and holdings get them', async () => {
    const head = await f.c.publicClient.getBlockNumber({ cacheTime: 0 });
    const onChain = async (pool: string, baseIsToken0: number) => {
      const [r0, r1] = await f.c.publicClient.readContract({ address: pool as Address, abi: uniswapV2PairAbi, functionName: 'getReserves', blockNumber: head });
      return baseIsToken0 ? [r0.toString(), r1.toString()] : [r1.toString(), r0.toString()];
    };
    const t = await openTestDb('sqlite');
    opened.push(t);
    await indexChain(t.db, f.c.publicClient, f.chain, { rangeBlocks: 9 });
    const clean = await snapshotOf(t.db);
    const pairs = await chainPairs(t.db, CHAIN_ID);
    for (const p of pairs) expect([p.reserve_base, p.reserve_quote], p.pair_name).toEqual(await onChain(p.pool, p.base_is_token0));
    // What an older version left behind: no side, no maker, no holdings.
    await t.db.updateTable('market_trades').set({ side: null, maker: null }).execute();
    await t.db.updateTable('market_pairs').set({ reserve_base: null, reserve_quote: null, reserves_block: null }).execute();
    // A new process (its own handle on the same file) finds them and fills them in.
    const upgraded = openDb({ sqliteFile: t.label });
    try {
      await indexChain(upgraded, f.c.publicClient, f.chain);
      expect(await snapshotOf(upgraded)).toEqual(clean);
      for (const p of await chainPairs(upgraded, CHAIN_ID)) expect([p.reserve_base, p.reserve_quote], p.pair_name).toEqual(await onChain(p.pool, p.base_is_token0));
    } finally {
      await upgraded.destroy();
    }
  });

  it('answers the reverse orientation with inverted prices and swapped volumes', async () => {
    const forward = await getJson(klinesGET, `/v1/market/klines?chainId=${CHAIN_ID}&base=${f.stack.weth}&quote=${f.usdc}&interval=1M&limit=3`);
    const reverse = await getJson(klinesGET, `/v1/market/klines?chainId=${CHAIN_ID}&base=${f.usdc}&quote=${f.stack.weth}&interval=1M&limit=3`);
    expect([forward.status, reverse.status]).toEqual([200, 200]);
    expect(reverse.body.data).toHaveLength(forward.body.data.length);
    for (const [i, fw] of forward.body.data.entries()) {
      const rv = reverse.body.data[i] ?? {};
      expect(rv.volume_base).toBe(fw.volume_quote);
      expect(rv.volume_quote).toBe(fw.volume_base);
      expect(rv.volume_usd).toBe(fw.volume_usd);
      expect(Number(rv.close) * Number(fw.close)).toBeCloseTo(1, 9);
      expect(Number(rv.high) * Number(fw.low)).toBeCloseTo(1, 9);
      expect(rv.base).toBe(getAddress(f.usdc));
    }
  });

  it('stores the same candles on PostgreSQL as on SQLite', async () => {
    const pg = await fresh('postgres');
    await indexChain(pg, f.c.publicClient, f.chain, { rangeBlocks: 50 });
    expect(await snapshotOf(pg)).toEqual(await snapshotOf(await readyDb()));
  });

  it('reports the pair overview from candles: kline price, 24 h change and volumes, USD price and FDV', async () => {
    const { status, body, headers } = await getJson(pairGET, `/v1/market/pair?chainId=${CHAIN_ID}&pairId=2`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toMatch(/s-maxage=/);
    const d = body.data as Record<string, string>;
    expect(PairOverviewDTO.strict().parse(d)).toEqual(d);
    expect(d.price_source).toBe('kline');
    expect(d.pair_name).toBe('TKN/WETH');
    expect(Number(d.volume_base_24h)).toBeGreaterThan(0);
    expect(Number(d.price_usd)).toBeGreaterThan(0);
    expect(Number(d.change_24h)).not.toBe(0);
    // totalSupply: 10M + 2 × 1M TKN minted.
    expect(Number(d.fdv_usd) / Number(d.price_usd)).toBeCloseTo(12_000_000, 3);
    for (const v of Object.values(d)) if (typeof v === 'string' && !v.startsWith('0x') && /^-?\d/.test(v)) expect(v).toMatch(/^-?\d+(\.\d{0,17}[1-9])?$/);
  });

  it('resumes after a crash mid-backfill with candles equal to a clean run', async () => {
    const clean = await fresh();
    await indexChain(clean, f.c.publicClient, f.chain, { rangeBlocks: 5 });
    const crashed = await fresh();
    let ranges = 0;
    await expect(indexChain(crashed, f.c.publicClient, f.chain, {
      rangeBlocks: 5, beforeCommit: () => { if (++ranges === 4) throw new Error('killed'); },
    })).rejects.toThrow('killed');
    const partial = await crashed.selectFrom('indexer_checkpoints').selectAll().executeTakeFirstOrThrow();
    expect(Number(partial.block_number)).toBeLessThan(Number((await f.c.publicClient.getBlockNumber())));
    await indexChain(crashed, f.c.publicClient, f.chain, { rangeBlocks: 5 });
    expect(await snapshotOf(crashed)).toEqual(await snapshotOf(clean));
  });

  it('a writer whose lease another process took stores nothing; the new holder resumes to a clean result', async () => {
    const clean = await fresh();
    await indexChain(clean, f.c.publicClient, f.chain, { rangeBlocks: 5 });
    const shared = await fresh();
    expect(await tryAcquireLease(shared, 'indexer', 'old', 60_000)).toBe(1n);
    await releaseLease(shared, 'indexer', 'old', 1n);
    expect(await tryAcquireLease(shared, 'indexer', 'new', 60_000)).toBe(2n);
    await expect(indexChain(shared, f.c.publicClient, f.chain, { rangeBlocks: 5, fence: (trx) => assertLeaseHeld(trx, 'indexer', 'old', 1n) }))
      .rejects.toBeInstanceOf(LeaseLostError);
    expect(await shared.selectFrom('market_trades').select('tx_hash').execute()).toEqual([]);
    expect(await shared.selectFrom('indexer_checkpoints').selectAll().execute()).toEqual([]);
    await indexChain(shared, f.c.publicClient, f.chain, { rangeBlocks: 5, fence: (trx) => assertLeaseHeld(trx, 'indexer', 'new', 2n) });
    expect(await snapshotOf(shared)).toEqual(await snapshotOf(clean));
  });

  it('splits ranges the RPC refuses and retries failed calls, storing the same as a clean run', async () => {
    let calls = 0;
    let refusedRanges = 0;
    let failures = 0;
    const transport = custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        calls++;
        if (method === 'eth_getLogs') {
          const [filter] = params as [{ fromBlock: string; toBlock: string }];
          if (BigInt(filter.toBlock) - BigInt(filter.fromBlock) > 4n) {
            refusedRanges++;
            throw new Error('query exceeds the maximum block range of 5');
          }
          if (calls % 5 === 0) {
            failures++;
            throw new Error('socket hang up');
          }
        }
        const res = await fetch(f.anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: calls, method, params }) });
        const body = await res.json() as { result?: unknown; error?: { message: string } };
        if (body.error) throw new Error(body.error.message);
        return body.result;
      },
    }, { retryCount: 0 });
    const flaky = createPublicClient({ transport, pollingInterval: POLLING_MS }) as PublicClient;
    const viaFlaky = await fresh();
    await indexChain(viaFlaky, flaky, f.chain, { rangeBlocks: 40 });
    expect(refusedRanges).toBeGreaterThan(0);
    expect(failures).toBeGreaterThan(0);
    const clean = await fresh();
    await indexChain(clean, f.c.publicClient, f.chain, { rangeBlocks: 40 });
    expect(await snapshotOf(viaFlaky)).toEqual(await snapshotOf(clean));
  });

  it('after a reorg (snapshot, swaps, revert, other swaps) equals a fresh index of the canonical chain', async () => {
    const db = await fresh();
    await indexChain(db, f.c.publicClient, f.chain);
    const test = createTestClient({ mode: 'anvil', transport: http(f.anvil.rpcUrl) });
    const snap = await test.snapshot();
    await swapAt(NOW - 3600, 0, 1, 3n);
    await swapAt(NOW - 3000, 2, 2, 1n);
    const before = await indexChain(db, f.c.publicClient, f.chain);
    expect(before.trades).toBe(3);
    await test.revert({ id: snap });
    await swapAt(NOW - 2400, 1, 2, 2n);
    await swapAt(NOW - 1800, 3, 1, 1n);
    await swapAt(NOW - 1200, 1, 1, 1n);
    const after = await indexChain(db, f.c.publicClient, f.chain);
    expect(after.rolledBack).toBe(3);
    const canonical = await fresh();
    await indexChain(canonical, f.c.publicClient, f.chain);
    expect(await snapshotOf(db)).toEqual(await snapshotOf(canonical));
  });

  it('follows new blocks live: a fresh swap shows in klines within a few poll intervals, and the status shows no lag', async () => {
    const db = await readyDb();
    const controller = new AbortController();
    const loop = runIndexer(db, { pollMs: 100, rangeBlocks: 2_000, signal: controller.signal, chains: () => [f.chain] });
    try {
      const ts = NOW - 600;
      await swapAt(ts, 0, 1, 1n);
      const minute = ts - (ts % 60);
      const deadline = Date.now() + 15_000;
      let row: Record<string, unknown> | undefined;
      while (Date.now() < deadline) {
        row = (await getJson(klinesGET, `/v1/market/klines?chainId=${CHAIN_ID}&pairId=1&interval=1m&start=${minute}&limit=1`)).body.data?.[0];
        if (row?.open_time === minute && row.trades === 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(row).toMatchObject({ open_time: minute, trades: 1 });
      const status = await indexerStatus();
      expect(status).toEqual([{ chain_id: CHAIN_ID, indexed_block: expect.any(Number), head_block: expect.any(Number), lag_blocks: 0 }]);
      registerIndexerHealth();
      expect(await indexerCheckpoint()?.(CHAIN_ID)).toBe(status[0]?.indexed_block);
      // Many polls later the loop still holds at most its current wait's abort listener.
      await new Promise((r) => setTimeout(r, 1_200));
      expect(getEventListeners(controller.signal, 'abort').length).toBeLessThanOrEqual(1);
    } finally {
      controller.abort();
      await loop;
    }
  });

  it('a reorg removes its trades from the trades endpoint, and the candle stream tells its subscribers', async () => {
    const db = await readyDb();
    await indexChain(db, f.c.publicClient, f.chain);
    const aborter = new AbortController();
    const res = await streamGET(new Request(`http://localhost/v1/market/stream?chainId=${CHAIN_ID}&pairId=1&interval=1m`, { signal: aborter.signal }));
    expect(res.status).toBe(200);
    const sse = sseReader(res);
    try {
      // First the pair's newest trades (the backlog), oldest of them first.
      await sse.until(() => sse.events.some((e) => e.event === 'trade'), 'the backlog');
      const backlog = sse.events.filter((e) => e.event === 'trade').map((e) => e.data);
      const newest = (await allTradesViaApi(1, 1000)).slice(0, backlog.length).reverse();
      expect(backlog).toEqual(newest);

      const test = createTestClient({ mode: 'anvil', transport: http(f.anvil.rpcUrl) });
      const snap = await test.snapshot();
      const forked = [await swapAt(NOW - 300, 0, 1, 1n), await swapAt(NOW - 290, 1, 2, 1n)];
      await indexChain(db, f.c.publicClient, f.chain);
      await sse.until(() => forked.every((h) => sse.events.some((e) => e.event === 'trade' && e.data.tx_hash === h)), 'the forked trades');
      await test.revert({ id: snap });
      const canonical = await swapAt(NOW - 280, 1, 1, 2n);
      expect((await indexChain(db, f.c.publicClient, f.chain)).rolledBack).toBe(2);

      await sse.until(() => sse.events.some((e) => e.event === 'trades_removed'), 'trades_removed');
      const removed = sse.events.find((e) => e.event === 'trades_removed')?.data.trades as { tx_hash: string }[];
      expect(removed.map((t) => t.tx_hash).sort()).toEqual([...forked].sort());
      await sse.until(() => sse.events.some((e) => e.event === 'trade' && e.data.tx_hash === canonical), 'the canonical trade');
      const removedAt = sse.events.findIndex((e) => e.event === 'trades_removed');
      const canonicalAt = sse.events.findIndex((e) => e.event === 'trade' && e.data.tx_hash === canonical);
      expect(canonicalAt).toBeGreaterThan(removedAt);

      // The endpoint (its answers live a second) no longer lists the abandoned fork's trades.
      await new Promise((r) => setTimeout(r, 1_100));
      const listed = (await allTradesViaApi(1, 1000)).map((t) => t.tx_hash);
      expect(listed[0]).toBe(canonical);
      for (const h of forked) expect(listed).not.toContain(h);
    } finally {
      aborter.abort();
    }
  });

  it('prices a pool without trades in 24 h from its reserves (swap_indicative)', async () => {
    const db = await readyDb();
    await addLiquidity(f.c, f.stack, 0, f.tkn, parseUnits('1000', 18), f.usdc, parseUnits('2000', 6));
    await indexChain(db, f.c.publicClient, f.chain);
    const { status, body } = await getJson(pairGET, `/v1/market/pair?chainId=${CHAIN_ID}&base=${f.tkn}&quote=${f.usdc}&interval=1d`);
    expect(status).toBe(200);
    const d = body.data as Record<string, string>;
    expect(d).toMatchObject({ pair_name: 'TKN/USDC', price_source: 'swap_indicative', change_24h: '0', volume_base_24h: '0', volume_usd_24h: '0' });
    // 2 USDC per TKN at the reserves, less the 0.3 % pool fee and a tiny price impact.
    expect(Number(d.price)).toBeGreaterThan(1.99);
    expect(Number(d.price)).toBeLessThan(2 * 0.997 + 1e-9);
    expect(d.price_usd).toBe(d.price);
    const reverse = await getJson(pairGET, `/v1/market/pair?chainId=${CHAIN_ID}&base=${f.usdc}&quote=${f.tkn}`);
    expect(Number((reverse.body.data as Record<string, string>).price) * Number(d.price)).toBeCloseTo(1, 9);
  });

  it('an indexer process killed (SIGKILL) mid-backfill resumes to the same candles as a clean run', async () => {
    // Empty blocks make the backfill long enough, one block per range, to kill it half-way.
    await createTestClient({ mode: 'anvil', transport: http(f.anvil.rpcUrl) }).mine({ blocks: 300 });
    const killedDir = `${dataDir}/killed`;
    mkdirSync(killedDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', 'scripts/indexer.ts'], {
      env: { ...process.env, SWAPDESK_DATA_DIR: killedDir, CHAINS_CONFIG: `${dataDir}/chains.json`, INDEXER_RANGE_BLOCKS: '1', INDEXER_POLL_MS: '50', LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const store = openDb({ sqliteFile: `${killedDir}/swapdesk.sqlite` });
    const head = Number(await f.c.publicClient.getBlockNumber({ cacheTime: 0 }));
    try {
      const deadline = Date.now() + 60_000;
      let indexed = 0;
      while (Date.now() < deadline && indexed < f.chain.startBlock + 40) {
        await new Promise((r) => setTimeout(r, 20));
        const cp = await store.selectFrom('indexer_checkpoints').select('block_number').executeTakeFirst().catch(() => undefined);
        indexed = Number(cp?.block_number ?? 0);
      }
      child.kill('SIGKILL');
      await exited;
      const atKill = await store.selectFrom('indexer_checkpoints').select('block_number').executeTakeFirstOrThrow();
      expect(Number(atKill.block_number)).toBeGreaterThanOrEqual(f.chain.startBlock + 40);
      expect(Number(atKill.block_number)).toBeLessThan(head);
      await indexChain(store, f.c.publicClient, f.chain);
      const clean = await fresh();
      await indexChain(clean, f.c.publicClient, f.chain);
      expect(await snapshotOf(store)).toEqual(await snapshotOf(clean));
    } finally {
      if (child.exitCode === null && child.signalCode === null) { child.kill('SIGKILL'); await exited; }
      await store.destroy();
    }
  });
});

// Uniswap V3 pools as market pairs, on anvil with Uniswap's own V3 bytecode: discovered from the V3 factory's
// PoolCreated logs beside V2 pairs, their Swap logs turned into trades and candles equal to the test's own
// aggregation of the raw logs, reorgs rolled back as for V2, a pool without trades in 24 h priced from slot0, and
// the pool's listed holdings following liquidity added and removed without any swap.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createTestClient, erc20Abi, formatUnits, http, maxUint128, parseUnits, type Address } from 'viem';
import { nonfungiblePositionManagerAbi } from '@/contracts/generated/nonfungiblePositionManager';
import { uniswapV3PoolAbi } from '@/contracts/generated/uniswapV3Pool';
import { uniswapV3SwapRouterAbi } from '@/contracts/generated/uniswapV3SwapRouter';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { addV3Liquidity } from '@/lib/devnet/addV3Liquidity';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { openTestDb, type TestDb } from '@/lib/db/openTestDb';
import type { Db } from '@/lib/db/schema';
import { indexChain } from './indexChain';

const dataDir = vi.hoisted(() => {
  const dir = `/tmp/swapdesk-indexer-v3-test-${process.pid}-${Date.now()}`;
  process.env.SWAPDESK_DATA_DIR = dir;
  process.env.CHAINS_CONFIG = `${dir}/chains.json`;
  process.env.LOG_LEVEL = 'silent';
  return dir;
});

const { GET: klinesGET } = await import('@/app/v1/market/klines/route');
const { GET: pairGET } = await import('@/app/v1/market/pair/route');
const { GET: pairsGET } = await import('@/app/v1/market/pairs/route');
const { readyDb } = await import('@/lib/db/getDb');

const CHAIN_ID = 31337;
const utc = (iso: string) => Date.parse(iso) / 1000;
const INTERVALS = ['1m', '1h', '1d', '1w', '1M'] as const;
/** Swaps across a month end, a week boundary and a year end (all long before now: no trade in the last 24 h). */
const SCHEDULE = [
  utc('2024-02-28T23:59:59Z'), utc('2024-02-29T00:00:00Z'), utc('2024-02-29T00:00:30Z'), utc('2024-03-03T23:59:59Z'),
  utc('2024-03-04T00:00:00Z'), utc('2024-12-31T23:59:59Z'), utc('2025-01-01T00:00:00Z'), utc('2025-01-01T00:00:10Z'),
];

type Fixture = { anvil: Anvil; c: DevClients; stack: UniswapStack; usdc: Address; tkn: Address; v3Pool: Address; v2Pair: Address; chain: ChainConfig };
let f: Fixture;

/** One V3 swap through Uniswap's SwapRouter: even `kind` sells TKN for USDC, odd buys TKN with USDC. */
async function swapV3(kind: number, who: number, scale: bigint) {
  const { c, stack, usdc, tkn } = f;
  const [tokenIn, tokenOut, amountIn] = kind % 2 === 0 ? [tkn, usdc, parseUnits('7', 18) * scale] : [usdc, tkn, parseUnits('13', 6) * scale];
  const hash = await c.wallet(who).writeContract({
    address: stack.v3Router, abi: uniswapV3SwapRouterAbi, functionName: 'exactInputSingle', account: devAccount(who), chain: c.chain, gas: 1_000_000n,
    args: [{ tokenIn, tokenOut, fee: 500, recipient: devAccount(who).address, deadline: 4_102_444_800n, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
  });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (receipt.status !== 'success') throw new Error('V3 swap reverted');
}

async function swapAt(ts: number, kind: number, who = 1, scale = 1n) {
  await createTestClient({ mode: 'anvil', transport: http(f.anvil.rpcUrl) }).setNextBlockTimestamp({ timestamp: BigInt(ts) });
  await swapV3(kind, who, scale);
}

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  const anvil = await startAnvil({ chainId: CHAIN_ID, timestamp: utc('2024-02-27T00:00:00Z') });
  const c = devClients(CHAIN_ID, anvil.rpcUrl);
  const stack = await deployUniswap(c);
  const usdc = await deployToken(c, 'USD Coin', 'USDC', 6);
  const tkn = await deployToken(c, 'Token', 'TKN', 18);
  for (const who of [0, 1, 2]) {
    await mint(c, usdc, devAccount(who).address, parseUnits('10000000', 6));
    await mint(c, tkn, devAccount(who).address, parseUnits('10000000', 18));
    await approve(c, who, usdc, stack.v3Router);
    await approve(c, who, tkn, stack.v3Router);
  }
  await approve(c, 0, usdc, stack.router02);
  await approve(c, 0, tkn, stack.router02);
  // A V2 pair of the same tokens beside the V3 pool: each must keep its own trades and kind.
  const v2Pair = await addLiquidity(c, stack, 0, tkn, parseUnits('1000', 18), usdc, parseUnits('2000', 6));
  // 2 USDC per TKN: tokenB base units per tokenA base unit = 2e6 / 1e18.
  const v3Pool = await addV3Liquidity(c, stack, 0, { tokenA: tkn, tokenB: usdc, fee: 500, price: 2e6 / 1e18 },
    { lower: 0, upper: Infinity, amountA: parseUnits('100000', 18), amountB: parseUnits('200000', 6) });
  const chain: ChainConfig = {
    id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18, factory: stack.factory, v3Factory: stack.v3Factory,
    router02: stack.router02, weth: stack.weth, stablecoins: [usdc], startBlock: stack.startBlock, blockTimeSec: 1,
    tokens: [
      { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
      { address: tkn, symbol: 'TKN', name: 'Token', decimals: 18 },
      { address: stack.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
    ],
  };
  writeFileSync(`${dataDir}/chains.json`, JSON.stringify({ chains: [chain] }));
  f = { anvil, c, stack, usdc, tkn, v3Pool, v2Pair, chain };
  for (const [i, ts] of SCHEDULE.entries()) await swapAt(ts, i, 1 + (i % 2), BigInt(1 + (i % 3)));
}, 180_000);

afterAll(async () => {
  await f?.anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Expected = { open: string; high: string; low: string; close: string; volume_base: string; volume_quote: string; volume_usd: string; trades: number };

/** The test's own aggregation of the V3 pool's raw Swap logs (signed amounts): price = USDC per TKN, USD = USDC. */
async function recompute() {
  const client = f.c.publicClient;
  const logs = await client.getContractEvents({ address: f.v3Pool, abi: uniswapV3PoolAbi, eventName: 'Swap', fromBlock: 0n, strict: true });
  logs.sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
  const tknIs0 = BigInt(f.tkn) < BigInt(f.usdc);
  type Acc = { open: bigint; high: bigint; low: bigint; close: bigint; b: bigint; q: bigint; trades: number };
  const out = new Map<string, Map<number, Acc>>();
  const abs = (x: bigint) => (x < 0n ? -x : x);
  for (const log of logs) {
    const ts = Number((await client.getBlock({ blockNumber: log.blockNumber })).timestamp);
    const b = abs(tknIs0 ? log.args.amount0 : log.args.amount1);
    const q = abs(tknIs0 ? log.args.amount1 : log.args.amount0);
    const priceE18 = (q * 10n ** 36n) / (b * 10n ** 6n);
    for (const interval of INTERVALS) {
      const day = Math.floor(ts / 86_400);
      const d = new Date(ts * 1000);
      const open = interval === '1m' ? ts - (ts % 60) : interval === '1h' ? ts - (ts % 3600) : interval === '1d' ? day * 86_400
        : interval === '1w' ? (day - ((day + 3) % 7)) * 86_400 : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
      const series = out.get(interval) ?? new Map<number, Acc>();
      out.set(interval, series);
      const cur = series.get(open);
      if (!cur) series.set(open, { open: priceE18, high: priceE18, low: priceE18, close: priceE18, b, q, trades: 1 });
      else {
        if (priceE18 > cur.high) cur.high = priceE18;
        if (priceE18 < cur.low) cur.low = priceE18;
        cur.close = priceE18;
        cur.b += b;
        cur.q += q;
        cur.trades += 1;
      }
    }
  }
  const human = new Map([...out].map(([interval, series]) => [interval, new Map([...series].map(([open, c]): [number, Expected] => [open, {
    open: formatUnits(c.open, 18), high: formatUnits(c.high, 18), low: formatUnits(c.low, 18), close: formatUnits(c.close, 18), trades: c.trades,
    volume_base: formatUnits(c.b, 18), volume_quote: formatUnits(c.q, 6), volume_usd: formatUnits(c.q * 10n ** 12n, 18),
  }]))]));
  return { human, count: logs.length };
}

async function getJson(handler: (req: Request) => Promise<Response>, path: string) {
  const res = await handler(new Request(`http://localhost${path}`));
  return { status: res.status, body: await res.json() as { code: number; data: Record<string, unknown>[] & Record<string, unknown> } };
}

async function snapshotOf(db: Db) {
  const candles = await db.selectFrom('market_candles').selectAll().orderBy('pair_id').orderBy('interval').orderBy('open_time').execute();
  const trades = await db.selectFrom('market_trades').selectAll().orderBy('block_number').orderBy('log_index').execute();
  return { candles, trades };
}

describe('V3 pools as market pairs on anvil', () => {
  const opened: TestDb[] = [];
  afterAll(async () => { for (const t of opened) await t.dispose(); });
  const fresh = async () => { const t = await openTestDb('sqlite'); opened.push(t); return t.db; };

  it('discovers the V3 pool beside the V2 pair and serves its klines equal to an aggregation of the raw V3 Swap logs', async () => {
    const db = await readyDb();
    const result = await indexChain(db, f.c.publicClient, f.chain, { rangeBlocks: 5 });
    const { human, count } = await recompute();
    expect(count).toBe(SCHEDULE.length);
    expect(result.trades).toBe(SCHEDULE.length);
    const pairs = await db.selectFrom('market_pairs').select(['pair_id', 'pool', 'pair_name', 'source', 'fee_ppm']).orderBy('pair_id').execute();
    expect(pairs.map((p) => ({ pool: p.pool, pair_name: p.pair_name, source: p.source, fee_ppm: Number(p.fee_ppm) }))).toEqual([
      { pool: f.v3Pool, pair_name: 'TKN/USDC', source: 'uniswap_v3', fee_ppm: 500 },
      { pool: f.v2Pair, pair_name: 'TKN/USDC', source: 'uniswap_v2', fee_ppm: 3000 },
    ]);
    const v3 = pairs[0]!;
    for (const interval of INTERVALS) {
      const series = human.get(interval);
      expect(series?.size).toBeGreaterThan(0);
      for (const [open, want] of series ?? []) {
        const { status, body } = await getJson(klinesGET, `/v1/market/klines?chainId=${CHAIN_ID}&pairId=${v3.pair_id}&interval=${interval}&start=${open}&limit=1`);
        expect(status).toBe(200);
        const row = body.data[0];
        expect({ open_time: row?.open_time, ...Object.fromEntries(Object.keys(want).map((k) => [k, row?.[k]])) }).toEqual({ open_time: open, ...want });
      }
      const stored = await db.selectFrom('market_candles').select((eb) => eb.fn.countAll().as('n')).where('pair_id', '=', v3.pair_id).where('interval', '=', interval).executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(series?.size);
    }
    // The V2 pair never traded: no candles of its own from the V3 pool's swaps.
    const v2Candles = await db.selectFrom('market_candles').select((eb) => eb.fn.countAll().as('n')).where('pair_id', '=', pairs[1]!.pair_id).executeTakeFirstOrThrow();
    expect(Number(v2Candles.n)).toBe(0);
  });

  it('lists source and fee, and prices the V3 pair (no trade in 24 h) from the pool\'s current sqrtPriceX96', async () => {
    const db = await readyDb();
    await indexChain(db, f.c.publicClient, f.chain);
    const [sqrtPriceX96] = await f.c.publicClient.readContract({ address: f.v3Pool, abi: uniswapV3PoolAbi, functionName: 'slot0' });
    const raw = Number(sqrtPriceX96) ** 2 / 2 ** 192;
    // USDC (6 decimals) per TKN (18): raw token1/token0, oriented and scaled to whole tokens.
    const want = BigInt(f.tkn) < BigInt(f.usdc) ? raw * 1e12 : 1e12 / raw;
    expect(want).toBeGreaterThan(1.5);
    const v3 = await db.selectFrom('market_pairs').select('pair_id').where('pool', '=', f.v3Pool).executeTakeFirstOrThrow();
    const { status, body } = await getJson(pairGET, `/v1/market/pair?chainId=${CHAIN_ID}&pairId=${v3.pair_id}&interval=1d`);
    expect(status).toBe(200);
    const d = body.data as Record<string, unknown>;
    expect(d).toMatchObject({ source: 'uniswap_v3', fee_ppm: 500, price_source: 'swap_indicative', volume_base_24h: '0' });
    expect(Number(d.price) / want).toBeCloseTo(1, 9);
    const list = await getJson(pairsGET, `/v1/market/pairs?chainId=${CHAIN_ID}`);
    expect(list.status).toBe(200);
    const rows = list.body.data as unknown as Record<string, unknown>[];
    const row = rows.find((r) => r.pool === f.v3Pool);
    expect(row).toMatchObject({ source: 'uniswap_v3', fee_ppm: 500 });
    expect(Number(row?.price) / want).toBeCloseTo(1, 9);
    expect(rows.find((r) => r.pool === f.v2Pair)).toMatchObject({ source: 'uniswap_v2', fee_ppm: 3000 });
    // The holdings were read after the last swap: the pool's token balances.
    const stored = await db.selectFrom('market_pairs').select(['sqrt_price_x96']).where('pool', '=', f.v3Pool).executeTakeFirstOrThrow();
    expect(stored.sqrt_price_x96).toBe(sqrtPriceX96.toString());
  });

  it('after a reorg (snapshot, V3 swaps, revert, other V3 swaps) equals a fresh index of the canonical chain', async () => {
    const db = await fresh();
    await indexChain(db, f.c.publicClient, f.chain);
    const test = createTestClient({ mode: 'anvil', transport: http(f.anvil.rpcUrl) });
    const snap = await test.snapshot();
    await swapAt(utc('2025-02-01T00:00:00Z'), 0, 1, 3n);
    await swapAt(utc('2025-02-01T00:10:00Z'), 1, 2, 1n);
    const before = await indexChain(db, f.c.publicClient, f.chain);
    expect(before.trades).toBe(2);
    await test.revert({ id: snap });
    await swapAt(utc('2025-02-01T00:20:00Z'), 1, 2, 2n);
    await swapAt(utc('2025-02-01T00:30:00Z'), 0, 1, 1n);
    await swapAt(utc('2025-02-01T00:40:00Z'), 1, 1, 1n);
    const after = await indexChain(db, f.c.publicClient, f.chain);
    expect(after.rolledBack).toBe(2);
    expect(after.trades).toBe(3);
    const canonical = await fresh();
    await indexChain(canonical, f.c.publicClient, f.chain);
    expect(await snapshotOf(db)).toEqual(await snapshotOf(canonical));
    const [sqrtPriceX96] = await f.c.publicClient.readContract({ address: f.v3Pool, abi: uniswapV3PoolAbi, functionName: 'slot0' });
    const stored = await db.selectFrom('market_pairs').select(['sqrt_price_x96']).where('pool', '=', f.v3Pool).executeTakeFirstOrThrow();
    expect(stored.sqrt_price_x96).toBe(sqrtPriceX96.toString());
  });

  it('lists a V3 pool\'s holdings again after liquidity is added (Mint) and removed (Burn, Collect) with no swap', async () => {
    // The served list reads the app's own store.
    const db = await readyDb();
    const client = f.c.publicClient;
    const holdings = async () => {
      const row = await db.selectFrom('market_pairs').select(['pair_id', 'reserve_base', 'reserve_quote', 'reserves_block', 'sqrt_price_x96'])
        .where('pool', '=', f.v3Pool).executeTakeFirstOrThrow();
      return { tkn: BigInt(row.reserve_base ?? -1), usdc: BigInt(row.reserve_quote ?? -1), block: Number(row.reserves_block), sqrt: row.sqrt_price_x96 };
    };
    /** The pool's liquidity_usd as GET /v1/market/pairs lists it (its answers are cached for a second). */
    const listedUsd = async () => {
      const list = await getJson(pairsGET, `/v1/market/pairs?chainId=${CHAIN_ID}`);
      return Number((list.body.data as unknown as Record<string, unknown>[]).find((r) => r.pool === f.v3Pool)?.liquidity_usd);
    };
    /** What the pool holds on chain at the head, with its price: what the listing must say after indexing. */
    const onChain = async () => {
      const [tkn, usdc, [sqrt], head] = await Promise.all([
        client.readContract({ address: f.tkn, abi: erc20Abi, functionName: 'balanceOf', args: [f.v3Pool] }),
        client.readContract({ address: f.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [f.v3Pool] }),
        client.readContract({ address: f.v3Pool, abi: uniswapV3PoolAbi, functionName: 'slot0' }),
        client.getBlockNumber({ cacheTime: 0 }),
      ]);
      return { tkn, usdc, block: Number(head), sqrt: sqrt.toString() };
    };
    const send = async (hash: Promise<`0x${string}`>) => {
      const receipt = await client.waitForTransactionReceipt({ hash: await hash, pollingInterval: POLLING_MS });
      expect(receipt.status).toBe('success');
    };
    await indexChain(db, client, f.chain);
    const start = await holdings();
    expect(start).toMatchObject(await onChain());
    const startUsd = await listedUsd();

    // A position around the current price: the pool takes both tokens; no Swap, no Sync.
    await addV3Liquidity(f.c, f.stack, 0, { tokenA: f.tkn, tokenB: f.usdc, fee: 500, price: 2e6 / 1e18 },
      { lower: 0.5, upper: 2, amountA: parseUnits('50000', 18), amountB: parseUnits('100000', 6) });
    await indexChain(db, client, f.chain);
    const added = await holdings();
    expect(added).toMatchObject(await onChain());
    expect(added.tkn).toBeGreaterThan(start.tkn);
    expect(added.usdc).toBeGreaterThan(start.usdc);
    // The position is worth at least its USDC: the listing must grow by that much, not by a price that moved meanwhile
    // (startUsd may come from figures computed before an earlier test's swaps).
    const positionUsdc = Number(added.usdc - start.usdc) / 1e6;
    expect(positionUsdc).toBeGreaterThan(10_000);
    await expect.poll(listedUsd, { timeout: 10_000 }).toBeGreaterThan(startUsd + positionUsdc / 2);
    const addedUsd = await listedUsd();

    // The position's liquidity burnt, then its tokens collected: the pool pays them out.
    const owner = devAccount(0);
    const npm = { address: f.stack.positionManager, abi: nonfungiblePositionManagerAbi } as const;
    const count = await client.readContract({ ...npm, functionName: 'balanceOf', args: [owner.address] });
    const tokenId = await client.readContract({ ...npm, functionName: 'tokenOfOwnerByIndex', args: [owner.address, count - 1n] });
    const liquidity = (await client.readContract({ ...npm, functionName: 'positions', args: [tokenId] }))[7];
    expect(liquidity).toBeGreaterThan(0n);
    const wallet = f.c.wallet(0);
    await send(wallet.writeContract({
      ...npm, functionName: 'decreaseLiquidity', account: owner, chain: f.c.chain, gas: 1_000_000n,
      args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 4_102_444_800n }],
    }));
    await send(wallet.writeContract({
      ...npm, functionName: 'collect', account: owner, chain: f.c.chain, gas: 1_000_000n,
      args: [{ tokenId, recipient: owner.address, amount0Max: maxUint128, amount1Max: maxUint128 }],
    }));
    await indexChain(db, client, f.chain);
    const removed = await holdings();
    expect(removed).toMatchObject(await onChain());
    expect(removed.tkn).toBeLessThan(added.tkn);
    expect(removed.usdc).toBeLessThan(added.usdc);
    await expect.poll(listedUsd, { timeout: 10_000 }).toBeLessThan(addedUsd - positionUsdc / 2);
  });

  it('a pass that stops after the range of a Mint leaves the pool marked, and the next pass reads its holdings', async () => {
    const db = await readyDb();
    const client = f.c.publicClient;
    const { checkpoint } = await indexChain(db, client, f.chain);
    const holdings = () => db.selectFrom('market_pairs').select(['reserve_base', 'reserve_quote', 'reserves_block']).where('pool', '=', f.v3Pool).executeTakeFirstOrThrow();
    const before = await holdings();
    await addV3Liquidity(f.c, f.stack, 0, { tokenA: f.tkn, tokenB: f.usdc, fee: 500, price: 2e6 / 1e18 },
      { lower: 0.9, upper: 1.1, amountA: parseUnits('1000', 18), amountB: parseUnits('2000', 6) });
    const mintBlock = await client.getBlockNumber({ cacheTime: 0 });
    await createTestClient({ mode: 'anvil', transport: http(f.anvil.rpcUrl) }).mine({ blocks: 3 });
    // Stopped after its first range, the one that holds the Mint (a shutdown): no end-of-pass read.
    const stop = new AbortController();
    const stopped = await indexChain(db, client, f.chain, { rangeBlocks: Number(mintBlock - checkpoint), signal: stop.signal, beforeCommit: () => stop.abort() });
    expect(stopped.checkpoint).toBe(mintBlock);
    expect(await holdings()).toEqual({ reserve_base: before.reserve_base, reserve_quote: before.reserve_quote, reserves_block: null });
    await indexChain(db, client, f.chain);
    const read = await holdings();
    const tknHeld = await client.readContract({ address: f.tkn, abi: erc20Abi, functionName: 'balanceOf', args: [f.v3Pool] });
    expect(BigInt(read.reserve_base ?? -1)).toBe(tknHeld);
    expect(tknHeld).toBeGreaterThan(BigInt(before.reserve_base ?? -1));
  });
});

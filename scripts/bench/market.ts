// Market-data benchmark: ≥ 2M synthetic Swap trades through the indexer's write path on SQLite and PostgreSQL,
// then klines latency in-process, disk size per million trades, and (with BASE_URL) klines vs a trivial route over HTTP.
// Usage: npm run bench:market -- [--trades 2000000] [--db sqlite|postgres|both|none] [--batch 10000]
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { env } from '@/lib/env';
import { openTestDb, type TestDb } from '@/lib/db/openTestDb';
import type { Db } from '@/lib/db/schema';
import { findPair } from '@/lib/market/findPair';
import { KLINE_INTERVALS, type KlineInterval } from '@/lib/market/klineIntervals';
import { klinesQuery } from '@/lib/market/klinesQuery';
import { storeTrades, type NewTrade } from '@/lib/market/storeTrades';
import { percentile } from './httpRounds';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const TRADES = Number(args.get('trades') ?? 2_000_000);
const BATCH = Number(args.get('batch') ?? 10_000);
const DB_ARG = args.get('db') ?? 'both';
const KINDS = DB_ARG === 'both' ? (['sqlite', 'postgres'] as const) : DB_ARG === 'none' ? [] : [DB_ARG as 'sqlite' | 'postgres'];
const PAIRS = 20;
const CHAIN_ID = 31337;
const NOW = Math.floor(Date.now() / 1000);
const SPAN_S = 60 * 86_400;
const KLINE_SAMPLES = 2_000;

/** Deterministic pseudo-random numbers so both stores get the same trades. */
function rng(seed: number) {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
}

async function seedPairs(db: Db) {
  await db.insertInto('market_pairs').values(Array.from({ length: PAIRS }, (_, i) => ({
    pair_id: i + 1, chain_id: CHAIN_ID, pool: `0x${(i + 1).toString(16).padStart(40, '0')}`, base: `0x${(1000 + i).toString(16).padStart(40, '0')}`,
    quote: `0x${'a'.repeat(40)}`, base_symbol: `T${i}`, quote_symbol: 'USDC', base_decimals: 18, quote_decimals: 6, base_is_token0: 1, pair_name: `T${i}/USDC`,
  }))).execute();
}

function* batches(): Generator<NewTrade[]> {
  const rand = rng(42);
  const prices = Array.from({ length: PAIRS }, () => 1 + rand() * 3_000);
  const stepS = SPAN_S / TRADES;
  let batch: NewTrade[] = [];
  for (let i = 0; i < TRADES; i++) {
    const pairIndex = Math.floor(rand() * PAIRS);
    const price = (prices[pairIndex] ?? 1) * (1 + (rand() - 0.5) * 0.002);
    prices[pairIndex] = price;
    const amountBase = BigInt(Math.floor(rand() * 1e6) + 1) * 10n ** 12n;
    const amountQuote = (amountBase * BigInt(Math.round(price * 1e6))) / 10n ** 18n + 1n;
    const block = 1 + Math.floor(i / 4);
    batch.push({
      chainId: CHAIN_ID, txHash: `0x${i.toString(16).padStart(64, '0')}`, logIndex: i % 4, pairId: pairIndex + 1, blockNumber: block,
      blockHash: `0x${block.toString(16).padStart(64, '0')}`, ts: NOW - SPAN_S + Math.floor(i * stepS), amountBase, amountQuote, usdE18: amountQuote * 10n ** 12n,
      side: i % 3 === 0 ? 'sell' : 'buy', maker: `0x${(1 + (i % 97)).toString(16).padStart(40, '0')}`,
    });
    if (batch.length === BATCH) { yield batch; batch = []; }
  }
  if (batch.length) yield batch;
}

async function ingest(db: Db): Promise<{ wall: number; cpu: number }> {
  let storeMs = 0;
  let cpuUs = 0;
  let stored = 0;
  for (const batch of batches()) {
    const last = batch[batch.length - 1];
    const started = performance.now();
    const cpu = process.cpuUsage();
    stored += await storeTrades(db, batch, last ? { chainId: CHAIN_ID, blockNumber: last.blockNumber, blockHash: last.blockHash } : undefined);
    storeMs += performance.now() - started;
    const used = process.cpuUsage(cpu);
    cpuUs += used.user + used.system;
    if (stored % 200_000 < BATCH) process.stdout.write(`  ${stored.toLocaleString('en')} trades, ${Math.round(stored / (storeMs / 1000)).toLocaleString('en')} events/s\r`);
  }
  process.stdout.write('\n');
  return { wall: stored / (storeMs / 1000), cpu: stored / (cpuUs / 1e6) };
}

async function klinesLatency(db: Db) {
  const rand = rng(7);
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  let rows = 0;
  for (let i = 0; i < KLINE_SAMPLES; i++) {
    const interval: KlineInterval = i % 2 === 0 ? '1m' : (KLINE_INTERVALS[Math.floor(rand() * 6)] ?? '5m');
    const pairId = 1 + Math.floor(rand() * PAIRS);
    const end = i % 4 === 1 ? NOW - Math.floor(rand() * SPAN_S * 0.5) : undefined;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const pair = await findPair(db, CHAIN_ID, { pairId });
    const out = await klinesQuery(db, pair, { chainId: CHAIN_ID, interval, end, limit: 500 }, NOW);
    JSON.stringify(out);
    samples.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuSamples.push((used.user + used.system) / 1000);
    rows += out.length;
  }
  samples.sort((a, b) => a - b);
  cpuSamples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), cpuP99: percentile(cpuSamples, 99), meanRows: rows / KLINE_SAMPLES };
}

async function diskBytes(t: TestDb): Promise<number> {
  if (t.kind === 'sqlite') {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(t.db);
    const size = (f: string) => { try { return statSync(f).size; } catch { return 0; } };
    return size(t.label) + size(`${t.label}-wal`);
  }
  const r = await sql<{ bytes: string }>`select sum(pg_total_relation_size(c.oid))::text as bytes from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'r'`.execute(t.db);
  return Number(r.rows[0]?.bytes ?? 0);
}

function autocannon(url: string): number {
  const bin = new URL('../../node_modules/.bin/autocannon', import.meta.url).pathname;
  const r = spawnSync(bin, ['-c', '16', '-d', '10', '--json', url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const parsed = JSON.parse(r.stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
  console.log(`  ${url}: ${parsed.requests.average.toFixed(0)} req/s, p99 ${parsed.latency.p99} ms, non-2xx ${parsed.non2xx}`);
  return parsed.requests.average;
}

async function http(baseUrl: string) {
  const res = await fetch(`${baseUrl}/v1/market/pairs`);
  const body = await res.json() as { data?: { pair_id: number; chain_id: number }[] };
  const first = body.data?.[0];
  if (!first) { console.log(`HTTP: ${baseUrl} lists no pairs; skipped`); return; }
  console.log(`HTTP at 16 connections, 10 s each, against ${baseUrl} (its own store):`);
  const trivial = autocannon(`${baseUrl}/v1/bench-trivial`);
  const klines = autocannon(`${baseUrl}/v1/market/klines?chainId=${first.chain_id}&pairId=${first.pair_id}&interval=1m&limit=500`);
  console.log(`  klines / trivial = ${(klines / trivial).toFixed(2)} (target ≥ 0.7)`);
}

const [load1] = (await import('node:os')).loadavg();
console.log(`load average at start: ${load1?.toFixed(2)} on ${(await import('node:os')).cpus().length} cores (figures are wall-clock; CPU columns are this process's own time)`);
console.log(`market benchmark: ${TRADES.toLocaleString('en')} trades, ${PAIRS} pairs over 60 days, batches of ${BATCH.toLocaleString('en')} (node ${process.version})`);
const results: Record<string, string>[] = [];
for (const kind of KINDS) {
  const t = await openTestDb(kind);
  try {
    console.log(`${kind}: ${t.label}`);
    await seedPairs(t.db);
    const eventsPerS = await ingest(t.db);
    const candles = await t.db.selectFrom('market_candles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const latency = await klinesLatency(t.db);
    const bytes = await diskBytes(t);
    results.push({
      store: kind, 'events/s': Math.round(eventsPerS.wall).toLocaleString('en'), 'events/CPU-s (node)': Math.round(eventsPerS.cpu).toLocaleString('en'), candles: Number(candles.n).toLocaleString('en'),
      'klines p50 ms': latency.p50.toFixed(2), 'klines p99 ms': latency.p99.toFixed(2), 'klines p99 CPU ms': latency.cpuP99.toFixed(2), 'rows/answer': latency.meanRows.toFixed(0),
      'MB per 1M trades': (bytes / 1e6 / (TRADES / 1e6)).toFixed(0),
    });
  } finally {
    await t.dispose();
  }
}
if (results.length) console.table(results);
const baseUrl = env().BASE_URL;
if (baseUrl) await http(baseUrl.replace(/\/$/, ''));
else console.log('HTTP part skipped: set BASE_URL to a running server (npm run build && npm run serve) to compare klines with a trivial route.');

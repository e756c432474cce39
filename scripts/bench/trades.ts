// GET /v1/market/trades benchmark: N stored trades (default 2M; rows written straight into market_trades, the table
// the endpoint reads, by one INSERT … SELECT per 100,000 rows generated inside the store) on SQLite and PostgreSQL,
// then the latency of 100-row pages in-process (the handler's pair lookup, its query and its JSON): half the newest
// page of a random pair, half a page from a random point in its history, in interleaved rounds over both stores.
// With --http (needs --keep): the same pages over HTTP instead, from a `next start` of the production build per store
// (SQLite: the kept file; PostgreSQL: the kept schema), one client with keep-alive paging through GET
// /v1/market/trades; the server's main thread's run-queue wait is read around each request (Linux schedstat), so a
// slow page can be told apart as waiting for a CPU or working.
// Usage: npm run bench:trades -- [--trades 2000000] [--db sqlite|postgres|both] [--samples 2000] [--rounds 5]
//          [--keep DIR] [--seed-only] [--drop] [--http [--port 3241]]
// --keep DIR keeps the stores (DIR/trades-N.sqlite and PostgreSQL schema bench_trades_N in TEST_DATABASE_URL) and
// reuses them when they already hold N trades, so a long seed can run apart (e.g. `nice -n 19 … --seed-only`);
// --drop deletes kept stores and exits.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '@/lib/db/migrateToLatest';
import { openDb } from '@/lib/db/openDb';
import { openTestDb } from '@/lib/db/openTestDb';
import type { Db } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { findPair } from '@/lib/market/findPair';
import { encodeTradeCursor, tradesPage } from '@/lib/market/tradesQuery';
import { percentile } from './httpRounds';
import { startBenchServer, type BenchServer } from './startBenchServer';

const args = new Map<string, string>();
const FLAGS = new Set(['seed-only', 'drop', 'http']);
for (let i = 2; i < process.argv.length; i++) {
  const name = process.argv[i]?.replace(/^--/, '') ?? '';
  if (FLAGS.has(name)) args.set(name, '1');
  else args.set(name, process.argv[++i] ?? '');
}
const TRADES = Number(args.get('trades') ?? 2_000_000);
const SAMPLES = Number(args.get('samples') ?? 2_000);
const ROUNDS = Number(args.get('rounds') ?? 5);
const DB_ARG = args.get('db') ?? 'both';
const KINDS = DB_ARG === 'both' ? (['sqlite', 'postgres'] as const) : [DB_ARG as 'sqlite' | 'postgres'];
const KEEP_DIR = args.get('keep');
const HTTP = args.has('http');
const HTTP_PORT = Number(args.get('port') ?? 3241);
const PAIRS = 20;
const CHAIN_ID = 31337;
/** Rows generated per INSERT … SELECT: each is one statement (one transaction), with progress between them. */
const SEED_BATCH = 100_000;
const LOGS_PER_BLOCK = 4;
const NOW = Math.floor(Date.now() / 1000);
const LAST_BLOCK = 1 + Math.floor((TRADES - 1) / LOGS_PER_BLOCK);
const PG_SCHEMA = `bench_trades_${TRADES}`;

type Store = { kind: 'sqlite' | 'postgres'; db: Db; label: string; dispose: () => Promise<void> };

function rng(seed: number) {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
}

async function withAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: env().TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openStore(kind: 'sqlite' | 'postgres'): Promise<Store> {
  if (!KEEP_DIR) return openTestDb(kind);
  if (kind === 'sqlite') {
    mkdirSync(KEEP_DIR, { recursive: true });
    const file = path.join(KEEP_DIR, `trades-${TRADES}.sqlite`);
    const db = openDb({ sqliteFile: file });
    await migrateToLatest(db);
    return { kind, db, label: `${file} (kept)`, dispose: () => db.destroy() };
  }
  await withAdmin(`CREATE SCHEMA IF NOT EXISTS ${PG_SCHEMA}`);
  const db = openDb({ postgresUrl: env().TEST_DATABASE_URL, schema: PG_SCHEMA });
  await migrateToLatest(db);
  return { kind, db, label: `${env().TEST_DATABASE_URL} schema ${PG_SCHEMA} (kept)`, dispose: () => db.destroy() };
}

/**
 * Trade i of N, the same on both stores: pair, amounts and side spread by multiplicative hashing of i, four trades a
 * block, one a second; amounts as the indexer stores them (base 18 decimals, quote 6, USD ×1e18).
 */
function tradeRows(kind: 'sqlite' | 'postgres', from: number, to: number) {
  const hex = (v: string, width: number) => (kind === 'sqlite' ? sql.raw(`printf('0x%0${width}x', ${v})`) : sql.raw(`'0x' || lpad(to_hex(${v}), ${width}, '0')`));
  const k = sql.raw('(1 + (i * 40503) % 1000000)');
  const p = sql.raw('(1 + (i * 69069) % 3000)');
  const text = (e: unknown) => sql`cast(${e} as text)`;
  const series = kind === 'sqlite'
    ? sql`with recursive s(i) as (select cast(${from} as integer) union all select i + 1 from s where i + 1 < ${to})`
    : sql`with s(i) as (select generate_series(${from}::bigint, ${to - 1}::bigint))`;
  return sql`${series}
    insert into market_trades (chain_id, tx_hash, log_index, pair_id, block_number, block_hash, ts, amount_base, amount_quote, usd_e18, side, maker)
    select ${CHAIN_ID}, ${hex('i', 64)}, i % ${LOGS_PER_BLOCK}, 1 + ((i * 2654435761) % 4294967296) % ${PAIRS},
      1 + i / ${LOGS_PER_BLOCK}, ${hex(`1 + i / ${LOGS_PER_BLOCK}`, 64)}, ${NOW - TRADES} + i,
      ${text(k)} || '000000000000', ${text(sql`${k} * ${p}`)}, ${text(sql`${k} * ${p}`)} || '000000000000',
      case when i % 3 = 0 then 'sell' else 'buy' end, ${hex(`1 + i % 97`, 40)}
    from s`;
}

async function seed(store: Store): Promise<number | 'reused'> {
  const { db, kind } = store;
  const held = Number((await db.selectFrom('market_trades').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  if (KEEP_DIR && held === TRADES) return 'reused';
  if (held !== 0) {
    await db.deleteFrom('market_trades').execute();
    await db.deleteFrom('market_pairs').execute();
  }
  await db.insertInto('market_pairs').values(Array.from({ length: PAIRS }, (_, i) => ({
    pair_id: i + 1, chain_id: CHAIN_ID, pool: `0x${(i + 1).toString(16).padStart(40, '0')}`, base: `0x${(1000 + i).toString(16).padStart(40, '0')}`,
    quote: `0x${'a'.repeat(40)}`, base_symbol: `T${i}`, quote_symbol: 'USDC', base_decimals: 18, quote_decimals: 6, base_is_token0: 1, pair_name: `T${i}/USDC`,
  }))).execute();
  const started = performance.now();
  for (let from = 0; from < TRADES; from += SEED_BATCH) {
    const to = Math.min(TRADES, from + SEED_BATCH);
    await tradeRows(kind, from, to).execute(db);
    process.stdout.write(`  ${kind}: ${to.toLocaleString('en')} trades, ${((performance.now() - started) / 1000).toFixed(0)} s\r`);
  }
  process.stdout.write('\n');
  // What the store's own statistics job would have done by the time a table is this large.
  await sql`analyze`.execute(db);
  return (performance.now() - started) / 1000;
}

type Pages = { samples: number[]; rows: number; failures: number; short: number; cursorSamples: number[]; waits: number[]; live: number[] };
/** Measures `count` pages of one store; `rand` picks them. */
type Pager = (count: number, rand: () => number) => Promise<Pages>;

/** The i-th page's request: alternately the newest page of a random pair and a page from a random point in its history. */
function pick(i: number, rand: () => number): { pairId: number; before: string | undefined } {
  const pairId = 1 + Math.floor(rand() * PAIRS);
  const before = i % 2 === 0 ? undefined : encodeTradeCursor({ blockNumber: 1 + Math.floor(rand() * LAST_BLOCK), logIndex: 0 });
  return { pairId, before };
}

/** Pages in-process: the handler's pair lookup, its query and its JSON. */
const inProcess = (db: Db): Pager => async (count, rand) => {
  const out: Pages = { samples: [], rows: 0, failures: 0, short: 0, cursorSamples: [], waits: [], live: [] };
  for (let i = 0; i < count; i++) {
    const { pairId, before } = pick(i, rand);
    const started = performance.now();
    const { pair } = await findPair(db, CHAIN_ID, { pairId });
    const page = await tradesPage(db, pair, 100, before);
    JSON.stringify(page);
    const ms = performance.now() - started;
    out.samples.push(ms);
    if (before) out.cursorSamples.push(ms);
    out.rows += page.trades.length;
  }
  return out;
};

/** ms the main thread of process `pid` (this one when absent) has waited on the run queue so far (Linux); undefined elsewhere. */
function runQueueWaitMs(pid?: number): number | undefined {
  try {
    const file = pid === undefined ? '/proc/thread-self/schedstat' : `/proc/${pid}/task/${pid}/schedstat`;
    return Number(readFileSync(file, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return undefined;
  }
}

/** Every this many pages, one GET /v1/live: the same server's framing and routing with no work, as a baseline. */
const LIVE_EVERY = 4;

/** Pages over HTTP from one client (fetch keeps the connection alive); the server's run-queue wait per request. */
const overHttp = (server: BenchServer): Pager => async (count, rand) => {
  const out: Pages = { samples: [], rows: 0, failures: 0, short: 0, cursorSamples: [], waits: [], live: [] };
  for (let i = 0; i < count; i++) {
    if (i % LIVE_EVERY === 0) {
      const started = performance.now();
      await (await fetch(`${server.url}/v1/live`)).arrayBuffer();
      out.live.push(performance.now() - started);
    }
    const { pairId, before } = pick(i, rand);
    const url = `${server.url}/v1/market/trades?chainId=${CHAIN_ID}&pairId=${pairId}&limit=100${before ? `&before=${before}` : ''}`;
    const waits0 = [runQueueWaitMs(server.pid), runQueueWaitMs()];
    const started = performance.now();
    const res = await fetch(url);
    const body = (await res.json()) as { data?: { trades?: unknown[] } };
    const ms = performance.now() - started;
    const waits1 = [runQueueWaitMs(server.pid), runQueueWaitMs()];
    out.samples.push(ms);
    if (before) out.cursorSamples.push(ms);
    // Both ends' waits for a CPU (server's main thread and this client's): the two share the machine's cores.
    const waited = waits0.every((w) => w !== undefined) && waits1.every((w) => w !== undefined)
      ? (waits1[0] ?? 0) - (waits0[0] ?? 0) + (waits1[1] ?? 0) - (waits0[1] ?? 0) : Number.NaN;
    out.waits.push(waited);
    const rows = body.data?.trades?.length ?? 0;
    if (!res.ok) out.failures++;
    // A cursor near a pair's first trade has fewer than 100 older trades.
    else if (rows !== 100) out.short++;
    out.rows += rows;
  }
  return out;
};

/** The app's configuration for a server over one kept store: a registry naming the bench's chain, no RPC behind it. */
function serverEnv(kind: 'sqlite' | 'postgres', dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const chains = path.join(dir, 'chains.json');
  writeFileSync(chains, JSON.stringify({
    chains: [{
      id: CHAIN_ID, name: 'Bench chain', rpcUrl: 'http://127.0.0.1:9', nativeSymbol: 'ETH', factory: `0x${'3'.repeat(40)}`, router02: `0x${'4'.repeat(40)}`,
      weth: `0x${'5'.repeat(40)}`, stablecoins: [`0x${'a'.repeat(40)}`], tokens: [],
    }],
  }));
  const common = {
    CHAINS_CONFIG: chains, LOG_LEVEL: 'warn', RATE_LIMIT_PUBLIC_PER_MIN: '1000000',
    // A throwaway signer, so start-up reads no key file (no quote is asked here).
    QUOTE_SIGNER_KEY: `0x${'7'.repeat(64)}`,
  };
  if (kind === 'postgres') {
    const url = new URL(env().TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${PG_SCHEMA}`);
    return { ...common, DATABASE_URL: url.toString(), SWAPDESK_DATA_DIR: path.join(dir, 'postgres-data') };
  }
  // The app opens <data dir>/swapdesk.sqlite: a link to the kept file (SQLite keeps its WAL beside the real file).
  const data = path.join(dir, 'sqlite-data');
  mkdirSync(data, { recursive: true });
  const link = path.join(data, 'swapdesk.sqlite');
  rmSync(link, { force: true });
  if (!KEEP_DIR) throw new Error('--http needs --keep DIR');
  symlinkSync(path.resolve(KEEP_DIR, `trades-${TRADES}.sqlite`), link);
  return { ...common, SWAPDESK_DATA_DIR: data };
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const spread = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;

if (args.has('drop')) {
  if (KEEP_DIR) rmSync(path.join(KEEP_DIR, `trades-${TRADES}.sqlite`), { force: true });
  if (KEEP_DIR) for (const suffix of ['-wal', '-shm']) rmSync(path.join(KEEP_DIR, `trades-${TRADES}.sqlite${suffix}`), { force: true });
  await withAdmin(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`);
  console.log(`dropped the kept stores of ${TRADES.toLocaleString('en')} trades`);
  process.exit(0);
}

const { loadavg, cpus } = await import('node:os');
console.log(`load average at start: ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores; ${TRADES.toLocaleString('en')} trades over ${PAIRS} pairs; ${SAMPLES} pages of 100 per store in ${ROUNDS} interleaved rounds, ${HTTP ? 'over HTTP' : 'in-process'} (node ${process.version})`);
const stores: Store[] = [];
const servers: BenchServer[] = [];
try {
  for (const kind of KINDS) {
    if (KEEP_DIR && kind === 'sqlite' && !existsSync(KEEP_DIR)) mkdirSync(KEEP_DIR, { recursive: true });
    const store = await openStore(kind);
    stores.push(store);
    console.log(`${kind}: ${store.label}`);
    const seeded = await seed(store);
    console.log(`${kind}: ${seeded === 'reused' ? 'kept store reused' : `seeded in ${seeded.toFixed(0)} s`}`);
  }
  if (args.has('seed-only')) process.exit(0);
  const measured: { kind: Store['kind']; page: Pager }[] = [];
  if (HTTP) {
    if (!KEEP_DIR) throw new Error('--http needs --keep DIR (the servers open the kept stores)');
    // The servers own the stores now: close ours, so SQLite's WAL is checkpointed into the file they open.
    for (const s of stores.splice(0)) await s.dispose();
    for (const [i, kind] of KINDS.entries()) {
      const server = await startBenchServer(HTTP_PORT + i, serverEnv(kind, path.join(KEEP_DIR, `http-${kind}`)));
      servers.push(server);
      console.log(`${kind}: next start at ${server.url} (pid ${server.pid})`);
      measured.push({ kind, page: overHttp(server) });
    }
  } else {
    for (const s of stores) measured.push({ kind: s.kind, page: inProcess(s.db) });
  }
  // Warm each store's pages and statements (and over HTTP, every route module) before the timed rounds.
  for (const m of measured) await m.page(50, rng(3));
  const perRound = Math.ceil(SAMPLES / ROUNDS);
  const figures = new Map(measured.map((m) => [m.kind, { p50: [] as number[], p99: [] as number[], all: [] as number[], cursor: [] as number[], live: [] as number[], rows: 0, failures: 0, short: 0, slowWaitShare: [] as number[], p50OverLive: [] as number[] }]));
  for (let round = 0; round < ROUNDS; round++) {
    // The order alternates per round, so drifting load from other processes hits both stores alike.
    const order = round % 2 === 0 ? measured : [...measured].reverse();
    for (const m of order) {
      const { samples, rows, failures, short, cursorSamples, waits, live } = await m.page(perRound, rng(11 + round));
      const sorted = [...samples].sort((a, b) => a - b);
      const f = figures.get(m.kind);
      if (!f) continue;
      f.p50.push(percentile(sorted, 50));
      f.p99.push(percentile(sorted, 99));
      f.all.push(...samples);
      f.cursor.push(...cursorSamples);
      f.rows += rows;
      f.failures += failures;
      f.short += short;
      f.live.push(...live);
      const liveP50 = live.length ? percentile([...live].sort((a, b) => a - b), 50) : Number.NaN;
      if (!Number.isNaN(liveP50)) f.p50OverLive.push(percentile(sorted, 50) / liveP50);
      // Of the slowest 2 % of this round's pages, the share of their time the server's and the client's threads waited for a CPU.
      const slowCut = percentile(sorted, 98);
      const slow = samples.map((ms, i) => ({ ms, wait: waits[i] ?? Number.NaN })).filter((x) => x.ms >= slowCut && !Number.isNaN(x.wait));
      const share = slow.length ? slow.reduce((a, x) => a + x.wait, 0) / slow.reduce((a, x) => a + x.ms, 0) : Number.NaN;
      if (!Number.isNaN(share)) f.slowWaitShare.push(share);
      const waitNote = Number.isNaN(share) ? '' : `  slowest 2 %: ${(share * 100).toFixed(0)} % of their time waiting for a CPU`;
      const liveNote = Number.isNaN(liveP50) ? '' : `  (GET /v1/live p50 ${liveP50.toFixed(2)} ms)`;
      console.log(`  round ${round + 1} ${m.kind.padEnd(8)} p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms${liveNote}${waitNote}`);
    }
  }
  console.table([...figures].map(([kind, f]) => {
    const all = f.all.sort((a, b) => a - b);
    const cursor = f.cursor.sort((a, b) => a - b);
    return {
      store: kind, trades: TRADES.toLocaleString('en'), pages: all.length,
      'p50 ms (all)': percentile(all, 50).toFixed(2), 'p99 ms (all)': percentile(all, 99).toFixed(2),
      'median of round p50 (spread)': `${median(f.p50).toFixed(2)} (${spread(f.p50)})`,
      'median of round p99 (spread)': `${median(f.p99).toFixed(2)} (${spread(f.p99)})`,
      'cursor pages p50/p99': `${percentile(cursor, 50).toFixed(2)}/${percentile(cursor, 99).toFixed(2)}`,
      'rows/page': (f.rows / all.length).toFixed(0),
      ...(HTTP ? {
        'GET /v1/live p50/p99': `${percentile(f.live.sort((a, b) => a - b), 50).toFixed(2)}/${percentile(f.live, 99).toFixed(2)}`,
        'p50 / live p50 (rounds)': `${median(f.p50OverLive).toFixed(1)} (${spread(f.p50OverLive)})`,
        'errors / short pages': `${f.failures} / ${f.short}`,
        'slowest 2 %: CPU wait share': f.slowWaitShare.length ? `${(median(f.slowWaitShare) * 100).toFixed(0)} %` : 'n/a',
      } : {}),
    };
  }));
  console.log(`load average at end: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  for (const s of stores) await s.dispose();
  for (const s of servers) await s.stop();
}

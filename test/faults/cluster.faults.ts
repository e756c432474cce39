// The fault suite: mixed load through HAProxy against two instances while a part dies, with counts per scenario
// and assertions that fail when a fault costs more than it should. Bounded by default (inside `npm test`);
// FAULTS_FULL=1 runs the long outages and the soak.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxUint256, type Address, type Hex } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { devAccount, devClients } from '@/lib/devnet/deployUniswap';
import { indexChain } from '@/lib/indexer/indexChain';
import { openTestDb } from '@/lib/db/openTestDb';
import { openDb } from '@/lib/db/openDb';
import type { Db } from '@/lib/db/schema';
import type { JobTables } from '@/lib/jobs/jobTables';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { loadChains } from '@/lib/chains/loadChains';
import { chainClient } from '@/lib/indexer/chainClient';
import { haproxyServerStatus } from '@/scripts/stack/haproxyCommand';
import { fillCounts, sendCrossChainOrders } from './crossChainOrders';
import { startFaultStack, type FaultStack } from './faultStack';
import { httpRequest, MixedLoad, percentile, StreamClient, type RequestSpec, type Sample } from './load';
import { waitMined } from '@/lib/devnet/waitMined';

const FULL = process.env.FAULTS_FULL === '1';
const REDIS_DOWN_MS = FULL ? 20_000 : 6_000;
const POSTGRES_DOWN_MS = FULL ? 10_000 : 3_000;
const RPC_DOWN_MS = FULL ? 10_000 : 6_000;
/** The stack's QUOTE_STALE_MS: an indicative quote may use reserves this old before it answers 503. */
const QUOTE_STALE_MS = 3_000;
const LEASE_TTL_MS = FULL ? 15_000 : 5_000;
const SOAK_MS = Number(process.env.FAULTS_SOAK_MS ?? 10 * 60_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Row = { scenario: string; requests: number; failed: number; fiveXx: number; p99Ms: number; maxMs: number; recoverySec: number | null; notes: string };
const table: Row[] = [];

function summarize(scenario: string, samples: readonly Sample[], recoverySec: number | null, notes: string): Row {
  const row = {
    scenario,
    requests: samples.length,
    failed: samples.filter((s) => s.status === 0 || s.status >= 500).length,
    fiveXx: samples.filter((s) => s.status >= 500).length,
    p99Ms: Math.round(percentile(samples.map((s) => s.ms), 99)),
    maxMs: Math.round(Math.max(0, ...samples.map((s) => s.ms))),
    recoverySec,
    notes,
  };
  table.push(row);
  return row;
}

/** "klines 503 ×3, pair 503 ×2": failed requests grouped by kind and status. */
function failuresByKind(samples: readonly Sample[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) if (s.status === 0 || s.status >= 500) counts.set(`${s.kind} ${s.status}`, (counts.get(`${s.kind} ${s.status}`) ?? 0) + 1);
  return counts.size === 0 ? 'none' : [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, stepMs = 200): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await probe();
    if (v !== undefined) return v;
    await sleep(stepMs);
  }
  return undefined;
}

describe.sequential(`cluster faults (${FULL ? 'full' : 'bounded'})`, () => {
  let f: FaultStack;
  const auth = () => ({ authorization: `Bearer ${f.token}` });
  const tokenOf = (chainId: number, symbol: string) => {
    const t = f.chains.find((c) => c.chain_id === chainId)?.tokens.find((x) => x.symbol === symbol);
    if (!t) throw new Error(`no ${symbol} on chain ${chainId}`);
    return t.address;
  };
  const chainA = () => f.chains[0]?.chain_id ?? 0;
  const chainB = () => f.chains[1]?.chain_id ?? 0;
  const pairOf = (chainId: number) => f.pairs.find((p) => p.chain_id === chainId && p.pair_name.endsWith('/USDC')) ?? f.pairs[0];
  const indicative = (chainId: number): RequestSpec => ({
    kind: `indicative:${chainId}`, method: 'POST', path: '/v1/quote/indicative', headers: auth(),
    body: { src_chain_id: chainId, dst_chain_id: chainId, token_in: tokenOf(chainId, 'USDC'), token_out: tokenOf(chainId, 'WETH'), amount_in: '1000000' },
  });
  const firm = (chainId: number): RequestSpec => ({
    kind: `firm:${chainId}`, method: 'POST', path: '/v1/quote/firm', headers: auth(),
    body: {
      src_chain_id: chainId, dst_chain_id: chainId, token_in: tokenOf(chainId, 'USDC'), token_out: tokenOf(chainId, 'WETH'), amount_in: '1000000',
      from_address: devAccount(1).address, to_address: devAccount(1).address, slippage: 1, expiry_time_sec: 60,
    },
  });
  const klines = (chainId: number): RequestSpec => {
    const p = pairOf(chainId);
    return { kind: 'klines', method: 'GET', path: `/v1/market/klines?chainId=${chainId}&pairId=${p?.pair_id}&interval=1m&limit=50` };
  };
  const pair = (chainId: number): RequestSpec => {
    const p = pairOf(chainId);
    return { kind: 'pair', method: 'GET', path: `/v1/market/pair?chainId=${chainId}&pairId=${p?.pair_id}` };
  };
  const mixed = () => [indicative(chainA()), klines(chainA()), firm(chainA()), pair(chainA()), indicative(chainB()), klines(chainB())];
  const streamQuery = () => `chainId=${chainA()}&pairId=${pairOf(chainA())?.pair_id}&interval=1m`;
  const isGet = (s: Sample) => s.kind === 'klines' || s.kind === 'pair';

  beforeAll(async () => {
    f = await startFaultStack({ leaseTtlMs: LEASE_TTL_MS });
    // /v1/health answered by one instance does not say the other has its quote followers running yet: before the
    // scenarios measure anything, three rounds in a row of the mixed requests (both instances, round-robin) must succeed.
    let clean = 0;
    const warm = await waitFor(async () => {
      const round = await Promise.all(mixed().map((spec) => httpRequest(f.url, spec)));
      clean = round.every((s) => s.status !== 0 && s.status < 500) ? clean + 1 : 0;
      return clean >= 3 ? true : undefined;
    }, 60_000, 250);
    if (!warm) throw new Error('the stack did not answer three clean rounds of mixed requests within 60 s');
  }, 300_000);

  afterAll(async () => {
    const lines = [
      `fault table (${FULL ? 'full' : 'bounded'} run):`,
      '| scenario | requests | failed | 5xx | p99 ms | max ms | recovery s | notes |',
      '|---|---|---|---|---|---|---|---|',
      ...table.map((r) => `| ${r.scenario} | ${r.requests} | ${r.failed} | ${r.fiveXx} | ${r.p99Ms} | ${r.maxMs} | ${r.recoverySec ?? '–'} | ${r.notes} |`),
    ];
    console.log(lines.join('\n'));
    mkdirSync(path.resolve('test-results'), { recursive: true });
    writeFileSync(path.resolve('test-results/faults.json'), JSON.stringify({ mode: FULL ? 'full' : 'bounded', at: new Date().toISOString(), table }, null, 2));
    await f?.dispose();
  }, 120_000);

  it('an instance SIGKILLed mid-load: no GET fails, POSTs fail only at the kill, it comes back into rotation, streams miss no closed candle', async () => {
    const load = new MixedLoad(f.url, mixed, { localAddress: '127.0.0.11', workers: 4, pauseMs: 10 });
    const streams = Array.from({ length: 4 }, () => new StreamClient(f.url, streamQuery(), { localAddress: '127.0.0.12' }));
    for (const s of streams) s.start();
    load.start();
    await sleep(2_000);
    const victim = f.stack.instances[0];
    if (!victim) throw new Error('no instance');
    const restarted = victim.nextStart();
    const killedAt = Date.now();
    process.kill(-(victim.current().process.pid ?? 0), 'SIGKILL');
    await restarted;
    const backAt = await waitFor(async () => ((await haproxyServerStatus(f.stack.haproxySocket)).app1 === 'UP' ? Date.now() : undefined), 60_000);
    await sleep(2_000);
    const samples = await load.stop();
    await sleep(2_000);
    for (const s of streams) s.stop();
    const failedGets = samples.filter((s) => isGet(s) && (s.status === 0 || s.status >= 500));
    const failedPosts = samples.filter((s) => !isGet(s) && (s.status === 0 || s.status >= 500));
    const serverKlines = ((await httpRequest(f.url, { kind: 'klines', method: 'GET', path: `/v1/market/klines?${streamQuery()}&limit=20` })).body as { data: { open_time: number; close: string; volume_base: string; trades: number; closed: boolean }[] }).data;
    const byOpen = new Map(serverKlines.map((k) => [k.open_time, k]));
    const openNow = Math.max(...serverKlines.map((k) => k.open_time));
    const missed = streams.flatMap((s) => [...s.candles.values()]
      .filter((c) => c.open_time < openNow && byOpen.has(c.open_time))
      .filter((c) => { const k = byOpen.get(c.open_time); return !k || k.close !== c.close || k.volume_base !== c.volume_base || k.trades !== c.trades; }));
    const reconnects = streams.reduce((n, s) => n + s.connects, 0) - streams.length;
    summarize('instance SIGKILL', samples, backAt === undefined ? null : Math.round((backAt - killedAt) / 100) / 10,
      `failed GET ${failedGets.length}, failed POST ${failedPosts.length}; stream reconnects ${reconnects}; closed candles missed ${missed.length}`);
    expect(failedGets).toEqual([]);
    for (const s of failedPosts) {
      const what = `${s.kind} ${s.status} ${JSON.stringify(s.body)?.slice(0, 200)} at kill ${Math.round(s.start + s.ms - killedAt)} ms`;
      expect(s.start + s.ms, what).toBeGreaterThanOrEqual(killedAt - 50);
      expect(s.start, what).toBeLessThanOrEqual(killedAt + 2_000);
    }
    expect(backAt).toBeDefined();
    expect(victim.restarts).toBe(1);
    // Both instances answer behind the balancer again.
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) pids.add(((await httpRequest(f.url, { kind: 'live', method: 'GET', path: '/v1/live' })).body as { data: { pid: number } }).data.pid);
    expect(pids.size).toBe(2);
    expect(reconnects).toBeGreaterThan(0);
    expect(streams.every((s) => s.lastStatus === 200)).toBe(true);
    expect(missed).toEqual([]);
  }, 120_000);

  it(`Redis stops for ${REDIS_DOWN_MS / 1000} s: no 5xx, no request slower than 1 s, limits per instance meanwhile, shared again after`, async () => {
    const guest = (ip: string, n: number) => Promise.all(Array.from({ length: n }, () => httpRequest(f.url, { kind: 'guest', method: 'POST', path: '/api/auth/guest' }, { localAddress: ip })));
    const load = new MixedLoad(f.url, mixed, { localAddress: '127.0.0.21', workers: 3, pauseMs: 20 });
    load.start();
    await sleep(1_000);
    await f.redis.stop();
    const downAt = Date.now();
    await sleep(500);
    const duringGuest = await guest('127.0.0.22', 30);
    await sleep(Math.max(0, REDIS_DOWN_MS - (Date.now() - downAt)));
    await f.redis.start();
    const upAt = Date.now();
    // Shared counting resumes: a fresh client gets exactly the limit across both instances.
    const sharedAt = await waitFor(async () => {
      // A fresh client address per try, in a range no other scenario uses.
      const ip = `127.0.1.${1 + Math.floor(Math.random() * 250)}`;
      const answers = await guest(ip, 14);
      return answers.filter((a) => a.status === 200).length === 10 ? Date.now() : undefined;
    }, 15_000, 500);
    const samples = await load.stop();
    const during = samples.filter((s) => s.start >= downAt && s.start <= upAt);
    const allowedDuring = duringGuest.filter((a) => a.status === 200).length;
    summarize(`Redis down ${REDIS_DOWN_MS / 1000} s`, samples, sharedAt === undefined ? null : Math.round((sharedAt - upAt) / 100) / 10,
      `${during.length} requests while down, slowest ${Math.round(Math.max(0, ...during.map((s) => s.ms)))} ms; guest limit 10/min allowed ${allowedDuring} of 30 while down (per instance)`);
    expect(samples.filter((s) => s.status >= 500 || s.status === 0)).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(Math.max(...during.map((s) => s.ms))).toBeLessThan(1_000);
    expect(allowedDuring).toBeGreaterThan(10);
    expect(allowedDuring).toBeLessThanOrEqual(20);
    expect(sharedAt).toBeDefined();
  }, 120_000);

  it(`PostgreSQL restarts (${POSTGRES_DOWN_MS / 1000} s down): indicative quotes flow, firm quotes stored or a retryable 503 (as is every other failure), every endpoint back within 10 s`, async () => {
    const load = new MixedLoad(f.url, mixed, { localAddress: '127.0.0.31', workers: 4, pauseMs: 20 });
    load.start();
    await sleep(1_000);
    await f.postgres.stop();
    const downAt = Date.now();
    await sleep(POSTGRES_DOWN_MS);
    await f.postgres.start();
    const upAt = Date.now();
    const kinds = ['klines', 'pair', `firm:${chainA()}`];
    const recoveredAt = await waitFor(async () => {
      const after = load.samples.filter((s) => s.start > upAt + 200);
      return kinds.every((k) => after.some((s) => s.kind === k && s.status === 200)) ? Date.now() : undefined;
    }, 15_000, 100);
    await sleep(1_000);
    const samples = await load.stop();
    const firms = samples.filter((s) => s.kind.startsWith('firm'));
    const firm5xx = firms.filter((s) => s.status >= 500);
    // Every failure while the store is away is a retryable 503 from the app (not a 500, not the balancer's own 503).
    const notRetryable = samples.filter((s) => (s.status >= 500 || s.status === 0) && (s.status !== 503 || (s.body as { error?: { retryable?: boolean } } | undefined)?.error?.retryable !== true));
    const indicativeDuring = samples.filter((s) => s.kind.startsWith('indicative') && s.start >= downAt && s.start <= upAt);
    const issued = firms.filter((s) => s.status === 200).map((s) => (s.body as { data: { quote_id: string } }).data.quote_id);
    const db = openDb({ postgresUrl: f.postgres.url });
    const stored = new Set((await db.withTables<QuoteTables>().selectFrom('quotes').select('quote_id').execute()).map((r) => r.quote_id));
    await db.destroy();
    const lost = issued.filter((id) => !stored.has(id));
    summarize(`PostgreSQL restart (${POSTGRES_DOWN_MS / 1000} s)`, samples, recoveredAt === undefined ? null : Math.round((recoveredAt - upAt) / 100) / 10,
      `indicative while down ${indicativeDuring.filter((s) => s.status === 200).length}/${indicativeDuring.length} ok; firm 503 ${firm5xx.length}, firm 200 ${issued.length}, stored ${issued.length - lost.length}; failures ${failuresByKind(samples)}`);
    expect(indicativeDuring.length).toBeGreaterThan(0);
    expect(indicativeDuring.filter((s) => s.status !== 200)).toEqual([]);
    expect(notRetryable.map((s) => `${s.kind} ${s.status}`)).toEqual([]);
    expect(lost).toEqual([]);
    expect(recoveredAt).toBeDefined();
    expect((recoveredAt ?? Infinity) - upAt).toBeLessThan(10_000);
  }, 120_000);

  it(`a chain's RPC stops (${RPC_DOWN_MS / 1000} s): its quotes answer within 2 s, 503 once its reserves are stale, the other chain is unaffected, back within 5 s`, async () => {
    const anvilB = f.devnet.chains.find((c) => c.id === chainB())?.anvil.process;
    if (!anvilB?.pid) throw new Error('no anvil for chain B');
    const specs = () => [indicative(chainA()), indicative(chainB()), firm(chainB()), klines(chainA())];
    const load = new MixedLoad(f.url, specs, { localAddress: '127.0.0.41', workers: 4, pauseMs: 20 });
    load.start();
    await sleep(1_000);
    process.kill(anvilB.pid, 'SIGSTOP');
    const downAt = Date.now();
    await sleep(RPC_DOWN_MS);
    process.kill(anvilB.pid, 'SIGCONT');
    const upAt = Date.now();
    const backAt = await waitFor(async () => {
      const after = load.samples.filter((s) => s.start > upAt && s.kind === `indicative:${chainB()}`);
      return after.length > 0 && after.slice(-3).every((s) => s.status === 200) ? Date.now() : undefined;
    }, 15_000, 100);
    const samples = await load.stop();
    const bDuring = samples.filter((s) => s.kind.endsWith(`:${chainB()}`) && s.start >= downAt && s.start + s.ms <= upAt);
    // Firm quotes read the chain at once; indicative ones may use the last reserves until they are QUOTE_STALE_MS old.
    const mustRefuse = bDuring.filter((s) => s.kind.startsWith('firm') || s.start >= downAt + QUOTE_STALE_MS + 1_000);
    const aAll = samples.filter((s) => s.kind === `indicative:${chainA()}` || s.kind === 'klines');
    summarize(`chain ${chainB()} RPC stopped (${RPC_DOWN_MS / 1000} s)`, samples, backAt === undefined ? null : Math.round((backAt - upAt) / 100) / 10,
      `chain ${chainB()} quotes while down: ${bDuring.filter((s) => s.status === 503).length} × 503 of ${bDuring.length}, slowest ${Math.round(Math.max(0, ...bDuring.map((s) => s.ms)))} ms; chain ${chainA()} failures ${aAll.filter((s) => s.status !== 200).length}`);
    expect(mustRefuse.length).toBeGreaterThan(0);
    expect(mustRefuse.filter((s) => s.status !== 503).map((s) => `${s.kind} ${s.status}`)).toEqual([]);
    expect(bDuring.filter((s) => s.status !== 503 && s.status !== 200).map((s) => `${s.kind} ${s.status}`)).toEqual([]);
    expect(Math.max(...bDuring.map((s) => s.ms))).toBeLessThan(2_000);
    expect(aAll.filter((s) => s.status !== 200)).toEqual([]);
    expect(backAt).toBeDefined();
    expect((backAt ?? Infinity) - upAt).toBeLessThan(5_000);
  }, 120_000);

  it('the active indexer, quote follower and relayer are SIGKILLed with standbys running: takeover within 30 s, candles equal a fresh index, no trade twice, no order filled twice', async () => {
    const db = openDb({ postgresUrl: f.postgres.url });
    const leases = () => db.withTables<JobTables>().selectFrom('job_leases').selectAll().execute();
    const before = await leases();
    const jobs = ['indexer', 'quote-follower', 'relayer'].filter((job) => before.some((l) => l.job === job));
    // Cross-chain orders in flight while the relayer dies: its standby must fill each exactly once.
    const [src, dst] = loadChains();
    const orders = src && dst && src.destinationSettler && dst.destinationSettler && jobs.includes('relayer')
      ? await sendCrossChainOrders(src, dst, 3, 10_000_000n) : [];
    // A firm quote executed while no quote follower runs: the standby must record its fill from its cursor (no gap).
    const chainAConfig = loadChains().find((c) => c.id === chainA());
    if (!chainAConfig?.swapRouter) throw new Error('chain A has no router');
    const user = devClients(chainAConfig.id, chainAConfig.rpcUrl);
    const approval = await user.wallet(1).writeContract({
      address: tokenOf(chainA(), 'USDC') as Address, abi: testERC20Abi, functionName: 'approve', args: [chainAConfig.swapRouter, maxUint256], account: devAccount(1), chain: user.chain,
    });
    await waitMined(user.publicClient, approval);
    const killedAt = Date.now();
    const takeovers: number[] = [];
    for (const job of jobs) {
      const lease = before.find((l) => l.job === job);
      if (!lease) throw new Error(`no ${job} lease`);
      const pid = Number(lease.holder.split(':')[1]);
      process.kill(pid, 'SIGKILL');
    }
    const quoted = await httpRequest(f.url, firm(chainA()));
    const q = (quoted.body as { data?: { quote_id: string; router_address: Address; calldata: Hex; value: string } }).data;
    if (!q) throw new Error(`firm quote failed: ${quoted.status}`);
    const swap = await user.wallet(1).sendTransaction({ to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: 1_000_000n, account: devAccount(1), chain: user.chain });
    const swapReceipt = await waitMined(user.publicClient, swap);
    const swappedAt = Date.now();
    for (const job of jobs) {
      const old = before.find((l) => l.job === job);
      const at = await waitFor(async () => {
        const now = (await leases()).find((l) => l.job === job);
        return now && now.holder !== old?.holder ? Date.now() : undefined;
      }, 40_000, 250);
      takeovers.push(at === undefined ? Infinity : at - killedAt);
    }
    // Read from the store, not the status route (which could settle the quote itself): the new follower recorded it.
    const quoteFill = await waitFor(async () => {
      const row = await db.withTables<QuoteTables>().selectFrom('quotes').select(['status', 'src_tx_hash']).where('quote_id', '=', q.quote_id).executeTakeFirst();
      return row?.status === 'filled' ? row : undefined;
    }, 30_000, 250);
    // Let the new indexer catch up, then compare with a fresh index of the same chains up to its checkpoint.
    await sleep(3_000);
    const fresh = await openTestDb('sqlite');
    const mismatches: string[] = [];
    let trades = 0;
    try {
      for (const chain of loadChains()) {
        const cp = await db.selectFrom('indexer_checkpoints').selectAll().where('chain_id', '=', chain.id).executeTakeFirstOrThrow();
        const client = chainClient(chain);
        await indexChain(fresh.db, client, chain, { rangeBlocks: 500 });
        const upTo = Number(cp.block_number);
        const count = async (d: Db) => Number((await d.selectFrom('market_trades').select((eb) => eb.fn.countAll<number>().as('n')).where('chain_id', '=', chain.id).where('block_number', '<=', upTo).executeTakeFirstOrThrow()).n);
        const distinct = Number((await db.selectFrom('market_trades').select((eb) => eb.fn.count<number>(eb.fn('concat', ['tx_hash', 'log_index'])).distinct().as('n')).where('chain_id', '=', chain.id).executeTakeFirstOrThrow()).n);
        const all = Number((await db.selectFrom('market_trades').select((eb) => eb.fn.countAll<number>().as('n')).where('chain_id', '=', chain.id).executeTakeFirstOrThrow()).n);
        if (distinct !== all) mismatches.push(`chain ${chain.id}: ${all - distinct} trades stored twice`);
        const [mine, theirs] = [await count(db), await count(fresh.db)];
        trades += mine;
        if (mine !== theirs) mismatches.push(`chain ${chain.id}: ${mine} trades vs ${theirs} in a fresh index up to block ${upTo}`);
        // Closed 1m candles up to the checkpoint's time must match exactly.
        const cutoff = Number((await client.getBlock({ blockNumber: BigInt(upTo) })).timestamp) - 60;
        const candles = (d: Db) => d.selectFrom('market_candles').innerJoin('market_pairs', 'market_pairs.pair_id', 'market_candles.pair_id')
          .select(['market_pairs.pool', 'market_candles.open_time', 'market_candles.trades', 'market_candles.volume_base'])
          .where('market_pairs.chain_id', '=', chain.id).where('market_candles.interval', '=', '1m').where('market_candles.open_time', '<', cutoff)
          .orderBy('market_pairs.pool').orderBy('market_candles.open_time').execute();
        const [a, b] = [await candles(db), await candles(fresh.db)];
        const key = (r: { pool: string; open_time: number | string; trades: number | string; volume_base: string }) => `${r.pool}@${r.open_time}:${r.trades}:${r.volume_base}`;
        if (JSON.stringify(a.map(key)) !== JSON.stringify(b.map(key))) mismatches.push(`chain ${chain.id}: 1m candles differ from a fresh index`);
      }
    } finally {
      await fresh.dispose();
      await db.destroy();
    }
    const fills = dst && orders.length > 0
      ? (await waitFor(async () => { const c = await fillCounts(dst, orders); return c.every((n) => n >= 1) ? c : undefined; }, 30_000, 500)) ?? (await fillCounts(dst, orders))
      : [];
    summarize(`active ${jobs.join(' + ')} SIGKILL`, [], Math.round(Math.max(...takeovers) / 100) / 10,
      `takeover ${jobs.map((j, i) => `${j} ${((takeovers[i] ?? 0) / 1000).toFixed(1)} s`).join(', ')} (lease ${LEASE_TTL_MS / 1000} s); a quote filled while no follower ran: ${quoteFill ? 'recorded' : 'missed'}; ${trades} trades compared, ${mismatches.length} mismatches; ${orders.length} cross-chain orders in flight, fills per order ${fills.join('/') || '–'}`);
    expect(Math.max(...takeovers)).toBeLessThan(30_000);
    expect(mismatches).toEqual([]);
    expect(fills.every((n) => n === 1)).toBe(true);
    expect(swapReceipt.status).toBe('success');
    expect(swappedAt).toBeLessThan(killedAt + Math.min(...takeovers));
    expect(quoteFill).toMatchObject({ status: 'filled', src_tx_hash: swap });
  }, 180_000);

  it('one client opening 1,000 streams gets 429 past its cap; other clients\' streams and requests are unaffected', async () => {
    const others = Array.from({ length: 3 }, () => new StreamClient(f.url, streamQuery(), { localAddress: '127.0.0.52' }));
    for (const s of others) s.start();
    const load = new MixedLoad(f.url, () => [klines(chainA()), pair(chainA()), { kind: 'health', method: 'GET', path: '/v1/health' }], { localAddress: '127.0.0.53', workers: 2, pauseMs: 20 });
    load.start();
    const http = await import('node:http');
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity, localAddress: '127.0.0.51' });
    const flood: import('node:http').ClientRequest[] = [];
    const statuses = await Promise.all(Array.from({ length: 1_000 }, () => new Promise<number>((resolve) => {
      const req = http.get(new URL(`/v1/market/stream?${streamQuery()}`, f.url), { agent }, (res) => {
        resolve(res.statusCode ?? 0);
        if (res.statusCode !== 200) res.resume();
      });
      req.on('error', () => resolve(0));
      flood.push(req);
    })));
    await sleep(1_000);
    const samples = await load.stop();
    const accepted = statuses.filter((s) => s === 200).length;
    const refused = statuses.filter((s) => s === 429).length;
    for (const r of flood) r.destroy();
    agent.destroy();
    await sleep(500);
    for (const s of others) s.stop();
    summarize('one IP opens 1,000 streams', samples, null,
      `flood: ${accepted} accepted, ${refused} × 429, ${statuses.length - accepted - refused} other; others: failures ${failuresByKind(samples)}, streams ${others.filter((s) => s.lastStatus === 200).length}/3 open; health p99 ${Math.round(percentile(samples.filter((s) => s.kind === 'health').map((s) => s.ms), 99))} ms`);
    expect(accepted).toBeLessThanOrEqual(2 * 20);
    expect(refused + accepted).toBe(1_000);
    expect(samples.filter((s) => s.status !== 200)).toEqual([]);
    expect(others.every((s) => s.lastStatus === 200 && s.connects >= 1)).toBe(true);
  }, 120_000);

  it('rotating X-Forwarded-For through HAProxy does not escape a per-IP limit', async () => {
    const answers = [];
    for (let i = 0; i < 25; i++) {
      answers.push(await httpRequest(f.url, { kind: 'guest', method: 'POST', path: '/api/auth/guest', headers: { 'x-forwarded-for': `198.51.100.${i}` } }, { localAddress: '127.0.0.61' }));
    }
    const allowed = answers.filter((a) => a.status === 200).length;
    summarize('rotating X-Forwarded-For', answers, null, `${allowed} of 25 guest tokens with 25 different forged addresses (limit 10/min per client)`);
    expect(allowed).toBe(10);
    expect(answers.slice(10).every((a) => a.status === 429)).toBe(true);
  }, 60_000);

  it('shared secrets: a token minted by one instance verifies on the other; a sign-in started on one finishes on the other', async () => {
    const [one, two] = f.stack.instances.map((i) => `http://127.0.0.1:${i.port}`);
    if (!one || !two) throw new Error('two instances expected');
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // A guest token from instance 1 quotes on instance 2.
    const guest = (await (await fetch(`${one}/api/auth/guest`, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.1' } })).json()) as { access_token?: string; data?: { access_token: string } };
    const guestToken = guest.data?.access_token ?? guest.access_token;
    const body = JSON.stringify((indicative(chainA()).body));
    const quotedOnTwo = await fetch(`${two}/v1/quote/indicative`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${guestToken}` }, body });
    // Sign-In with Ethereum: the nonce from instance 1, the CSRF token from instance 2, the callback on instance 1,
    // the session read and the wallet token issued by instance 2.
    const nonce = ((await (await fetch(`${one}/api/auth/nonce`, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.2' } })).json()) as { nonce: string; data?: { nonce: string } });
    const csrf = ((await keep(await fetch(`${two}/api/auth/csrf`)).json()) as { csrfToken: string }).csrfToken;
    const account = devAccount(3);
    const now = new Date();
    const message = createSiweMessage({
      domain: new URL(f.url).host, address: account.address, statement: 'Sign in to Swapdesk to ask firm quotes for this wallet.', uri: f.url, version: '1',
      chainId: chainA(), nonce: nonce.data?.nonce ?? nonce.nonce, issuedAt: now, expirationTime: new Date(now.getTime() + 5 * 60_000),
    });
    const signature = await account.signMessage({ message });
    const callback = keep(await fetch(`${one}/api/auth/callback/siwe`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
      body: new URLSearchParams({ csrfToken: csrf, message, signature, json: 'true' }),
    }));
    const session = (await (await fetch(`${two}/api/auth/session`, { headers: { cookie: cookie() } })).json()) as { address?: string };
    const wallet = (await (await fetch(`${two}/api/auth/token`, { method: 'POST', headers: { cookie: cookie() } })).json()) as { access_token?: string; data?: { access_token: string } };
    const walletToken = wallet.data?.access_token ?? wallet.access_token;
    const firmOnOne = await fetch(`${one}/v1/quote/firm`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${walletToken}` },
      body: JSON.stringify({ ...(firm(chainA()).body as Record<string, unknown>), from_address: account.address, to_address: account.address }),
    });
    summarize('shared secrets across instances', [], null,
      `guest token from 1 quoting on 2: HTTP ${quotedOnTwo.status}; sign-in nonce 1, CSRF 2, callback 1 (HTTP ${callback.status}), session on 2: ${session.address ? 'signed in' : 'none'}; wallet token from 2, firm quote on 1: HTTP ${firmOnOne.status}`);
    expect(quotedOnTwo.status).toBe(200);
    expect(callback.status).toBeLessThan(400);
    expect(session.address?.toLowerCase()).toBe(account.address.toLowerCase());
    expect(firmOnOne.status).toBe(200);
  }, 60_000);

  it.runIf(FULL)(`soak: ${SOAK_MS / 60_000} minutes at a fixed rate; memory and event-loop lag stay bounded`, async () => {
    const rss = (pid: number | undefined) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    };
    const pids = () => f.stack.instances.map((i) => i.current().process.pid);
    const startRss = pids().map(rss);
    const load = new MixedLoad(f.url, () => [...mixed(), { kind: 'live', method: 'GET', path: '/v1/live' }], { localAddress: '127.0.0.71', workers: 2, pauseMs: 50 });
    load.start();
    const lagWindows: number[] = [];
    const started = Date.now();
    while (Date.now() - started < SOAK_MS) {
      await sleep(60_000);
      const recent = load.samples.filter((s) => s.kind === 'live' && s.start > Date.now() - 60_000);
      lagWindows.push(Math.round(percentile(recent.map((s) => s.ms), 99)));
      console.log(`soak ${Math.round((Date.now() - started) / 60_000)} min: RSS ${pids().map(rss).map((m) => m.toFixed(0)).join(' / ')} MiB, /v1/live p99 ${lagWindows.at(-1)} ms`);
    }
    const samples = await load.stop();
    const endRss = pids().map(rss);
    summarize(`soak ${SOAK_MS / 60_000} min`, samples, null, `RSS ${startRss.map((m) => m.toFixed(0)).join('/')} → ${endRss.map((m) => m.toFixed(0)).join('/')} MiB; /v1/live p99 per minute ${lagWindows.join(', ')} ms`);
    expect(samples.filter((s) => s.status !== 200)).toEqual([]);
    for (let i = 0; i < endRss.length; i++) expect(endRss[i] ?? 0).toBeLessThan(Math.max(2 * (startRss[i] ?? 0), (startRss[i] ?? 0) + 300));
    expect(Math.max(...lagWindows)).toBeLessThan(1_000);
  }, SOAK_MS + 120_000);
});

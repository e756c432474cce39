// Quote stream benchmark on an anvil devnet (Uniswap V2 from its artifacts), the route called in-process as the
// server calls it: time from POST /v1/quote/stream to its first `quote` event, and from a swap being mined (anvil
// mines on send) to the stream's `quote` event for that block, with new heads from the chain's WebSocket.
// Then the fan-out: STREAMS streams open at once on this one instance, a swap mined, and the time until the stream hub
// has priced every stream's inputs at that block (its fan-out pass, reported by the hub) and sent each changed answer,
// over BLOCKS blocks, with the route searches that took, the event loop's delay meanwhile (what an HTTP request
// waited), and the process's memory before and with the streams open. A stream whose answer the block did not change
// is sent nothing, so "every stream sent an event" is not a finish line.
// --mix zipf (default): the streams' inputs drawn as a product's users would hold them: pairs by a Zipf-like
// popularity (rank r weighted 1/r) over both directions of the market's pairs, amounts a Zipf-like pick from a ladder of
// round amounts, and 1 in 5 a typed amount of its own; --mix distinct: every stream a different amount (the worst case
// for sharing), over the same pairs; --mix one-pair: every stream a different amount of WETH ↔ USDC, half each way.
// --market devnet runs it on the devnet's own market instead of one WETH/USDC pair: the default `npm start` chains
// (no history, no activity loop), chain 31337 with its V2 pairs and V3 pools on several fee tiers, so every stream's
// repricing is a split route search; the swaps go through Router02's WETH/USDC pair.
// Usage: npm run bench:quote-stream -- [--opens 100] [--swaps 50] [--streams 1000] [--blocks 20] [--fanout-only]
//          [--market one-pool|devnet] [--mix zipf|distinct|one-pair]
// (the client side of every stream, its SSE parsing included, runs in the same process as the server side)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getAddress, parseUnits, zeroAddress } from 'viem';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { stopFollowers } from '@/lib/chainstate/quoteFollowers';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint } from '@/lib/devnet/deployUniswap';
import { startAnvil } from '@/lib/devnet/startAnvil';
import { startDevnet } from '@/lib/devnet/startDevnet';
import type { ChainsFile } from '@/lib/chains/chainConfig';
import { sseParser } from '@/components/swap/sseParser';
import { useTempDataDir } from '@/test/tempDataDir';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { prng } from '@/lib/devnet/prng';
import { tokenSpec } from '@/lib/devnet/devnetMarkets';
import { quoteStreamHub } from '@/lib/api/quoteStreams';
import type { FanOutReport } from '@/lib/quote/quoteStreamHub';
import { percentile } from './httpRounds';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const name = process.argv[i]?.replace(/^--/, '') ?? '';
  if (name === 'fanout-only') args.set(name, '1');
  else args.set(name, process.argv[++i] ?? '');
}
const FANOUT_ONLY = args.has('fanout-only');
const OPENS = FANOUT_ONLY ? 0 : Number(args.get('opens') ?? 100);
const SWAPS = FANOUT_ONLY ? 0 : Number(args.get('swaps') ?? 50);
const STREAMS = Number(args.get('streams') ?? 1_000);
const BLOCKS = Number(args.get('blocks') ?? 20);
/** A block whose fan-out has not finished by then counts as missed. */
const FANOUT_WAIT_MS = 30_000;
const CHAIN_ID = 31337;
const MARKET = args.get('market') ?? 'one-pool';
if (MARKET !== 'one-pool' && MARKET !== 'devnet') throw new Error(`--market is one-pool or devnet, not ${MARKET}`);
const MIX = args.get('mix') ?? 'zipf';
if (MIX !== 'zipf' && MIX !== 'distinct' && MIX !== 'one-pair') throw new Error(`--mix is zipf, distinct or one-pair, not ${MIX}`);
/** Round amounts in whole tokens' worth of USD, most asked first. */
const ROUND_USD = [1_000, 100, 500, 10_000, 5_000, 50, 2_000, 250, 20_000, 100_000] as const;
/** One stream in this many holds an amount typed by hand (shared with nobody). */
const TYPED_ONE_IN = 5;

const tmp = useTempDataDir({
  QUOTE_POLL_MS: '500', RATE_LIMIT_QUOTE_PER_MIN: '1000000', QUOTE_STREAM_MAX_SEC: '3600', LOG_LEVEL: 'silent',
  QUOTE_STREAM_MAX_PER_TOKEN: String(STREAMS + 10), STREAM_MAX_PER_INSTANCE: String(STREAMS + 10),
});
/** A one-pair chain of our own, or the devnet's default market (its registry written into the data folder). */
async function market() {
  if (MARKET === 'devnet') {
    const devnet = await startDevnet({ dataDir: tmp.dir, ports: 'free', history: 'none', activity: false });
    const registry = (JSON.parse(readFileSync(devnet.registryFile, 'utf8')) as ChainsFile).chains.find((ch) => ch.id === CHAIN_ID);
    const usdc = registry?.tokens.find((t) => t.symbol === 'USDC')?.address;
    if (!registry || !usdc) throw new Error('the devnet registry has no chain 31337 with USDC');
    const c = devClients(CHAIN_ID, registry.rpcUrl);
    await approve(c, 0, usdc, registry.router02);
    const record = devnet.chains.find((ch) => ch.id === CHAIN_ID)?.record;
    const wethUsdc = record?.v3Pools.filter((p) => [p.base, p.quote].sort().join('/') === 'USDC/WETH').length ?? 0;
    console.log(`devnet market: chain ${CHAIN_ID}, ${registry.tokens.length} tokens, ${record?.pools.length ?? 0} V2 pairs and ${record?.v3Pools.length ?? 0} V3 pools (WETH/USDC: 1 V2, ${wethUsdc} V3)`);
    return { c, router02: registry.router02, weth: registry.weth, usdc, tokens: registry.tokens, stop: () => devnet.stop() };
  }
  const anvil = await startAnvil({ chainId: CHAIN_ID });
  const c = devClients(CHAIN_ID, anvil.rpcUrl);
  const stack = await deployUniswap(c);
  const usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
  const trader = devAccount(0);
  await mint(c, usdc, trader.address, 10n ** 30n);
  await approve(c, 0, usdc, stack.router02);
  await addLiquidity(c, stack, 0, stack.weth, parseUnits('1000', 18), usdc, parseUnits('3000000', 6));
  writeFileSync(path.join(tmp.dir, 'chains.json'), JSON.stringify({ chains: [{
    id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, wsUrl: anvil.rpcUrl.replace(/^http/, 'ws'), nativeSymbol: 'ETH', factory: stack.factory,
    router02: stack.router02, weth: stack.weth, stablecoins: [usdc], blockTimeSec: 1, tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
  }] }));
  const tokens = [{ address: stack.weth, symbol: 'WETH', decimals: 18 }, { address: usdc, symbol: 'USDC', decimals: 6 }];
  return { c, router02: stack.router02, weth: stack.weth, usdc, tokens, stop: () => anvil.stop() };
}

const m = await market();
try {
  const { c, usdc } = m;
  const stack = { router02: m.router02, weth: m.weth };
  const trader = devAccount(0);
  const { POST } = await import('@/app/v1/quote/stream/route');
  const token = (await signAccessToken({ sub: 'bench', scopes: ['quote:indicative'], ttlSec: 3600 })).access_token;
  const body = JSON.stringify({ src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: zeroAddress, token_out: usdc, amount_in: parseUnits('1', 18).toString() });

  /** Opens a stream; `onQuote` gets each quote's block number and arrival time. */
  async function open(onQuote: (block: number, at: number) => void, requestBody = body) {
    const abort = new AbortController();
    const res = await POST(new Request('http://bench/v1/quote/stream', { method: 'POST', body: requestBody, signal: abort.signal, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } }));
    if (res.status !== 200 || !res.body) throw new Error(`stream refused: HTTP ${res.status} ${await res.text()}`);
    const push = sseParser((e) => { if (e.event === 'quote') onQuote((JSON.parse(e.data) as { block_number: number }).block_number, performance.now()); });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => { for (;;) { const r = await reader.read().catch(() => ({ done: true as const, value: undefined })); if (r.done) break; push(r.value); } })();
    return () => abort.abort();
  }

  // Warm the follower and the route once.
  await new Promise<void>((resolve, reject) => { void open(() => resolve()).then((close) => setTimeout(close, 200), reject); });

  const first: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const started = performance.now();
    let close = () => {};
    await new Promise<void>((resolve, reject) => { void open((_b, at) => { first.push(at - started); resolve(); }).then((c2) => { close = c2; }, reject); });
    close();
  }

  const updates: number[] = [];
  const pending: { waiting?: { block: number; minedAt: number; resolve: () => void } } = {};
  const close = await open((block, at) => {
    const w = pending.waiting;
    if (w && block >= w.block) { updates.push(at - w.minedAt); w.resolve(); pending.waiting = undefined; }
  });
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  /** One swap through Router02, alternating directions so every swap moves the quote; mined when it returns. */
  async function swap(i: number) {
    const wallet = c.wallet(0);
    if (i % 2 === 0) {
      await wallet.writeContract({ address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForETH', args: [parseUnits('3000', 6), 0n, [usdc, stack.weth], trader.address, deadline], account: trader, chain: c.chain });
    } else {
      await wallet.writeContract({ address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactETHForTokens', args: [0n, [stack.weth, usdc], trader.address, deadline], value: parseUnits('1', 18), account: trader, chain: c.chain });
    }
  }
  for (let i = 0; i < SWAPS; i++) {
    const block = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1;
    const arrived = new Promise<void>((resolve) => { pending.waiting = { block, minedAt: performance.now(), resolve }; });
    await swap(i);
    // anvil mines on send: the transaction is in a block once the send returns (an update that came even sooner
    // is timed from the send).
    if (pending.waiting) pending.waiting.minedAt = performance.now();
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 10_000))]);
  }
  close();
  first.sort((a, b) => a - b);
  updates.sort((a, b) => a - b);
  const { loadavg, cpus } = await import('node:os');
  console.log(`load average: ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores (node ${process.version})`);
  if (!FANOUT_ONLY) {
    console.table([
      { figure: 'request → first streamed quote', n: first.length, 'p50 ms': percentile(first, 50).toFixed(1), 'p99 ms': percentile(first, 99).toFixed(1) },
      { figure: 'swap mined → streamed quote updated', n: `${updates.length} of ${SWAPS}`, 'p50 ms': percentile(updates, 50).toFixed(1), 'p99 ms': percentile(updates, 99).toFixed(1) },
    ]);
  }
  if (STREAMS > 0) await fanout();

  /** The streams' inputs for --mix (see the head of this file); deterministic for a given mix and count. */
  function streamInputs(): { token_in: string; token_out: string; amount_in: string }[] {
    const rand = prng(7);
    if (MIX === 'one-pair') {
      return Array.from({ length: STREAMS }, (_, s) => {
        const eth = s % 2 === 0;
        const amount = eth ? parseUnits('0.01', 18) * BigInt(1 + (s >> 1)) : parseUnits('30', 6) * BigInt(1 + (s >> 1));
        return { token_in: eth ? zeroAddress : usdc, token_out: eth ? usdc : zeroAddress, amount_in: amount.toString() };
      });
    }
    // Pairs ranked by popularity: WETH and USDC first (the order of the registry), both directions.
    const tokens = m.tokens.map((t) => ({ ...t, usd: MARKET === 'devnet' ? tokenSpec(t.symbol).usd : t.symbol === 'WETH' ? 3_000 : 1 }));
    const pairs = tokens.flatMap((a, i) => tokens.slice(i + 1).flatMap((b) => [[a, b], [b, a]] as const));
    const zipf = (n: number) => {
      const weights = Array.from({ length: n }, (_, r) => 1 / (r + 1));
      const total = weights.reduce((x, y) => x + y, 0);
      let u = rand.next() * total;
      for (let r = 0; r < n; r++) if ((u -= weights[r] ?? 0) < 0) return r;
      return n - 1;
    };
    const used = new Set<string>();
    return Array.from({ length: STREAMS }, (_, s) => {
      const [tIn, tOut] = pairs[MIX === 'distinct' ? s % pairs.length : zipf(pairs.length)] ?? pairs[0] ?? [tokens[0], tokens[1]];
      if (!tIn || !tOut) throw new Error('the market has fewer than two tokens');
      const typed = MIX === 'distinct' || s % TYPED_ONE_IN === 0;
      const usd = typed ? 10 + rand.next() * 20_000 : (ROUND_USD[zipf(ROUND_USD.length)] ?? 1_000);
      let amount = parseUnits((usd / tIn.usd).toFixed(Math.min(tIn.decimals, 8)), tIn.decimals);
      // Distinct inputs stay distinct: a clash moves the amount by one base unit.
      const keyOf = () => `${tIn.address}>${tOut.address}:${amount}`;
      while (typed && used.has(keyOf())) amount += 1n;
      used.add(keyOf());
      const native = (t: { address: string; symbol: string }) => (t.symbol === 'WETH' ? zeroAddress : t.address);
      return { token_in: native(tIn), token_out: native(tOut), amount_in: amount.toString() };
    });
  }

  async function fanout() {
    const gc = (globalThis as { gc?: () => void }).gc;
    const memory = () => { gc?.(); const mem = process.memoryUsage(); return { rss: mem.rss / 2 ** 20, heap: mem.heapUsed / 2 ** 20 }; };
    const hub = quoteStreamHub();
    const before = memory();
    const inputs = streamInputs();
    const distinct = new Set(inputs.map((x) => JSON.stringify(x))).size;
    const pairCount = new Set(inputs.map((x) => `${x.token_in}>${x.token_out}`)).size;
    console.log(`mix ${MIX}: ${STREAMS} streams, ${distinct} distinct inputs over ${pairCount} ordered pairs`);
    // Per block: when the hub's pass over the block ended, and which streams were sent an event for it.
    const waiting = { block: Infinity, minedAt: 0, sent: [] as number[], pass: undefined as FanOutReport | undefined, resolve: () => {} };
    const offReports = hub.onFanOut((report) => {
      if (report.blockNumber !== undefined && Number(report.blockNumber) >= waiting.block && !waiting.pass) {
        waiting.pass = report;
        waiting.resolve();
      }
    });
    const closers: (() => void)[] = [];
    const opened = performance.now();
    const searchesBeforeOpen = hub.searches;
    for (const input of inputs) {
      const streamBody = JSON.stringify({ src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, ...input });
      let firstSeen: () => void = () => {};
      const seen = new Promise<void>((resolve) => { firstSeen = resolve; });
      closers.push(await open((block, at) => {
        firstSeen();
        if (block >= waiting.block) waiting.sent.push(at - waiting.minedAt);
      }, streamBody));
      await seen;
    }
    const openMs = performance.now() - opened;
    console.log(`${STREAMS} streams open in ${(openMs / 1000).toFixed(1)} s (${hub.searches - searchesBeforeOpen} route searches, ${hub.groupCount} groups)`);
    await new Promise((r) => setTimeout(r, 2_000));
    const withStreams = memory();
    const passes: number[] = [];
    const searches: number[] = [];
    const sentCounts: number[] = [];
    const perStream: number[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let missed = 0;
    for (let b = 0; b < BLOCKS; b++) {
      waiting.block = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1;
      waiting.sent = [];
      waiting.pass = undefined;
      waiting.minedAt = performance.now();
      const done = new Promise<void>((resolve) => { waiting.resolve = resolve; });
      loopDelay.enable();
      await swap(b);
      // Timed from the send's return (the block is mined by then).
      waiting.minedAt = performance.now();
      const finished = await Promise.race([done.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), FANOUT_WAIT_MS))]);
      // The events the pass sent are in the streams' buffers; let their readers take them.
      await new Promise((r) => setTimeout(r, 50));
      loopDelay.disable();
      const pass = waiting.pass as FanOutReport | undefined;
      if (!finished || !pass) { missed++; console.log(`  block ${b + 1}: no fan-out pass reached the block within ${FANOUT_WAIT_MS / 1000} s`); continue; }
      const ms = pass.endedAt - waiting.minedAt;
      passes.push(ms);
      searches.push(pass.searches);
      sentCounts.push(waiting.sent.length);
      perStream.push(...waiting.sent);
      console.log(`  block ${b + 1}: fan-out done ${ms.toFixed(0)} ms after the swap (pass ${(pass.endedAt - pass.startedAt).toFixed(0)} ms over ${pass.groups} groups, ${pass.searches} route searches, ${waiting.sent.length} streams sent an event)`);
      // Let the block's work settle before the next swap.
      await new Promise((r) => setTimeout(r, 500));
    }
    const peak = memory();
    offReports();
    closers.forEach((closeStream) => closeStream());
    passes.sort((x, y) => x - y);
    perStream.sort((x, y) => x - y);
    const ns = (v: number) => (v / 1e6).toFixed(1);
    console.log(`${STREAMS} streams (${MIX}) opened in ${(openMs / 1000).toFixed(1)} s; memory (${gc ? 'after a full GC' : 'no --expose-gc: live and garbage'}) before ${before.rss.toFixed(0)} MB RSS / ${before.heap.toFixed(0)} MB heap, with the streams open ${withStreams.rss.toFixed(0)} / ${withStreams.heap.toFixed(0)} MB, after ${BLOCKS} blocks ${peak.rss.toFixed(0)} / ${peak.heap.toFixed(0)} MB`);
    console.table([
      { figure: `swap mined → fan-out done (${STREAMS} streams, ${distinct} distinct inputs, ${MIX})`, n: `${passes.length} of ${BLOCKS} blocks${missed ? ` (${missed} over ${FANOUT_WAIT_MS / 1000} s)` : ''}`, p50: `${percentile(passes, 50).toFixed(0)} ms`, p99: `${percentile(passes, 99).toFixed(0)} ms`, max: `${(passes.at(-1) ?? Number.NaN).toFixed(0)} ms` },
      { figure: 'route searches per block', n: searches.length, p50: percentile([...searches].sort((x, y) => x - y), 50), p99: percentile([...searches].sort((x, y) => x - y), 99), max: Math.max(...searches) },
      { figure: 'streams sent an event per block (answer changed)', n: sentCounts.length, p50: percentile([...sentCounts].sort((x, y) => x - y), 50), p99: '', max: Math.max(...sentCounts) },
      { figure: 'swap mined → a stream\'s event (streams sent one)', n: perStream.length, p50: `${percentile(perStream, 50).toFixed(0)} ms`, p99: `${percentile(perStream, 99).toFixed(0)} ms`, max: `${(perStream.at(-1) ?? Number.NaN).toFixed(0)} ms` },
      { figure: 'event loop delay during the blocks (what a request waited)', n: loopDelay.count, p50: `${ns(loopDelay.percentile(50))} ms`, p99: `${ns(loopDelay.percentile(99))} ms`, max: `${ns(loopDelay.max)} ms` },
      { figure: 'memory with the streams open, more than before (RSS / heap MB)', n: STREAMS, p50: `${(withStreams.rss - before.rss).toFixed(0)} / ${(withStreams.heap - before.heap).toFixed(0)}`, p99: '', max: '' },
    ]);
  }
} finally {
  stopFollowers();
  await m.stop();
  tmp.cleanup();
}
// The app modules loaded in-process (the store's pool, HTTP keep-alive sockets) hold handles open: end here.
process.exit(0);

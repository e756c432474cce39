// Quote stream benchmark on an anvil devnet (Uniswap V2 from its artifacts), the route called in-process as the
// server calls it: time from POST /v1/quote/stream to its first `quote` event, and from a swap being mined (anvil
// mines on send) to the stream's `quote` event for that block, with new heads from the chain's WebSocket.
// Then the fan-out: STREAMS streams open at once on this one instance (each a different amount, half each way), a swap
// mined, and the time until every stream has sent its quote for that block (the last one), over BLOCKS blocks, with
// the process's memory before and with the streams open.
// --market devnet runs it on the devnet's own market instead of one WETH/USDC pair: the default `npm start` chains
// (no history, no activity loop), chain 31337 with its V2 pairs and V3 pools on several fee tiers, so every stream's
// repricing is a split route search; the swaps go through Router02's WETH/USDC pair.
// Usage: npm run bench:quote-stream -- [--opens 100] [--swaps 50] [--streams 1000] [--blocks 20] [--fanout-only]
//          [--market one-pool|devnet]
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
    return { c, router02: registry.router02, weth: registry.weth, usdc, stop: () => devnet.stop() };
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
  return { c, router02: stack.router02, weth: stack.weth, usdc, stop: () => anvil.stop() };
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

  async function fanout() {
    const gc = (globalThis as { gc?: () => void }).gc;
    const memory = () => { gc?.(); const m = process.memoryUsage(); return { rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20 }; };
    const before = memory();
    // Per block: when each stream's quote for it arrived; a stream is done with a block once it sent a quote at or past it.
    const waiting: { block: number; minedAt: number; arrivals: number[]; done: Set<number>; resolve: () => void } = { block: Infinity, minedAt: 0, arrivals: [], done: new Set(), resolve: () => {} };
    const closers: (() => void)[] = [];
    const opened = performance.now();
    for (let s = 0; s < STREAMS; s++) {
      // Distinct amounts (0.01 … 10 ETH, or 30 … 30,000 USDC), half each way: no two streams share an answer.
      const eth = s % 2 === 0;
      const amount = eth ? parseUnits('0.01', 18) * BigInt(1 + (s >> 1)) : parseUnits('30', 6) * BigInt(1 + (s >> 1));
      const streamBody = JSON.stringify({ src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: eth ? zeroAddress : usdc, token_out: eth ? usdc : zeroAddress, amount_in: amount.toString() });
      let firstSeen: () => void = () => {};
      const seen = new Promise<void>((resolve) => { firstSeen = resolve; });
      closers.push(await open((block, at) => {
        firstSeen();
        if (block >= waiting.block && !waiting.done.has(s)) {
          waiting.done.add(s);
          waiting.arrivals.push(at - waiting.minedAt);
          if (waiting.done.size === STREAMS) waiting.resolve();
        }
      }, streamBody));
      await seen;
    }
    const openMs = performance.now() - opened;
    console.log(`${STREAMS} streams open in ${(openMs / 1000).toFixed(1)} s`);
    await new Promise((r) => setTimeout(r, 2_000));
    const withStreams = memory();
    const last: number[] = [];
    const perStream: number[] = [];
    let missed = 0;
    for (let b = 0; b < BLOCKS; b++) {
      waiting.block = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1;
      waiting.arrivals = [];
      waiting.done = new Set();
      waiting.minedAt = performance.now();
      const all = new Promise<void>((resolve) => { waiting.resolve = resolve; });
      await swap(b);
      // Timed from the send's return (the block is mined by then); an event that beat it counts from the send.
      waiting.minedAt = performance.now();
      const finished = await Promise.race([all.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), FANOUT_WAIT_MS))]);
      if (!finished) { missed++; console.log(`  block ${b + 1}: not every stream updated within ${FANOUT_WAIT_MS / 1000} s`); continue; }
      const sorted = [...waiting.arrivals].sort((x, y) => x - y);
      last.push(sorted.at(-1) ?? Number.NaN);
      console.log(`  block ${b + 1}: last stream updated after ${(sorted.at(-1) ?? Number.NaN).toFixed(0)} ms (median stream ${percentile(sorted, 50).toFixed(0)} ms)`);
      perStream.push(...sorted);
      // Let the block's work settle before the next swap.
      await new Promise((r) => setTimeout(r, 500));
    }
    const peak = memory();
    closers.forEach((closeStream) => closeStream());
    last.sort((x, y) => x - y);
    perStream.sort((x, y) => x - y);
    console.log(`${STREAMS} streams opened in ${(openMs / 1000).toFixed(1)} s; memory (${gc ? 'after a full GC' : 'no --expose-gc: live and garbage'}) before ${before.rss.toFixed(0)} MB RSS / ${before.heap.toFixed(0)} MB heap, with the streams open ${withStreams.rss.toFixed(0)} / ${withStreams.heap.toFixed(0)} MB, after ${BLOCKS} blocks ${peak.rss.toFixed(0)} / ${peak.heap.toFixed(0)} MB`);
    console.table([
      { figure: `swap mined → last of ${STREAMS} streams updated (one block's fan-out)`, n: `${last.length} of ${BLOCKS} blocks${missed ? ` (${missed} over ${FANOUT_WAIT_MS / 1000} s)` : ''}`, 'p50 ms': percentile(last, 50).toFixed(0), 'p99 ms': percentile(last, 99).toFixed(0) },
      { figure: 'swap mined → a stream updated (every stream, every block)', n: perStream.length, 'p50 ms': percentile(perStream, 50).toFixed(0), 'p99 ms': percentile(perStream, 99).toFixed(0) },
      { figure: 'memory with the streams open, more than before (RSS / heap MB)', n: STREAMS, 'p50 ms': `${(withStreams.rss - before.rss).toFixed(0)} / ${(withStreams.heap - before.heap).toFixed(0)}`, 'p99 ms': '' },
    ]);
  }
} finally {
  stopFollowers();
  await m.stop();
  tmp.cleanup();
}

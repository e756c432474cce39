// Quote benchmarks (`npm run bench:quotes`): the engine alone, then a running server under load. Prints figures.
//   Engine: route search (split routing) median/p99 µs on the devnet graphs as they are seeded (V2 pairs and V3 pools
//   with the devnet's ranges, lib/routing/fixtures/devnetSpecGraph.ts; no server needed).
//   Server (BASE_URL, default http://localhost:3000; skipped with --engine-only): autocannon at 16 connections,
//   POST /v1/quote/indicative, a bare POST (POST /v1/live, 405) and GET /v1/health interleaved in BENCH_ROUNDS
//   (default 5) rounds of BENCH_ROUND_SEC (default 5) s after a warm-up of each; per-round quote / bare POST ratios
//   and their median. The quote is BENCH_QUOTE_ETH (default 100) ETH → USDC, an order the engine splits.
//   Then sequential firm quotes (p99). Run the server with RATE_LIMIT_QUOTE_PER_MIN and RATE_LIMIT_PUBLIC_PER_MIN
//   high enough for the load, and the same SWAPDESK_DATA_DIR (its dev key signs the bench token).
import { parseEther, zeroAddress, type Address } from 'viem';
import { DEVNET_CHAINS } from '@/lib/devnet/devnetMarkets';
import { devnetLikeGraph } from '@/lib/routing/fixtures/devnetLikeGraph';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { splitRoute } from '@/lib/routing/splitRoute';
import { devnetSpecGraph, specTokenAddress } from '@/lib/routing/fixtures/devnetSpecGraph';
import { quoteExactIn } from '@/lib/quote/quoteExactIn';
import { firmBody, httpRounds, percentile, quoteBody, sequentialPosts } from './httpRounds';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SEC = Number(process.env.BENCH_ROUND_SEC ?? 5);
const QUOTE_ETH = Number(process.env.BENCH_QUOTE_ETH ?? 100);
const FIRM_QUOTES = Number(process.env.BENCH_FIRM_QUOTES ?? 200);
/** Engine sizes: shares (ppm) of the input token's deepest pool, from a retail order to a fifth of the pool. */
const ENGINE_SHARES_PPM = [10n, 100n, 1_000n, 10_000n, 50_000n];
/** The service fee the engine figures take off (the server's FEE_BPS default). */
const FEE_BPS = 20;

/** The input token's deepest reserve: a V2 reserve or a V3 pool's virtual reserve at its price. */
function depthOf(graph: PoolGraph, token: Address): bigint {
  let depth = 0n;
  for (const i of graph.topology.adjacency.get(token) ?? []) {
    const state = graph.states[i];
    const isToken0 = graph.topology.pools[i]?.token0 === token;
    let reserve = 0n;
    if (state?.source === 'uniswap_v2') reserve = isToken0 ? state.reserve0 : state.reserve1;
    else if (state) reserve = isToken0 ? (state.liquidity << 96n) / state.sqrtPriceX96 : (state.liquidity * state.sqrtPriceX96) >> 96n;
    if (reserve > depth) depth = reserve;
  }
  return depth;
}

function timed(count: number, run: (i: number) => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    run(i);
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  return samples.sort((x, y) => x - y);
}

/** Every ordered pair at five sizes (shares of the input token's deepest pool), then the HTTP benchmark's own order. */
function benchEngine(name: string, graph: PoolGraph, ethToUsdc?: { usdc: Address }): void {
  const tokens = [...graph.topology.adjacency.keys()];
  const cases = tokens.flatMap((a) => {
    const depth = depthOf(graph, a);
    return tokens.filter((b) => b !== a).flatMap((b) => ENGINE_SHARES_PPM.map((ppm) => ({ a, b, amount: (depth * ppm) / 1_000_000n + 1n })));
  });
  const run = (i: number) => {
    const c = cases[i % cases.length];
    if (!c) return;
    try {
      splitRoute(graph, c.a, c.b, c.amount);
    } catch {
      // dust on some pairs: still a full search
    }
  };
  for (let i = 0; i < 5_000; i++) run(i); // warm the JIT and the per-pair path cache
  const samples = timed(20_000, run);
  const paths = graph.topology.pathCache.size;
  console.log(`engine  ${name}: route search (split) on ${graph.topology.pools.length} pools / ${tokens.length} tokens (${cases.length} pair × size cases, ${paths} pairs cached): median ${percentile(samples, 50).toFixed(2)} µs, p99 ${percentile(samples, 99).toFixed(2)} µs`);
  if (!ethToUsdc) return;
  const request = { tokenIn: zeroAddress, tokenOut: ethToUsdc.usdc, amountIn: parseEther(String(QUOTE_ETH)), feeBps: FEE_BPS };
  const legs = quoteExactIn(graph, request).legs.length;
  for (let i = 0; i < 1_000; i++) quoteExactIn(graph, request);
  const quote = timed(5_000, () => quoteExactIn(graph, request));
  console.log(`engine  ${name}: ${QUOTE_ETH} ETH → USDC (the HTTP benchmark's quote, ${legs} legs, quoteExactIn): median ${percentile(quote, 50).toFixed(2)} µs, p99 ${percentile(quote, 99).toFixed(2)} µs`);
}

async function benchServer(baseUrl: string): Promise<void> {
  // Loaded here so the engine figures need neither the server's key nor its configuration.
  const { signAccessToken } = await import('@/lib/auth/signAccessToken');
  const { access_token: token } = await signAccessToken({ sub: 'bench-quotes', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 });
  console.log(`server  ${baseUrl} on Node ${process.versions.node} (client side); ${ROUNDS} rounds × ${ROUND_SEC} s per route, 16 connections`);
  const indicative = await quoteBody(baseUrl, QUOTE_ETH);
  await httpRounds(baseUrl, token, indicative, ROUNDS, ROUND_SEC);

  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { sorted: samples, failures } = await sequentialPosts(`${baseUrl}/v1/quote/firm`, headers, firmBody(await quoteBody(baseUrl, 0.01)), FIRM_QUOTES);
  console.log(`firm    ${FIRM_QUOTES} sequential POST /v1/quote/firm: median ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms, failures ${failures} (target p99 ≤ 40 ms)`);
}

async function main(): Promise<void> {
  for (const spec of DEVNET_CHAINS) benchEngine(`${spec.name} (V2 + V3)`, devnetSpecGraph(spec), { usdc: specTokenAddress(spec, 'USDC') });
  benchEngine('devnet-like test fixture', devnetLikeGraph());
  if (process.argv.includes('--engine-only')) return;
  const baseUrl = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  await benchServer(baseUrl);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

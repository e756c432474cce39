// Quote benchmarks (`npm run bench:quotes`): the engine alone, then a running server under load. Prints figures.
//   Engine: route search (split routing) median/p99 µs on the devnet-shaped graphs (no server needed).
//   Server (BASE_URL, default http://localhost:3000; skipped with --engine-only): autocannon at 16 connections,
//   POST /v1/quote/indicative, a bare POST (POST /v1/live, 405) and GET /v1/health interleaved in BENCH_ROUNDS
//   (default 5) rounds of BENCH_ROUND_SEC (default 5) s after a warm-up of each; per-round quote / bare POST ratios
//   and their median. The quote is BENCH_QUOTE_ETH (default 100) ETH → USDC, an order the engine splits.
//   Then sequential firm quotes (p99). Run the server with RATE_LIMIT_QUOTE_PER_MIN and RATE_LIMIT_PUBLIC_PER_MIN
//   high enough for the load, and the same SWAPDESK_DATA_DIR (its dev key signs the bench token).
import type { Address } from 'viem';
import { DEVNET_CHAINS } from '@/lib/devnet/devnetMarkets';
import { devnetLikeGraph } from '@/lib/routing/fixtures/devnetLikeGraph';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { splitRoute } from '@/lib/routing/splitRoute';
import { devnetSpecGraph } from './devnetSpecGraph';
import { firmBody, httpRounds, percentile, quoteBody, sequentialPosts } from './httpRounds';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SEC = Number(process.env.BENCH_ROUND_SEC ?? 5);
const QUOTE_ETH = Number(process.env.BENCH_QUOTE_ETH ?? 100);
const FIRM_QUOTES = Number(process.env.BENCH_FIRM_QUOTES ?? 200);

function benchEngine(name: string, graph: PoolGraph): void {
  const tokens = [...graph.topology.adjacency.keys()];
  const pairs: [Address, Address][] = tokens.flatMap((a) => tokens.filter((b) => b !== a).map((b): [Address, Address] => [a, b]));
  const amounts = [10n ** 6n, 10n ** 12n, 10n ** 15n, 10n ** 18n, 5n * 10n ** 19n];
  const run = (i: number) => {
    const [a, b] = pairs[i % pairs.length] as [Address, Address];
    try {
      splitRoute(graph, a, b, amounts[i % amounts.length] as bigint);
    } catch {
      // dust on some pairs: still a full search
    }
  };
  for (let i = 0; i < 20_000; i++) run(i); // warm the JIT and the per-pair path cache
  const samples: number[] = [];
  for (let i = 0; i < 50_000; i++) {
    const t0 = process.hrtime.bigint();
    run(i);
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  samples.sort((x, y) => x - y);
  const paths = graph.topology.pathCache.size;
  console.log(`engine  ${name}: route search (split) on ${graph.topology.pools.length} pools / ${tokens.length} tokens (${pairs.length} pairs, ${paths} cached): median ${percentile(samples, 50).toFixed(2)} µs, p99 ${percentile(samples, 99).toFixed(2)} µs (budget p99 ≤ 250 µs)`);
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
  for (const spec of DEVNET_CHAINS) benchEngine(spec.name, devnetSpecGraph(spec));
  benchEngine('devnet-like test fixture', devnetLikeGraph());
  if (process.argv.includes('--engine-only')) return;
  const baseUrl = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  await benchServer(baseUrl);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// Quote benchmarks (`npm run bench:quotes`): the engine alone, then a running server under load. Prints figures.
//   Engine: bestRoute median/p99 µs on a devnet-shaped graph (no server needed).
//   Server (BASE_URL, default http://localhost:3000; skipped with --engine-only): autocannon at 16 connections,
//   POST /v1/quote/indicative vs GET /v1/health in alternating rounds after a warm-up of each (req/s ratio, p99),
//   then sequential firm quotes (p99). BENCH_DURATION_SEC (default 30) is split over the rounds of each route.
//   Run the server with RATE_LIMIT_QUOTE_PER_MIN and RATE_LIMIT_PUBLIC_PER_MIN high enough for the load.
import { createRequire } from 'node:module';
import { getAddress, zeroAddress, type Address } from 'viem';
import { DEVNET_CHAINS, TOKENS as DEVNET_TOKENS, type ChainSpec } from '@/lib/devnet/devnetMarkets';
import { bestRoute } from '@/lib/quote/bestRoute';
import { devnetLikeGraph } from '@/lib/quote/fixtures/devnetLikeGraph';
import { buildPoolGraph, type PoolGraph } from '@/lib/quote/poolGraph';

type CannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type CannonOptions = { url: string; connections: number; duration: number; method?: string; headers?: Record<string, string>; body?: string };
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

const CONNECTIONS = 16;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 30);
const ROUNDS = 6;
/** Seconds of load on each route before measuring, so both are measured with the server's JIT warm. */
const WARM_UP_SEC = 3;
const FIRM_QUOTES = Number(process.env.BENCH_FIRM_QUOTES ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

/** The graph the devnet seeds (its pool list, depths and start prices), with made-up addresses. */
function devnetSpecGraph(spec: ChainSpec): PoolGraph {
  const address = (symbol: string) => getAddress(`0x${(spec.tokens.indexOf(symbol) + 0x1000).toString(16).padStart(40, '0')}`);
  const reserve = (symbol: string, usd: number) => {
    const token = DEVNET_TOKENS[symbol];
    if (!token) throw new Error(`unknown devnet token ${symbol}`);
    return (BigInt(Math.round((usd / token.usd) * 1e6)) * 10n ** BigInt(token.decimals)) / 1_000_000n;
  };
  const pools = spec.pools.map((p, i) => {
    const [a, b] = [address(p.base), address(p.quote)];
    const [ra, rb] = [reserve(p.base, p.tvlUsd / 2), reserve(p.quote, p.tvlUsd / 2)];
    const [token0, token1, reserve0, reserve1] = BigInt(a) < BigInt(b) ? [a, b, ra, rb] : [b, a, rb, ra];
    return { address: getAddress(`0x${(0x2000 + i).toString(16).padStart(40, '0')}`), token0, token1, reserve0, reserve1 };
  });
  return buildPoolGraph(spec.id, address('WETH'), pools, 1n);
}

function benchEngine(name: string, graph: PoolGraph): void {
  const tokens = [...graph.topology.adjacency.keys()];
  const pairs: [Address, Address][] = tokens.flatMap((a) => tokens.filter((b) => b !== a).map((b): [Address, Address] => [a, b]));
  const amounts = [10n ** 6n, 10n ** 12n, 10n ** 15n, 10n ** 18n, 5n * 10n ** 19n];
  const run = (i: number) => {
    const [a, b] = pairs[i % pairs.length] as [Address, Address];
    try {
      bestRoute(graph, a, b, amounts[i % amounts.length] as bigint);
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
  console.log(`engine  ${name}: bestRoute on ${graph.topology.pools.length} pools / ${tokens.length} tokens (${pairs.length} pairs, ${paths} cached): median ${percentile(samples, 50).toFixed(2)} µs, p99 ${percentile(samples, 99).toFixed(2)} µs (target median ≤ 50 µs)`);
}

type ChainsResponse = { data: { chain_id: number; tokens: { address: string; decimals: number }[] }[] };

async function pickPair(baseUrl: string): Promise<{ chainId: number; tokenIn: string; tokenOut: string; amountIn: string }> {
  const res = await fetch(`${baseUrl}/v1/chains`);
  const body = (await res.json()) as ChainsResponse;
  const chain = body.data[0];
  const token = chain?.tokens.find((t) => t.decimals === 6) ?? chain?.tokens[0];
  if (!chain || !token) throw new Error('the server lists no chain with tokens');
  return { chainId: chain.chain_id, tokenIn: zeroAddress, tokenOut: token.address, amountIn: (10n ** 16n).toString() };
}

function line(name: string, r: CannonResult): string {
  return `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors + r.timeouts}`;
}

async function benchServer(baseUrl: string): Promise<void> {
  // Loaded here so the engine figures need neither the server's key nor its configuration.
  const { signAccessToken } = await import('@/lib/auth/signAccessToken');
  const { access_token: token } = await signAccessToken({ sub: 'bench-quotes', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 });
  const pair = await pickPair(baseUrl);
  const indicative = JSON.stringify({ src_chain_id: pair.chainId, dst_chain_id: pair.chainId, token_in: pair.tokenIn, token_out: pair.tokenOut, amount_in: pair.amountIn });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const probe = await fetch(`${baseUrl}/v1/quote/indicative`, { method: 'POST', headers, body: indicative });
  if (!probe.ok) throw new Error(`indicative quote answered ${probe.status}: ${await probe.text()}`);

  const healthRun = (duration: number) => autocannon({ url: `${baseUrl}/v1/health`, connections: CONNECTIONS, duration });
  const quoteRun = (duration: number) => autocannon({ url: `${baseUrl}/v1/quote/indicative`, connections: CONNECTIONS, duration, method: 'POST', headers, body: indicative });
  await healthRun(WARM_UP_SEC);
  await quoteRun(WARM_UP_SEC);
  // Alternate the two routes in short rounds so drifting load from other processes hits both alike.
  const health: CannonResult[] = [];
  const quotes: CannonResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const h = await healthRun(DURATION_SEC / ROUNDS);
    const q = await quoteRun(DURATION_SEC / ROUNDS);
    health.push(h);
    quotes.push(q);
    console.log(line(`GET /v1/health (${round + 1})`, h));
    console.log(`${line(`POST /v1/quote/indicative (${round + 1})`, q)}  ratio ${(q.requests.average / h.requests.average).toFixed(2)}`);
  }
  const rate = (runs: CannonResult[]) => runs.reduce((sum, r) => sum + r.requests.average, 0) / runs.length;
  const p99s = (runs: CannonResult[]) => runs.map((r) => r.latency.p99).sort((a, b) => a - b);
  const spread = (runs: CannonResult[]) => {
    const sorted = p99s(runs);
    return `median ${percentile(sorted, 50)} ms (${sorted[0]}–${sorted.at(-1)})`;
  };
  console.log(`ratio   indicative / health req/s = ${(rate(quotes) / rate(health)).toFixed(2)} over ${ROUNDS} alternating rounds (target ≥ 0.8)`);
  console.log(`p99     indicative ${spread(quotes)}; health ${spread(health)} (target ≤ 20 ms)`);
  const non2xx = [...quotes, ...health].reduce((sum, r) => sum + r.non2xx, 0);
  if (non2xx > 0) console.log('warning: non-2xx answers (rate limits? raise RATE_LIMIT_*_PER_MIN on the server)');

  const firm = JSON.stringify({
    ...JSON.parse(indicative) as object,
    from_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    to_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    slippage: 0.5,
    expiry_time_sec: 60,
  });
  const samples: number[] = [];
  let failures = 0;
  for (let i = 0; i < FIRM_QUOTES; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/v1/quote/firm`, { method: 'POST', headers, body: firm });
    await res.arrayBuffer();
    samples.push(performance.now() - t0);
    if (!res.ok) failures++;
  }
  samples.sort((x, y) => x - y);
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

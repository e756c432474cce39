// Interleaved HTTP load rounds for the benchmarks: the indicative quote, a bare POST (POST /v1/live: the framework's
// POST path and our route wrapper answering 405, no body parsed, no auth) and GET /v1/health, measured from outside
// with autocannon in short rounds so drifting load from other processes hits every route alike. Each quote asks for a
// different amount (half to one and a half times the given order), so no two requests are the same question.
import { createRequire } from 'node:module';
import { zeroAddress } from 'viem';

type CannonResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number; statusCodeStats?: Record<string, { count: number }> };
type CannonRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
type CannonOptions = {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: (Partial<CannonRequest> & { setupRequest?: (req: CannonRequest) => CannonRequest })[];
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

export const CONNECTIONS = 16;
const WARM_UP_SEC = 3;

export type RoundFigures = { quote: CannonResult; bare: CannonResult; health: CannonResult };
export type HttpFigures = { rounds: RoundFigures[]; medianRatio: number; ratios: number[]; legs: number };

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);

type ChainsResponse = { data: { chain_id: number; tokens: { address: string; symbol: string; decimals: number }[] }[] };

/** An indicative quote body for ETH → USDC on the first chain; `eth` whole coins (large orders split). */
export async function quoteBody(baseUrl: string, eth: number): Promise<string> {
  const body = (await (await fetch(`${baseUrl}/v1/chains`)).json()) as ChainsResponse;
  const chain = body.data[0];
  const usdc = chain?.tokens.find((t) => t.symbol === 'USDC') ?? chain?.tokens.find((t) => t.decimals === 6);
  if (!chain || !usdc) throw new Error('the server lists no chain with a USDC-like token');
  const amountIn = (BigInt(Math.round(eth * 1e6)) * 10n ** 12n).toString();
  return JSON.stringify({ src_chain_id: chain.chain_id, dst_chain_id: chain.chain_id, token_in: zeroAddress, token_out: usdc.address, amount_in: amountIn });
}

/** A firm quote body for the order of an indicative `body`, from and to the second devnet account. */
export function firmBody(body: string): string {
  const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  return JSON.stringify({ ...(JSON.parse(body) as object), from_address: account, to_address: account, slippage: 0.5, expiry_time_sec: 60 });
}

/** `count` POSTs of `body` to `url`, one after the other: their latencies in ms, sorted, and how many failed. */
export async function sequentialPosts(url: string, headers: Record<string, string>, body: string, count: number): Promise<{ sorted: number[]; failures: number }> {
  const samples: number[] = [];
  let failures = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    samples.push(performance.now() - t0);
    if (!res.ok) failures++;
  }
  return { sorted: samples.sort((x, y) => x - y), failures };
}

function line(name: string, r: CannonResult): string {
  return `${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(3)} ms  p99 ${String(r.latency.p99).padStart(3)} ms  errors ${r.errors + r.timeouts}`;
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * Bodies like `body` whose `amount_in` differs on every call: from half to one and a half times the given amount,
 * spread evenly (golden-ratio steps), plus the call's count in base units so no two are alike. The server prices each
 * request afresh, as it would a real market's orders.
 */
export function variedBodies(body: string): () => string {
  const parsed = JSON.parse(body) as { amount_in?: string };
  if (parsed.amount_in === undefined) return () => body;
  const base = BigInt(parsed.amount_in);
  let count = 0;
  return () => {
    count++;
    const share = BigInt(Math.floor(((count * GOLDEN) % 1) * 1e6));
    return JSON.stringify({ ...parsed, amount_in: (base / 2n + (base * share) / 1_000_000n + BigInt(count)).toString() });
  };
}

/**
 * `rounds` rounds of `roundSec` seconds on each of the three routes, the order rotating per round; prints every
 * run, each round's quote / bare POST ratio, and the median ratio with its spread.
 */
export async function httpRounds(baseUrl: string, token: string, body: string, rounds: number, roundSec: number): Promise<HttpFigures> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const probe = await fetch(`${baseUrl}/v1/quote/indicative`, { method: 'POST', headers, body });
  if (!probe.ok) throw new Error(`indicative quote answered ${probe.status}: ${await probe.text()}`);
  const legs = ((await probe.json()) as { data: { route: unknown[] } }).data.route.length;
  const bareProbe = await fetch(`${baseUrl}/v1/live`, { method: 'POST', headers, body });
  if (bareProbe.status !== 405) throw new Error(`POST /v1/live answered ${bareProbe.status}, expected 405`);

  // Every POST carries a different amount; the bare POST's bodies are built the same way, so the client's work matches.
  const varied = (path: string) => {
    const next = variedBodies(body);
    return [{ method: 'POST', path, headers, setupRequest: (req: CannonRequest) => ({ ...req, body: next() }) }];
  };
  const run = {
    quote: (duration: number) => autocannon({ url: baseUrl, connections: CONNECTIONS, duration, requests: varied('/v1/quote/indicative') }),
    bare: (duration: number) => autocannon({ url: baseUrl, connections: CONNECTIONS, duration, requests: varied('/v1/live') }),
    health: (duration: number) => autocannon({ url: `${baseUrl}/v1/health`, connections: CONNECTIONS, duration }),
  };
  const names = { quote: 'POST /v1/quote/indicative', bare: 'POST /v1/live (405, bare POST)', health: 'GET /v1/health' } as const;
  const order = ['quote', 'bare', 'health'] as const;
  for (const key of order) await run[key](WARM_UP_SEC);
  const figures: RoundFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    const results: Partial<RoundFigures> = {};
    for (let i = 0; i < order.length; i++) {
      const key = order[(round + i) % order.length] as (typeof order)[number];
      const r = await run[key](roundSec);
      results[key] = r;
      console.log(line(`${names[key]} (${round + 1})`, r));
    }
    const f = results as RoundFigures;
    figures.push(f);
    console.log(`round ${round + 1}: quote / bare POST = ${(f.quote.requests.average / f.bare.requests.average).toFixed(3)}   health / bare POST = ${(f.health.requests.average / f.bare.requests.average).toFixed(3)}`);
  }
  const ratios = figures.map((f) => f.quote.requests.average / f.bare.requests.average);
  const sorted = [...ratios].sort((a, b) => a - b);
  const rate = (key: keyof RoundFigures) => median(figures.map((f) => f[key].requests.average));
  const p99 = (key: keyof RoundFigures) => median(figures.map((f) => f[key].latency.p99));
  console.log(`median  quote ${rate('quote').toFixed(0)} req/s (p99 ${p99('quote')} ms) · bare POST ${rate('bare').toFixed(0)} req/s (p99 ${p99('bare')} ms) · health ${rate('health').toFixed(0)} req/s (p99 ${p99('health')} ms)`);
  console.log(`ratio   quote / bare POST: median ${median(ratios).toFixed(3)} over ${rounds} rounds (spread ${sorted[0]?.toFixed(3)}–${sorted.at(-1)?.toFixed(3)}), ${legs}-leg quote (target ≥ 0.9)`);
  const errors = figures.flatMap((f) => [f.quote, f.bare, f.health]).reduce((s, r) => s + r.errors + r.timeouts, 0);
  if (errors > 0) console.log('warning: transport errors or timeouts during the runs');
  const refused = figures.reduce((s, f) => s + f.quote.non2xx, 0);
  if (refused > 0) console.log(`warning: ${refused} quotes answered other than 200 (the ratio counts them as quotes)`);
  return { rounds: figures, medianRatio: median(ratios), ratios, legs };
}

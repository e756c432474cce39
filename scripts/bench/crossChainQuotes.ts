// Cross-chain quote benchmarks (`npm run bench:crosschain-quotes`): prints figures, asserts nothing.
//   Engine: quoteCrossChain (both legs, relayer fee, inventory) against a same-chain quoteExactIn on the devnet's seeded
//   graphs, in interleaved rounds: per-round medians and the median of per-round ratios with their spread.
//   Server (BASE_URL, default http://localhost:3000; skipped with --engine-only): POST /v1/quote/indicative across
//   chains (ETH on the first chain → a 6-decimal token on the second) against the same-chain one, autocannon at 16
//   connections in alternating rounds; then sequential cross-chain firm quotes. The server needs high
//   RATE_LIMIT_QUOTE_PER_MIN / RATE_LIMIT_PUBLIC_PER_MIN and the same SWAPDESK_DATA_DIR (its key signs the token).
import { createRequire } from 'node:module';
import { zeroAddress, type Address } from 'viem';
import { DEVNET_CHAINS } from '@/lib/devnet/devnetMarkets';
import { quoteCrossChain, type CrossChainRequest } from '@/lib/crosschain/quoteCrossChain';
import { quoteExactIn } from '@/lib/quote/quoteExactIn';
import { devnetSpecGraph, specTokenAddress } from '@/lib/routing/fixtures/devnetSpecGraph';
import { firmBody, percentile, sequentialPosts } from './httpRounds';

type CannonResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
type CannonOptions = { url: string; connections: number; duration: number; method?: string; headers?: Record<string, string>; body?: string };
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

const ROUNDS = 8;
const CALLS_PER_ROUND = 5_000;
const CONNECTIONS = 16;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 24);
const WARM_UP_SEC = 3;
const FIRM_QUOTES = Number(process.env.BENCH_FIRM_QUOTES ?? 100);

const sortNum = (xs: number[]) => [...xs].sort((a, b) => a - b);
const spread = (xs: number[], digits = 2) => {
  const s = sortNum(xs);
  return `median ${percentile(s, 50).toFixed(digits)} (${(s[0] ?? 0).toFixed(digits)}–${(s.at(-1) ?? 0).toFixed(digits)})`;
};

function timeCalls(run: (i: number) => void, offset: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < CALLS_PER_ROUND; i++) {
    const t0 = process.hrtime.bigint();
    run(offset + i);
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  return sortNum(samples);
}

function benchEngine(): void {
  const [specA, specB] = DEVNET_CHAINS;
  if (!specA || !specB) throw new Error('the devnet has two chains');
  const src = devnetSpecGraph(specA);
  const dst = devnetSpecGraph(specB);
  const ins = specA.tokens.map((t) => specTokenAddress(specA, t)).concat([zeroAddress]);
  const outs = specB.tokens.map((t) => specTokenAddress(specB, t)).concat([zeroAddress]);
  const usdcA = specTokenAddress(specA, 'USDC');
  const usdcB = specTokenAddress(specB, 'USDC');
  const amounts = [10n ** 6n, 10n ** 9n, 10n ** 15n, 10n ** 18n];
  const request = (i: number): CrossChainRequest => ({
    tokenIn: ins[i % ins.length] as Address, tokenOut: outs[Math.floor(i / ins.length) % outs.length] as Address, amountIn: amounts[i % amounts.length] as bigint,
    feeBps: 20, src: { graph: src, bridgeToken: usdcA, bridgeDecimals: 6 }, dst: { graph: dst, bridgeToken: usdcB, bridgeDecimals: 6, inventory: 2_000_000n * 10n ** 6n },
    relayerFee: { bps: 10, gasUsdCents: 50 },
  });
  const cross = (i: number) => {
    try {
      quoteCrossChain(request(i));
    } catch {
      // dust, no route, beyond the inventory: still a full search of both chains
    }
  };
  const pairs = ins.flatMap((a) => ins.filter((b) => b !== a).map((b) => [a, b] as const));
  const same = (i: number) => {
    const [a, b] = pairs[i % pairs.length] as readonly [Address, Address];
    try {
      quoteExactIn(src, { tokenIn: a, tokenOut: b, amountIn: amounts[i % amounts.length] as bigint, feeBps: 20 });
    } catch {
      // dust, native ⇄ WETH: still a search
    }
  };
  for (let i = 0; i < 20_000; i++) {
    cross(i);
    same(i);
  }
  const medians = { same: [] as number[], cross: [] as number[], crossP99: [] as number[], ratio: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const s = timeCalls(same, round * CALLS_PER_ROUND);
    const c = timeCalls(cross, round * CALLS_PER_ROUND);
    medians.same.push(percentile(s, 50));
    medians.cross.push(percentile(c, 50));
    medians.crossP99.push(percentile(c, 99));
    medians.ratio.push(percentile(c, 50) / percentile(s, 50));
  }
  console.log(`engine  same-chain quoteExactIn (${specA.name}): ${spread(medians.same)} µs per quote, median of ${ROUNDS} rounds`);
  console.log(`engine  cross-chain quoteCrossChain (${specA.name} → ${specB.name}, both legs): ${spread(medians.cross)} µs; p99 ${spread(medians.crossP99)} µs`);
  console.log(`ratio   cross-chain / same-chain per round: ${spread(medians.ratio)} (two route searches, one per chain)`);
}

type ChainsResponse = { data: { chain_id: number; tokens: { address: string; decimals: number; symbol: string }[] }[] };

async function benchServer(baseUrl: string): Promise<void> {
  const { signAccessToken } = await import('@/lib/auth/signAccessToken');
  const { access_token: token } = await signAccessToken({ sub: 'bench-crosschain-quotes', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 });
  const chains = ((await (await fetch(`${baseUrl}/v1/chains`)).json()) as ChainsResponse).data;
  const [a, b] = chains;
  const usdcA = a?.tokens.find((t) => t.symbol === 'USDC');
  const usdcB = b?.tokens.find((t) => t.symbol === 'USDC');
  if (!a || !b || !usdcA || !usdcB) throw new Error('the server lists no two chains with USDC');
  const amountIn = (10n ** 17n).toString();
  const sameBody = JSON.stringify({ src_chain_id: a.chain_id, dst_chain_id: a.chain_id, token_in: zeroAddress, token_out: usdcA.address, amount_in: amountIn });
  const crossBody = JSON.stringify({ src_chain_id: a.chain_id, dst_chain_id: b.chain_id, token_in: zeroAddress, token_out: usdcB.address, amount_in: amountIn });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (const body of [sameBody, crossBody]) {
    const probe = await fetch(`${baseUrl}/v1/quote/indicative`, { method: 'POST', headers, body });
    if (!probe.ok) throw new Error(`indicative quote answered ${probe.status}: ${await probe.text()}`);
  }
  const run = (body: string, duration: number) => autocannon({ url: `${baseUrl}/v1/quote/indicative`, connections: CONNECTIONS, duration, method: 'POST', headers, body });
  await run(sameBody, WARM_UP_SEC);
  await run(crossBody, WARM_UP_SEC);
  const ratios: number[] = [];
  const p99 = { same: [] as number[], cross: [] as number[] };
  const rate = { same: [] as number[], cross: [] as number[] };
  let non2xx = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const s = await run(sameBody, DURATION_SEC / ROUNDS / 2);
    const c = await run(crossBody, DURATION_SEC / ROUNDS / 2);
    rate.same.push(s.requests.average);
    rate.cross.push(c.requests.average);
    p99.same.push(s.latency.p99);
    p99.cross.push(c.latency.p99);
    ratios.push(c.requests.average / s.requests.average);
    non2xx += s.non2xx + c.non2xx + s.errors + c.errors;
    console.log(`round ${round + 1}: same-chain ${s.requests.average.toFixed(0)} req/s p99 ${s.latency.p99} ms; cross-chain ${c.requests.average.toFixed(0)} req/s p99 ${c.latency.p99} ms; ratio ${(c.requests.average / s.requests.average).toFixed(2)}`);
  }
  console.log(`http    indicative req/s: same-chain ${spread(rate.same, 0)}, cross-chain ${spread(rate.cross, 0)}; cross/same ${spread(ratios)}`);
  console.log(`http    indicative p99 ms: same-chain ${spread(p99.same, 0)}, cross-chain ${spread(p99.cross, 0)}`);
  if (non2xx > 0) console.log(`warning: ${non2xx} non-2xx answers or errors (rate limits? raise RATE_LIMIT_*_PER_MIN on the server)`);

  const { sorted, failures } = await sequentialPosts(`${baseUrl}/v1/quote/firm`, headers, firmBody(crossBody), FIRM_QUOTES);
  console.log(`firm    ${FIRM_QUOTES} sequential cross-chain POST /v1/quote/firm: median ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, failures ${failures}`);
}

async function main(): Promise<void> {
  benchEngine();
  if (process.argv.includes('--engine-only')) return;
  await benchServer((process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, ''));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

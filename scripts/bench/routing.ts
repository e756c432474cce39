// Routing figures (`npm run bench:routing`) against the running devnet (`npm start`, same SWAPDESK_DATA_DIR). Prints:
//   1. For every token pair of every chain and trade sizes of 0.1 %, 1 %, 5 % and 20 % of the deepest pool's depth
//      of the input token: the output gain of the split route over the best single path, in bps; median and max per size.
//      Then the gain of routing over Uniswap V2 and V3 together over V2 alone (every pair with a V2-only route), bps,
//      sized once by the deepest pool (V3 virtual reserves included) and once by the deepest V2 pair's reserve.
//   2. Route search time (split routing, the whole quoteExactIn) p50/p99 in µs over those pairs and sizes.
//   3. With the server (BASE_URL, default http://localhost:3000; skipped with --engine-only): indicative quote, bare
//      POST and health req/s and p99, interleaved rounds (BENCH_ROUNDS default 3 × BENCH_ROUND_SEC default 5 s).
//   4. Freshness: 50 swaps mined on the first chain (account #4 through Router02); for each, the time from the swap's
//      transaction returning mined to the first indicative quote priced at its block, p50/p99 in ms.
import { createPublicClient, getAddress, http, parseEther, type Address, type PublicClient } from 'viem';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { loadChains } from '@/lib/chains/loadChains';
import { devAccount, devClients } from '@/lib/devnet/deployUniswap';
import { bestRoute } from '@/lib/routing/bestRoute';
import { loadPools } from '@/lib/chainstate/loadPools';
import { loadV3Pools } from '@/lib/chainstate/loadV3Pools';
import { withoutSources } from '@/lib/routing/withoutSources';
import { buildPoolGraph, reservesOf, type PoolGraph } from '@/lib/routing/poolGraph';
import { quoteExactIn } from '@/lib/quote/quoteExactIn';
import { splitRoute } from '@/lib/routing/splitRoute';
import { httpRounds, percentile, quoteBody } from './httpRounds';

const SIZES = [0.001, 0.01, 0.05, 0.2] as const;
const SEARCH_PASSES = 40;
const FRESHNESS_SWAPS = 50;
const FRESHNESS_ACCOUNT = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SEC = Number(process.env.BENCH_ROUND_SEC ?? 5);

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);

async function liveGraph(chain: ChainConfig): Promise<PoolGraph> {
  const client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const v2 = await loadPools(client, chain.factory, head);
  const v3 = chain.v3Factory ? await loadV3Pools(client, chain.v3Factory, BigInt(chain.startBlock), head) : [];
  return buildPoolGraph(chain.id, getAddress(chain.weth), [...v2, ...v3.map((e) => ({ address: e.address, token0: e.token0, token1: e.token1, state: e.state }))], head);
}

const Q96 = 2n ** 96n;

/**
 * The input token's reserve in the deepest pool that holds it (deepest by that reserve): a V2 pair's reserve, a V3
 * pool's virtual reserve at its price (in-range liquidity L as L/√P of token0 or L·√P of token1).
 */
function depthOf(graph: PoolGraph, token: Address): bigint {
  let depth = 0n;
  for (const i of graph.topology.adjacency.get(token) ?? []) {
    const pool = graph.topology.pools[i];
    const state = graph.states[i];
    let reserve = 0n;
    if (state?.source === 'uniswap_v3') {
      if (state.sqrtPriceX96 > 0n) reserve = pool?.token0 === token ? (state.liquidity * Q96) / state.sqrtPriceX96 : (state.liquidity * state.sqrtPriceX96) / Q96;
    } else {
      const [r0, r1] = reservesOf(graph, i) ?? [0n, 0n];
      reserve = pool?.token0 === token ? r0 : r1;
    }
    if (reserve > depth) depth = reserve;
  }
  return depth;
}

/** How the sources comparison sizes its orders: by the deepest pool of either source, or by the deepest V2 pair. */
type GainSizing = 'deepest pool' | 'deepest V2 pair';

/**
 * Output gain of routing over both sources over Uniswap V2 alone (split routing both), bps, per size: median and max.
 * Sized by the deepest pool, a V3 pool's virtual reserve sets the size (far more than it holds, with concentrated
 * ranges); sized by the deepest V2 pair's reserve, the orders are those of the V2-only figures.
 */
function sourcesGain(chain: ChainConfig, graph: PoolGraph, sizing: GainSizing): number[][] {
  const v2Only = withoutSources(graph, ['uniswap_v3']);
  const tokens = [...graph.topology.adjacency.keys()];
  const gains: number[][] = SIZES.map(() => []);
  for (const a of tokens) {
    const depth = depthOf(sizing === 'deepest pool' ? graph : v2Only, a);
    for (const b of tokens) {
      if (a === b) continue;
      SIZES.forEach((size, k) => {
        const amount = (depth * BigInt(Math.round(size * 1e6))) / 1_000_000n;
        if (amount === 0n) return;
        try {
          const v2 = splitRoute(v2Only, a, b, amount);
          const both = splitRoute(graph, a, b, amount);
          if (v2.amountOut > 0n) gains[k]?.push(Number(((both.amountOut - v2.amountOut) * 1_000_000n) / v2.amountOut) / 100);
        } catch {
          // no V2-only route for this pair: nothing to compare with
        }
      });
    }
  }
  console.log(`\n${chain.name} (${chain.id}): gain of V2 + V3 over V2 only (split routing both), bps, at % of the ${sizing}'s depth of the input token`);
  console.log(`${''.padEnd(14)}${SIZES.map((s) => `${(s * 100).toString()} %`.padStart(10)).join('')}`);
  console.log(`${'median'.padEnd(14)}${gains.map((g) => median(g).toFixed(1).padStart(10)).join('')}`);
  console.log(`${'max'.padEnd(14)}${gains.map((g) => Math.max(...g).toFixed(1).padStart(10)).join('')}`);
  console.log(`${'pairs'.padEnd(14)}${gains.map((g) => g.length.toString().padStart(10)).join('')}`);
  return gains;
}

function gainTable(chain: ChainConfig, graph: PoolGraph): { searchUs: number[] } {
  const symbol = (a: Address) => (a === getAddress(chain.weth) ? 'WETH' : (chain.tokens.find((t) => t.address === a)?.symbol ?? a.slice(0, 8)));
  const tokens = [...graph.topology.adjacency.keys()];
  const gains: number[][] = SIZES.map(() => []);
  console.log(`\n${chain.name} (${chain.id}), block ${graph.blockNumber}: split gain over the best single path, bps, at % of the deepest pool's depth`);
  console.log(`${'pair'.padEnd(14)}${SIZES.map((s) => `${(s * 100).toString()} %`.padStart(10)).join('')}   legs`);
  const cases: { a: Address; b: Address; amount: bigint }[] = [];
  for (const a of tokens) {
    for (const b of tokens) {
      if (a === b) continue;
      const cells: string[] = [];
      const legs: number[] = [];
      SIZES.forEach((size, k) => {
        const amount = (depthOf(graph, a) * BigInt(Math.round(size * 1e6))) / 1_000_000n;
        try {
          const single = bestRoute(graph, a, b, amount);
          const split = splitRoute(graph, a, b, amount);
          const bps = Number(((split.amountOut - single.amountOut) * 1_000_000n) / single.amountOut) / 100;
          gains[k]?.push(bps);
          legs.push(split.legs.length);
          cells.push(bps.toFixed(1).padStart(10));
          cases.push({ a, b, amount });
        } catch {
          cells.push('—'.padStart(10));
        }
      });
      console.log(`${`${symbol(a)}→${symbol(b)}`.padEnd(14)}${cells.join('')}   ${legs.join('/')}`);
    }
  }
  console.log(`${'median'.padEnd(14)}${gains.map((g) => median(g).toFixed(1).padStart(10)).join('')}`);
  console.log(`${'max'.padEnd(14)}${gains.map((g) => Math.max(...g).toFixed(1).padStart(10)).join('')}`);

  // Route search: the whole exact-in quote (fee, candidates, split), as the indicative endpoint runs it.
  const searchUs: number[] = [];
  for (let pass = 0; pass < SEARCH_PASSES; pass++) {
    for (const { a, b, amount } of cases) {
      const t0 = process.hrtime.bigint();
      quoteExactIn(graph, { tokenIn: a, tokenOut: b, amountIn: amount, feeBps: 20 });
      if (pass > 2) searchUs.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
  }
  return { searchUs };
}

async function freshness(baseUrl: string, token: string, chain: ChainConfig): Promise<void> {
  const usdc = chain.tokens.find((t) => t.symbol === 'USDC');
  if (!usdc) throw new Error(`${chain.name} has no USDC`);
  const c = devClients(chain.id, chain.rpcUrl);
  const account = devAccount(FRESHNESS_ACCOUNT);
  const body = await quoteBody(baseUrl, 1);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const quoteBlock = async () => {
    const res = await fetch(`${baseUrl}/v1/quote/indicative`, { method: 'POST', headers, body });
    return ((await res.json()) as { data: { block_number: number } }).data.block_number;
  };
  const samples: number[] = [];
  for (let i = 0; i < FRESHNESS_SWAPS; i++) {
    const hash = await c.wallet(FRESHNESS_ACCOUNT).writeContract({
      address: chain.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactETHForTokens',
      args: [0n, [getAddress(chain.weth), usdc.address], account.address, 2n ** 40n], value: parseEther('0.01'), account, chain: c.chain, gas: 300_000n,
    });
    // anvil mines on send: the swap is in a block from here on.
    const sentAt = performance.now();
    const receipt = c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 5 });
    let mined: bigint | undefined;
    void receipt.then((r) => {
      mined = r.blockNumber;
    });
    for (;;) {
      const block = await quoteBlock();
      if (mined !== undefined && block >= Number(mined)) break;
      if (performance.now() - sentAt > 10_000) throw new Error('an indicative quote did not reflect the swap within 10 s');
    }
    samples.push(performance.now() - sentAt);
    await new Promise((r) => setTimeout(r, 50));
  }
  samples.sort((a, b) => a - b);
  console.log(`freshness  swap mined → indicative quote at its block, ${FRESHNESS_SWAPS} swaps on ${chain.name}: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms (target ≤ 100 ms)`);
}

async function main(): Promise<void> {
  const chains = loadChains();
  const searchUs: number[] = [];
  const sizings: GainSizing[] = ['deepest pool', 'deepest V2 pair'];
  const sourceGains = sizings.map(() => SIZES.map((): number[] => []));
  for (const chain of chains) {
    const graph = await liveGraph(chain);
    searchUs.push(...gainTable(chain, graph).searchUs);
    sizings.forEach((sizing, j) => sourcesGain(chain, graph, sizing).forEach((g, k) => sourceGains[j]?.[k]?.push(...g)));
  }
  sizings.forEach((sizing, j) => {
    const cells = (sourceGains[j] ?? []).map((g) => `${median(g).toFixed(1)} / ${Math.max(...g).toFixed(1)}`).join(', ');
    console.log(`\nboth chains: gain of V2 + V3 over V2 only, bps, median / max at ${SIZES.map((s) => `${s * 100} %`).join(', ')} of the ${sizing}'s depth: ${cells}`);
  });
  searchUs.sort((a, b) => a - b);
  console.log(`\nroute search (quoteExactIn with split routing) over every pair and size above, ${searchUs.length} samples: p50 ${percentile(searchUs, 50).toFixed(1)} µs, p99 ${percentile(searchUs, 99).toFixed(1)} µs (budget p99 ≤ 250 µs), Node ${process.versions.node}`);
  if (process.argv.includes('--engine-only')) return;
  const baseUrl = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const { signAccessToken } = await import('@/lib/auth/signAccessToken');
  const { access_token: token } = await signAccessToken({ sub: 'bench-routing', scopes: ['quote:indicative'], ttlSec: 3600 });
  console.log(`\nserver ${baseUrl}: ${ROUNDS} interleaved rounds × ${ROUND_SEC} s per route, 16 connections, 100 ETH → USDC (split)`);
  await httpRounds(baseUrl, token, await quoteBody(baseUrl, 100), ROUNDS, ROUND_SEC);
  const first = chains[0];
  if (first) await freshness(baseUrl, token, first);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

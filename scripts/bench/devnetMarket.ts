// Devnet market benchmark (`npm run bench:devnet-market`): a fresh devnet (3 days of history) with its activity loop
// running as `npm start` runs it, watched for a few minutes of wall time. Prints, per chain:
//   1. the move of a 1 ETH → USDC quote from one block to the next (the quote engine's own route over the chain
//      follower's snapshot, the sources the settlement router executes), p50 / p99 / max;
//   2. the largest gap between two pools of one pair (V2 and V3 fee tiers, on one chain and across both chains),
//      the largest seen at any block and the 99th percentile over blocks; and the same counting a base against
//      either USD stablecoin as one market (WETH/DAI beside WETH/USDC).
// Blocks of the first `--warm-up` seconds are not counted: they hold the pools as the history left them, before the
// market loop's first round.
// Usage: npm run bench:devnet-market -- [--minutes 3] [--warm-up 15]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseUnits, zeroAddress, type Address } from 'viem';
import { parseChains } from '@/lib/chains/loadChains';
import { ChainFollower } from '@/lib/chainstate/chainFollower';
import { excludedForQuotes } from '@/lib/contracts/routerSources';
import { readPools, refreshReserves, type SimPool } from '@/lib/devnet/generateHistory';
import { describePool, largestSpread, poolPrices, type PoolPrice } from '@/lib/devnet/poolPrices';
import { rpc as rpcClient, type Rpc } from '@/lib/devnet/rpc';
import { readV3Pools, refreshV3Prices, type SimV3Pool } from '@/lib/devnet/simV3Pools';
import { startDevnet, type DevnetChain } from '@/lib/devnet/startDevnet';
import { quoteExactIn } from '@/lib/quote/quoteExactIn';
import { percentile } from './httpRounds';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const MINUTES = Number(args.get('minutes') ?? 3);
const WARM_UP_S = Number(args.get('warm-up') ?? 15);
const HISTORY = { days: 3, swapsPerPair: 40 };
const POLL_MS = 50;
const ONE_ETH = parseUnits('1', 18);

type Watched = { chain: DevnetChain; rpc: Rpc; follower: ChainFollower; usdc: Address; v2: SimPool[]; v3: SimV3Pool[]; lastBlock: bigint; lastQuote?: bigint; moves: number[] };

const pct = (x: number) => `${(x * 100).toFixed(3)} %`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The largest spread at each sampled block, and the widest of all. */
class Spread {
  private readonly perBlock: number[] = [];
  private widest: ReturnType<typeof largestSpread>;

  add(spread: ReturnType<typeof largestSpread>): void {
    if (!spread) return;
    this.perBlock.push(spread.spread);
    if (!this.widest || spread.spread > this.widest.spread) this.widest = spread;
  }

  print(label: string): void {
    const xs = sorted(this.perBlock);
    console.log(`${label}, over ${xs.length} blocks: p50 ${pct(percentile(xs, 50))}, p99 ${pct(percentile(xs, 99))}, max ${pct(this.widest?.spread ?? Number.NaN)}`);
    if (this.widest) console.log(`  widest: ${describePool(this.widest.a)} vs ${describePool(this.widest.b)}`);
  }
}

async function sample(w: Watched): Promise<boolean> {
  const graph = w.follower.snapshot();
  if (graph.blockNumber === w.lastBlock) return false;
  w.lastBlock = graph.blockNumber;
  const quote = quoteExactIn(graph, { tokenIn: zeroAddress, tokenOut: w.usdc, amountIn: ONE_ETH, feeBps: 0, excludedSources: excludedForQuotes([]) });
  if (w.lastQuote !== undefined) w.moves.push(Math.abs(Number(quote.amountOut - w.lastQuote)) / Number(w.lastQuote));
  w.lastQuote = quote.amountOut;
  return true;
}

async function prices(watched: Watched[]): Promise<PoolPrice[]> {
  await Promise.all(watched.map(async (w) => {
    await refreshReserves(w.rpc, w.v2);
    await refreshV3Prices(w.rpc, w.v3);
  }));
  return watched.flatMap((w) => poolPrices(w.chain.id, w.v2, w.v3));
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-market-'));
  const started = performance.now();
  const devnet = await startDevnet({ dataDir, ports: 'free', history: HISTORY, activity: true });
  console.log(`devnet ready in ${((performance.now() - started) / 1000).toFixed(0)} s; watching for ${MINUTES} min after ${WARM_UP_S} s`);
  const configs = parseChains(JSON.parse(readFileSync(devnet.registryFile, 'utf8')));
  const watched: Watched[] = [];
  try {
    for (const chain of devnet.chains) {
      const config = configs.find((c) => c.id === chain.id);
      const usdc = chain.record.tokens.find((t) => t.symbol === 'USDC')?.address;
      if (!config || !usdc) throw new Error(`chain ${chain.id} lacks its registry entry or USDC`);
      const follower = new ChainFollower(config, { pollMs: POLL_MS, rpcTimeoutMs: 5_000, staleAfterMs: 30_000 });
      follower.start();
      await follower.ready(60_000);
      const rpc = rpcClient(chain.rpcUrl);
      watched.push({ chain, rpc, follower, usdc, v2: await readPools(rpc, chain.record), v3: await readV3Pools(rpc, chain.record), lastBlock: -1n, moves: [] });
    }
    const seen = { pair: new Spread(), usd: new Spread() };
    await sleep(WARM_UP_S * 1000);
    await Promise.all(watched.map(sample));
    for (const w of watched) w.moves.length = 0;
    const end = Date.now() + MINUTES * 60_000;
    while (Date.now() < end) {
      const moved = (await Promise.all(watched.map(sample))).some(Boolean);
      if (moved) {
        const now = await prices(watched);
        seen.pair.add(largestSpread(now, 'pair'));
        seen.usd.add(largestSpread(now, 'usd'));
      }
      await sleep(POLL_MS);
    }
    for (const w of watched) {
      const moves = sorted(w.moves);
      console.log(`chain ${w.chain.id}: 1 ETH → USDC quote move per block over ${moves.length} blocks: p50 ${pct(percentile(moves, 50))}, p99 ${pct(percentile(moves, 99))}, max ${pct(moves.at(-1) ?? Number.NaN)}`);
    }
    seen.pair.print('largest cross-pool spread, pools of one pair');
    seen.usd.print('largest cross-pool spread, a base against USDC or DAI');
  } finally {
    await Promise.all(watched.map((w) => w.follower.stop()));
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

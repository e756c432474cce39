// The `--pools N` devnet profile on real chains (`npm run bench:scale-startup -- --pools 2000`): a fresh devnet
// (no history, no activity, free ports, a scratch data folder) with about N pools per chain, the time to create them,
// then per chain the quote follower's start (every V2 pair and V3 pool loaded with its ticks) until the first quote.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAddress } from 'viem';
import { loadChains } from '@/lib/chains/loadChains';
import { ChainFollower } from '@/lib/chainstate/chainFollower';
import { startDevnet } from '@/lib/devnet/startDevnet';
import { quoteExactIn } from '@/lib/quote/quoteExactIn';

function poolsArg(argv: readonly string[]): number | undefined {
  const at = argv.indexOf('--pools');
  if (at < 0) return undefined;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--pools needs a pool count, got "${argv[at + 1] ?? ''}"`);
  return n;
}

async function main(): Promise<void> {
  const pools = poolsArg(process.argv);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-scale-'));
  const started = performance.now();
  const devnet = await startDevnet({
    dataDir, ports: 'free', history: 'none', activity: false, scalePools: pools,
    onProgress: (p) => console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s ${p.message}`),
  });
  try {
    console.log(`devnet (${pools === undefined ? 'default market' : `--pools ${pools}`}) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const chain of loadChains(devnet.registryFile)) {
      const t0 = performance.now();
      const follower = new ChainFollower(chain, { pollMs: 60_000, rpcTimeoutMs: 120_000, staleAfterMs: 600_000 });
      follower.start();
      await follower.ready(300_000);
      const graph = follower.snapshot();
      const weth = getAddress(chain.weth);
      const usdc = chain.tokens.find((t) => t.symbol === 'USDC')?.address;
      if (!usdc) throw new Error(`${chain.name} has no USDC`);
      const quote = quoteExactIn(graph, { tokenIn: weth, tokenOut: usdc, amountIn: 10n ** 18n, feeBps: 20 });
      const ms = performance.now() - t0;
      const v3 = graph.states.filter((s) => s.source === 'uniswap_v3').length;
      console.log(`${chain.name}: ${graph.topology.pools.length} pools (${v3} V3) over ${graph.topology.adjacency.size} tokens; follower start → first quote ${ms.toFixed(0)} ms (1 WETH → ${quote.amountOut} USDC units, ${quote.legs.length} leg(s))`);
      await follower.stop();
    }
  } finally {
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

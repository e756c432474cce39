// Swaps at the default slippage on a live devnet (`npm run bench:slippage-swaps`): a fresh devnet (3 days of history)
// with its market activity loop, then 50 scripted 1 ETH → USDC swaps per review hold (10 s and 30 s), each priced the
// way a firm quote is (the quote engine over the chain follower's latest pools, 0.2 % service fee, signed for the
// SwapRouter), held for the review time, then sent from a dev account. Prints the share that executed.
// The slippage: `--slippage auto` takes the one indicative quotes suggest (suggested_slippage, from the follower's
// recent pool moves), a number takes that percent (0.5 was the web app's fixed default).
// Usage: npm run bench:slippage-swaps -- [--slippage auto|0.5] [--swaps 50] [--holds 10,30]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bytesToHex, createPublicClient, createWalletClient, http, parseUnits, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseChains } from '@/lib/chains/loadChains';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { ChainFollower } from '@/lib/chainstate/chainFollower';
import { contractLeg } from '@/lib/contracts/legs';
import { excludedForQuotes } from '@/lib/contracts/routerSources';
import { encodeSwapCalldata, signRouterQuote, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { devAccount, devnetChain } from '@/lib/devnet/deployUniswap';
import { startDevnet } from '@/lib/devnet/startDevnet';
import { quoteExactIn } from '@/lib/quote/quoteExactIn';
import { routeJson } from '@/lib/quote/routeJson';
import { minAmountOut, slippagePpm } from '@/lib/quote/slippage';
import { waitMined } from '@/lib/devnet/waitMined';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const SLIPPAGE = args.get('slippage') ?? 'auto';
const SWAPS = Number(args.get('swaps') ?? 50);
const HOLDS_S = (args.get('holds') ?? '10,30').split(',').map(Number);
const HISTORY = { days: 3, swapsPerPair: 40 };
/** Traders #1–#7 swap side by side, one swap at a time each. */
const TRADERS = [1, 2, 3, 4, 5, 6, 7];
/** The follower must watch the pools for a minute before it suggests anything but the default. */
const WARM_UP_MS = 70_000;
const FEE_BPS = 20;
const QUOTE_TTL_S = 120;
const ONE_ETH = parseUnits('1', 18);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Outcome = { ok: boolean; slippage: number };

async function slippageFor(follower: ChainFollower, route: ReturnType<typeof routeJson>): Promise<number> {
  if (SLIPPAGE !== 'auto') return Number(SLIPPAGE);
  // Loaded here so the script also runs (with a fixed slippage) on a tree from before suggested_slippage.
  const { hopDirections, suggestedSlippage, REVIEW_HORIZON_SEC, SAME_CHAIN_SLIPPAGE_BPS } = await import('@/lib/quote/suggestedSlippage');
  const now = Date.now();
  return suggestedSlippage(route, (_, hops) => follower.moves.adverseMove(hopDirections(hops), REVIEW_HORIZON_SEC * 1000, now), SAME_CHAIN_SLIPPAGE_BPS);
}

async function oneSwap(chain: ChainConfig, follower: ChainFollower, signer: ReturnType<typeof privateKeyToAccount>, trader: number, holdS: number): Promise<Outcome> {
  const router = chain.swapRouter as Address;
  const usdc = chain.tokens.find((t) => t.symbol === 'USDC')?.address as Address;
  const account = devAccount(trader);
  const snapshot = follower.snapshot();
  const request = { tokenIn: zeroAddress, tokenOut: usdc, amountIn: ONE_ETH, feeBps: FEE_BPS, excludedSources: excludedForQuotes([]) };
  const probe = quoteExactIn(snapshot, request);
  const latest = await follower.latest(probe.legs.flatMap((l) => l.hops.map((h) => h.pool)));
  const quote = quoteExactIn(latest, request);
  const slippage = await slippageFor(follower, routeJson(quote));
  const routerQuote: RouterQuote = {
    quoteId: bytesToHex(randomBytes(32)), sender: account.address, recipient: account.address, tokenIn: zeroAddress, tokenOut: usdc,
    amountIn: quote.amountIn, feeAmount: quote.feeAmount, minAmountOut: minAmountOut(quote.amountOut, slippagePpm(slippage)),
    // Each V3 hop named by its fee tier, as the firm quote signs it (a bare path would send it through the V2 pair).
    legs: quote.legs.map(contractLeg),
    srcChainId: BigInt(chain.id), dstChainId: BigInt(chain.id), deadline: BigInt(Math.floor(Date.now() / 1000) + QUOTE_TTL_S),
  };
  const signature = await signRouterQuote(signer, chain.id, router, routerQuote);
  await sleep(holdS * 1000);
  const viemChain = devnetChain(chain.id, chain.rpcUrl);
  const wallet = createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl) });
  const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
  const data = encodeSwapCalldata(routerQuote, signature);
  try {
    // Sent with a fixed gas limit: estimating would refuse a swap that reverts, and a revert is what is counted.
    const hash = await wallet.sendTransaction({ to: router, data, value: ONE_ETH, gas: 1_500_000n });
    const receipt = await waitMined(client, hash);
    return { ok: receipt.status === 'success', slippage };
  } catch {
    return { ok: false, slippage };
  }
}

async function round(chain: ChainConfig, follower: ChainFollower, signer: ReturnType<typeof privateKeyToAccount>, holdS: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(TRADERS.map(async (trader, lane) => {
    // Lanes start a little apart, as traders do.
    await sleep((lane * holdS * 1000) / TRADERS.length);
    while (next < SWAPS) {
      next++;
      outcomes.push(await oneSwap(chain, follower, signer, trader, holdS));
    }
  }));
  return outcomes;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-slippage-'));
  const signer = privateKeyToAccount(generatePrivateKey());
  const devnet = await startDevnet({ dataDir, ports: 'free', history: HISTORY, activity: true, quoteSigner: signer.address });
  const chain = parseChains(JSON.parse(readFileSync(devnet.registryFile, 'utf8')))[0];
  if (!chain?.swapRouter) throw new Error('the devnet registry lacks a chain with a SwapRouter');
  const follower = new ChainFollower(chain, { pollMs: 100, rpcTimeoutMs: 5_000, staleAfterMs: 30_000 });
  try {
    follower.start();
    await follower.ready(60_000);
    console.log(`devnet ready; watching the market for ${WARM_UP_MS / 1000} s before the swaps (slippage: ${SLIPPAGE})`);
    await sleep(WARM_UP_MS);
    for (const holdS of HOLDS_S) {
      const outcomes = await round(chain, follower, signer, holdS);
      const ok = outcomes.filter((o) => o.ok).length;
      const slippages = [...new Set(outcomes.map((o) => o.slippage))].sort((a, b) => a - b);
      const bySlippage = slippages.map((s) => {
        const at = outcomes.filter((o) => o.slippage === s);
        return `${s} %: ${at.filter((o) => o.ok).length}/${at.length}`;
      });
      console.log(`review held ${holdS} s: ${ok} of ${outcomes.length} swaps executed (${((100 * ok) / outcomes.length).toFixed(0)} %); executed/sent by slippage ${bySlippage.join(', ')}`);
    }
  } finally {
    await follower.stop();
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

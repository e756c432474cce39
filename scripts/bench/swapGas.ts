// Gas of SwapRouter swaps by route on the devnet (`npm run bench:swap-gas`): a fresh devnet (no history, no market
// loop), every ordered pair of its first chain's tokens and the native coin at four sizes (0.1, 1, 10 and 50 ETH worth),
// each priced as a firm quote (the quote engine over the chain follower's pools, 0.2 % service fee, signed for the
// SwapRouter) and sent from one dev account. Prints the largest routes' gas and a least-squares fit of gas to the
// route's shape (a base, per leg, per V2 hop, per V3 hop), the figures the web app's network cost and Max reserve use.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bytesToHex, getAddress, isAddressEqual, maxUint256, parseUnits, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseChains } from '@/lib/chains/loadChains';
import { ChainFollower } from '@/lib/chainstate/chainFollower';
import { contractLeg } from '@/lib/contracts/legs';
import { excludedForQuotes } from '@/lib/contracts/routerSources';
import { encodeSwapCalldata, signRouterQuote, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { approve, devAccount, devClients, mint } from '@/lib/devnet/deployUniswap';
import { startDevnet } from '@/lib/devnet/startDevnet';
import { quoteExactIn, type ExactInQuote } from '@/lib/quote/quoteExactIn';
import { waitMined } from '@/lib/devnet/waitMined';

const SENDER = 5;
const FEE_BPS = 20;
const SIZES_ETH = [0.1, 1, 10, 50];
const SEND_GAS = 5_000_000n;

type Sample = { name: string; legs: number; v2Hops: number; v3Hops: number; gas: bigint };

function shape(quote: ExactInQuote) {
  const hops = quote.legs.flatMap((l) => l.hops);
  return { legs: quote.legs.length, v2Hops: hops.filter((h) => h.source === 'uniswap_v2').length, v3Hops: hops.filter((h) => h.source === 'uniswap_v3').length };
}

/** Least squares of gas on [1, legs, v2Hops, v3Hops] by the normal equations (4×4, Gaussian elimination). */
function fit(samples: readonly Sample[]): number[] {
  const rows = samples.map((s) => [1, s.legs, s.v2Hops, s.v3Hops]);
  const n = 4;
  const a = Array.from({ length: n }, (_, i) => Array.from({ length: n + 1 }, (_, j) => {
    if (j === n) return rows.reduce((sum, r, k) => sum + (r[i] ?? 0) * Number(samples[k]?.gas ?? 0n), 0);
    return rows.reduce((sum, r) => sum + (r[i] ?? 0) * (r[j] ?? 0), 0);
  }));
  for (let col = 0; col < n; col++) {
    const pivot = a[col]?.[col] ?? 1;
    for (let j = col; j <= n; j++) (a[col] as number[])[j] = (a[col]?.[j] ?? 0) / pivot;
    for (let i = 0; i < n; i++) {
      if (i === col) continue;
      const factor = a[i]?.[col] ?? 0;
      for (let j = col; j <= n; j++) (a[i] as number[])[j] = (a[i]?.[j] ?? 0) - factor * (a[col]?.[j] ?? 0);
    }
  }
  return a.map((r) => r[n] ?? 0);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-gas-'));
  const signer = privateKeyToAccount(generatePrivateKey());
  const devnet = await startDevnet({ dataDir, ports: 'free', history: 'none', activity: false, quoteSigner: signer.address });
  const chain = parseChains(JSON.parse(readFileSync(devnet.registryFile, 'utf8')))[0];
  if (!chain?.swapRouter) throw new Error('the devnet registry lacks a chain with a SwapRouter');
  const router = getAddress(chain.swapRouter);
  const c = devClients(chain.id, chain.rpcUrl);
  const account = devAccount(SENDER);
  const follower = new ChainFollower(chain, { pollMs: 100, rpcTimeoutMs: 5_000, staleAfterMs: 30_000 });
  const samples: Sample[] = [];
  try {
    follower.start();
    await follower.ready(60_000);
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [account.address, `0x${(10n ** 30n).toString(16)}`] as never });
    // WETH is the native coin's side of every pool: ETH in and out stands for it.
    const tokens = chain.tokens.map((t) => ({ symbol: t.symbol, address: getAddress(t.address) })).filter((t) => !isAddressEqual(t.address, chain.weth));
    for (const t of tokens) {
      await mint(c, t.address, account.address, 10n ** 40n);
      await approve(c, SENDER, t.address, router, maxUint256);
    }
    const assets = [{ symbol: 'ETH', address: zeroAddress as Address }, ...tokens];
    const excludedSources = excludedForQuotes([]);
    for (const tokenIn of assets) {
      // How much of tokenIn is worth one ETH, from the pools (the native coin itself: exactly one).
      const oneEth = tokenIn.address === zeroAddress
        ? parseUnits('1', 18)
        : quoteExactIn(follower.snapshot(), { tokenIn: zeroAddress, tokenOut: tokenIn.address, amountIn: parseUnits('1', 18), feeBps: 0, excludedSources }).amountOut;
      for (const tokenOut of assets) {
        if (tokenIn === tokenOut) continue;
        for (const size of SIZES_ETH) {
          const amountIn = (oneEth * BigInt(Math.round(size * 1000))) / 1000n;
          const request = { tokenIn: tokenIn.address, tokenOut: tokenOut.address, amountIn, feeBps: FEE_BPS, excludedSources };
          let quote: ExactInQuote;
          try {
            const probe = quoteExactIn(follower.snapshot(), request);
            quote = quoteExactIn(await follower.latest(probe.legs.flatMap((l) => l.hops.map((h) => h.pool))), request);
          } catch {
            continue; // no route at this size
          }
          const routerQuote: RouterQuote = {
            quoteId: bytesToHex(randomBytes(32)), sender: account.address, recipient: account.address, tokenIn: tokenIn.address, tokenOut: tokenOut.address,
            amountIn: quote.amountIn, feeAmount: quote.feeAmount, minAmountOut: 0n,
            legs: quote.legs.map(contractLeg),
            srcChainId: BigInt(chain.id), dstChainId: BigInt(chain.id), deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
          };
          const signature = await signRouterQuote(signer, chain.id, router, routerQuote);
          const hash = await c.wallet(SENDER).sendTransaction({
            account, chain: c.chain, to: router, data: encodeSwapCalldata(routerQuote, signature), value: tokenIn.address === zeroAddress ? amountIn : 0n, gas: SEND_GAS,
          });
          const receipt = await waitMined(c.publicClient, hash);
          if (receipt.status !== 'success') {
            console.log(`reverted: ${size} ETH of ${tokenIn.symbol} → ${tokenOut.symbol}`);
            continue;
          }
          samples.push({ name: `${size} ETH of ${tokenIn.symbol} → ${tokenOut.symbol}`, ...shape(quote), gas: receipt.gasUsed });
        }
      }
    }
  } finally {
    await follower.stop();
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const byGas = [...samples].sort((x, y) => Number(y.gas - x.gas));
  console.log(`${samples.length} swaps on chain ${chain.id}; the ten with the most gas:`);
  for (const s of byGas.slice(0, 10)) console.log(`  ${s.gas} gas: ${s.name} (${s.legs} legs, ${s.v2Hops} V2 hops, ${s.v3Hops} V3 hops)`);
  const [base = 0, perLeg = 0, perV2 = 0, perV3 = 0] = fit(samples);
  console.log(`fit: gas ≈ ${base.toFixed(0)} + ${perLeg.toFixed(0)} per leg + ${perV2.toFixed(0)} per V2 hop + ${perV3.toFixed(0)} per V3 hop`);
  const worstOver = samples.map((s) => Number(s.gas) - (base + perLeg * s.legs + perV2 * s.v2Hops + perV3 * s.v3Hops)).sort((x, y) => y - x)[0] ?? 0;
  console.log(`largest gas above the fit: ${worstOver.toFixed(0)}`);
  const maxShape = byGas[0];
  if (maxShape) console.log(`largest: ${maxShape.gas} gas (${maxShape.legs} legs, ${maxShape.v2Hops + maxShape.v3Hops} hops)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// Indexer throughput on V3 swaps against V2 swaps (`npm run bench:index-swaps`): two scratch anvil chains with the
// Uniswap V2 and V3 contracts, one with BENCH_SWAPS (default 2,000) swaps through a V2 pair, the other as many through
// a V3 pool (40 a block, from seven traders). Each round indexes both chains from the start into fresh SQLite stores
// with the indexer's own pass (`indexChain`: getLogs, block times, senders, trades, 14 candle series, holdings), in
// alternating order; prints events/s per kind and round, their medians with spread, and the median of the per-round
// V3 / V2 ratios with its spread (BENCH_ROUNDS, default 3).
import { encodeFunctionData, maxUint256, parseUnits, type Address } from 'viem';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { uniswapV3SwapRouterAbi } from '@/contracts/generated/uniswapV3SwapRouter';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { openTestDb } from '@/lib/db/openTestDb';
import { addV3Liquidity } from '@/lib/devnet/addV3Liquidity';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { rpc } from '@/lib/devnet/rpc';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { txBatcher } from '@/lib/devnet/txBatcher';
import { indexChain } from '@/lib/indexer/indexChain';
import { percentile } from './httpRounds';

const SWAPS = Number(process.env.BENCH_SWAPS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SWAPS_PER_BLOCK = 40;
const BLOCK_SEC = 12;
const TRADERS = [1, 2, 3, 4, 5, 6, 7] as const;
const FAR_DEADLINE = 4_102_444_800n;

type Kind = 'V2' | 'V3';
type Bench = { kind: Kind; anvil: Anvil; c: DevClients; chain: ChainConfig };

/** A chain with one pool of `kind` (TKN/USDC, 2 USDC per TKN) and SWAPS swaps through it, alternating directions. */
async function seededChain(kind: Kind, chainId: number): Promise<Bench> {
  const start = Math.floor(Date.now() / 1000) - 30 * 86_400;
  const anvil = await startAnvil({ chainId, timestamp: start });
  const c = devClients(chainId, anvil.rpcUrl);
  const stack = await deployUniswap(c);
  const usdc = await deployToken(c, 'USD Coin', 'USDC', 6);
  const tkn = await deployToken(c, 'Token', 'TKN', 18);
  const spender = kind === 'V2' ? stack.router02 : stack.v3Router;
  for (const who of [0, ...TRADERS]) {
    await mint(c, usdc, devAccount(who).address, parseUnits('100000000', 6));
    await mint(c, tkn, devAccount(who).address, parseUnits('100000000', 18));
    await approve(c, who, usdc, spender, maxUint256);
    await approve(c, who, tkn, spender, maxUint256);
  }
  if (kind === 'V2') await addLiquidity(c, stack, 0, tkn, parseUnits('1000000', 18), usdc, parseUnits('2000000', 6));
  else {
    await addV3Liquidity(c, stack, 0, { tokenA: tkn, tokenB: usdc, fee: 3000, price: 2e6 / 1e18 },
      { lower: 0, upper: Infinity, amountA: parseUnits('1000000', 18), amountB: parseUnits('2000000', 6) });
  }
  await sendSwaps(kind, anvil.rpcUrl, stack, tkn, usdc, start);
  const chain: ChainConfig = {
    id: chainId, name: `Bench ${kind}`, rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18, factory: stack.factory, v3Factory: stack.v3Factory,
    router02: stack.router02, weth: stack.weth, stablecoins: [usdc], startBlock: stack.startBlock, blockTimeSec: 1,
    tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }, { address: tkn, symbol: 'TKN', name: 'Token', decimals: 18 }],
  };
  return { kind, anvil, c, chain };
}

function swapCall(kind: Kind, stack: UniswapStack, tokenIn: Address, tokenOut: Address, amountIn: bigint, to: Address) {
  if (kind === 'V2') {
    return encodeFunctionData({ abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens', args: [amountIn, 0n, [tokenIn, tokenOut], to, FAR_DEADLINE] });
  }
  return encodeFunctionData({
    abi: uniswapV3SwapRouterAbi, functionName: 'exactInputSingle',
    args: [{ tokenIn, tokenOut, fee: 3000, recipient: to, deadline: FAR_DEADLINE, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
  });
}

async function sendSwaps(kind: Kind, rpcUrl: string, stack: UniswapStack, tkn: Address, usdc: Address, start: number): Promise<void> {
  const node = rpc(rpcUrl);
  const batcher = txBatcher(node);
  const traders = TRADERS.map((i) => devAccount(i).address);
  await node.call('evm_setAutomine', [false]);
  await batcher.init(traders);
  let ts = start + 86_400;
  for (let i = 0; i < SWAPS; i += SWAPS_PER_BLOCK) {
    for (let k = i; k < Math.min(SWAPS, i + SWAPS_PER_BLOCK); k++) {
      const from = traders[k % traders.length] as Address;
      const [tokenIn, tokenOut, amountIn] = k % 2 === 0 ? [tkn, usdc, parseUnits('10', 18)] : [usdc, tkn, parseUnits('21', 6)];
      batcher.queue({ from, to: kind === 'V2' ? stack.router02 : stack.v3Router, data: swapCall(kind, stack, tokenIn, tokenOut, amountIn, from), gas: 300_000n });
    }
    await batcher.settle(() => (ts += BLOCK_SEC));
  }
  await node.call('evm_setAutomine', [true]);
}

/** One indexing pass over the whole chain into a fresh store: events (trades stored) per second of wall time. */
async function indexOnce(b: Bench): Promise<number> {
  const store = await openTestDb('sqlite');
  try {
    const t0 = performance.now();
    const { trades } = await indexChain(store.db, b.c.publicClient, b.chain);
    const seconds = (performance.now() - t0) / 1000;
    if (trades !== SWAPS) throw new Error(`${b.kind}: indexed ${trades} trades, expected ${SWAPS}`);
    return trades / seconds;
  } finally {
    await store.dispose();
  }
}

const sortedCopy = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const spread = (xs: readonly number[], digits: number) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

async function main(): Promise<void> {
  const benches: Bench[] = [];
  try {
    console.log(`seeding two scratch chains with ${SWAPS.toLocaleString('en')} swaps each (${SWAPS_PER_BLOCK} a block)…`);
    benches.push(await seededChain('V2', 31_901), await seededChain('V3', 31_902));
    // A first pass each warms the JIT and the RPC connections.
    for (const b of benches) await indexOnce(b);
    const rates: Record<Kind, number[]> = { V2: [], V3: [] };
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? benches : [...benches].reverse();
      const round: Partial<Record<Kind, number>> = {};
      for (const b of order) round[b.kind] = await indexOnce(b);
      const v2 = round.V2 ?? 0;
      const v3 = round.V3 ?? 0;
      rates.V2.push(v2);
      rates.V3.push(v3);
      ratios.push(v3 / v2);
      console.log(`round ${r + 1}: V2 ${Math.round(v2).toLocaleString('en')} events/s, V3 ${Math.round(v3).toLocaleString('en')} events/s, V3 / V2 ${(v3 / v2).toFixed(2)}`);
    }
    const med = (xs: readonly number[]) => percentile(sortedCopy(xs), 50);
    console.log(`\nindexer (indexChain, SQLite, ${SWAPS.toLocaleString('en')} swaps a pass, Node ${process.versions.node}), median of ${ROUNDS} interleaved rounds (spread):`);
    console.log(`  V2 swaps: ${Math.round(med(rates.V2)).toLocaleString('en')} events/s (${spread(rates.V2, 0)})`);
    console.log(`  V3 swaps: ${Math.round(med(rates.V3)).toLocaleString('en')} events/s (${spread(rates.V3, 0)})`);
    console.log(`  V3 / V2, median of per-round ratios: ${med(ratios).toFixed(2)} (${spread(ratios, 2)})`);
  } finally {
    for (const b of benches) await b.anvil.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

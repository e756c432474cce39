// Fills a freshly deployed devnet chain with weeks of trading: real Router02 swaps on the V2 pairs and Uniswap V3
// SwapRouter swaps on the V3 pools, from several trader accounts, batched into blocks whose timestamps are warped so the
// history ends at the present.
import { decodeFunctionResult, encodeFunctionData, isAddressEqual, type Address, type Hex } from 'viem';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { chooseTrade, type PoolState } from './chooseTrade';
import { chooseV3Trade } from './chooseV3Trade';
import { devAccount } from './deployUniswap';
import { symbolAddress, type DeployedChain } from './deployDevnetChain';
import { ACCOUNT_ROLES } from './devnetMarkets';
import { referencePrices, type ReferencePrices } from './referencePrices';
import { prng, type Prng } from './prng';
import type { Rpc } from './rpc';
import { queueV3Swap, readV3Pools, refreshV3Prices, type SimV3Pool } from './simV3Pools';
import type { TxBatcher } from './txBatcher';
import { getAmountOut } from './v2Math';

export type HistoryOptions = {
  rpc: Rpc;
  batcher: TxBatcher;
  chain: DeployedChain;
  days: number;
  swapsPerPair: number;
  /** Unix seconds of the last history block. */
  endTimestamp: number;
  /** Seeds the reference price paths (shared by every chain) and, with the chain id, the trades. */
  seed: number;
  onProgress?: (done: number, total: number) => void;
};

export type HistoryResult = { swaps: number; blocks: number; prices: Record<string, number> };

const SWAP_GAS = 250_000n;
const FAR_DEADLINE = 4_102_444_800n;
/** More blocks than swaps per pool, so each pool trades at most once per block and its order is never ambiguous. */
const BLOCKS_PER_SWAP = 1.25;
const VERIFY_EVERY_BLOCKS = 100;

export type SimPool = PoolState & { address: Address; base: string; quote: string; baseToken: Address; quoteToken: Address; baseIsToken0: boolean };

export async function readPools(rpc: Rpc, chain: DeployedChain): Promise<SimPool[]> {
  const bySymbol = new Map(chain.tokens.map((t) => [t.symbol, t.address]));
  const decimals = new Map(chain.tokens.map((t) => [t.symbol, t.decimals]));
  const token0s = await rpc.batch<Hex>(chain.pools.map((p) => ['eth_call', [{ to: p.address, data: encodeFunctionData({ abi: uniswapV2PairAbi, functionName: 'token0' }) }, 'latest']] as const));
  const pools = chain.pools.map((p, i) => {
    const baseToken = symbolAddress(bySymbol, p.base);
    return {
      address: p.address, base: p.base, quote: p.quote, baseToken, quoteToken: symbolAddress(bySymbol, p.quote),
      baseIsToken0: isAddressEqual(`0x${(token0s[i] ?? '').slice(-40)}`, baseToken),
      baseDecimals: decimals.get(p.base) ?? 18, quoteDecimals: decimals.get(p.quote) ?? 18, reserveBase: 0n, reserveQuote: 0n,
    };
  });
  await refreshReserves(rpc, pools);
  return pools;
}

/** Reads getReserves of every pool; returns the pools whose reserves differ from what was held. */
export async function refreshReserves(rpc: Rpc, pools: SimPool[]): Promise<SimPool[]> {
  const data = encodeFunctionData({ abi: uniswapV2PairAbi, functionName: 'getReserves' });
  const results = await rpc.batch<Hex>(pools.map((p) => ['eth_call', [{ to: p.address, data }, 'latest']] as const));
  const changed: SimPool[] = [];
  pools.forEach((pool, i) => {
    const [r0, r1] = decodeFunctionResult({ abi: uniswapV2PairAbi, functionName: 'getReserves', data: results[i] ?? '0x' });
    const [reserveBase, reserveQuote] = pool.baseIsToken0 ? [r0, r1] : [r1, r0];
    if (reserveBase !== pool.reserveBase || reserveQuote !== pool.reserveQuote) changed.push(pool);
    pool.reserveBase = reserveBase;
    pool.reserveQuote = reserveQuote;
  });
  return changed;
}

/** Queues a Router02 swap on `pool` from `trader` and applies it to the held reserves with the pair's own math. */
export function queueSwap(batcher: TxBatcher, router02: Address, pool: SimPool, trader: Address, baseIn: boolean, amountIn: bigint): void {
  const path: Address[] = baseIn ? [pool.baseToken, pool.quoteToken] : [pool.quoteToken, pool.baseToken];
  const data = encodeFunctionData({ abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens', args: [amountIn, 0n, path, trader, FAR_DEADLINE] });
  batcher.queue({ from: trader, to: router02, data, gas: SWAP_GAS });
  if (baseIn) {
    const out = getAmountOut(amountIn, pool.reserveBase, pool.reserveQuote);
    pool.reserveBase += amountIn;
    pool.reserveQuote -= out;
  } else {
    const out = getAmountOut(amountIn, pool.reserveQuote, pool.reserveBase);
    pool.reserveQuote += amountIn;
    pool.reserveBase -= out;
  }
}

/** `count` strictly increasing whole-second timestamps spread at random over [start, end], the last one at `end`. */
export function blockTimestamps(count: number, start: number, end: number, rng: Prng): number[] {
  const times = Array.from({ length: count - 1 }, () => Math.floor(rng.between(start, end))).sort((a, b) => a - b);
  times.push(end);
  for (let i = 1; i < times.length; i++) {
    const prev = times[i - 1] ?? start;
    if ((times[i] ?? 0) <= prev) times[i] = prev + 1;
  }
  return times;
}

/**
 * For each of `pools` pools, `perPool` distinct block indexes out of `blocks`, always including the last block so
 * every pool's history runs up to the present; returns the pools trading in each block.
 */
function scheduleSwaps(pools: number, perPool: number, blocks: number, rng: Prng): number[][] {
  const perBlock: number[][] = Array.from({ length: blocks }, () => []);
  const last = blocks - 1;
  for (let pool = 0; pool < pools; pool++) {
    const indexes = Array.from({ length: last }, (_, i) => i);
    // A partial Fisher–Yates shuffle picks perPool - 1 of the earlier blocks.
    for (let i = 0; i < perPool - 1; i++) {
      const j = i + rng.int(last - i);
      const chosen = indexes[j] ?? 0;
      indexes[j] = indexes[i] ?? 0;
      indexes[i] = chosen;
      perBlock[chosen]?.push(pool);
    }
    perBlock[last]?.push(pool);
  }
  return perBlock;
}

function queueV3Trade(batcher: TxBatcher, router: Address, pool: SimV3Pool, trader: Address, reference: ReferencePrices, timestamp: number, rng: Prng): void {
  const baseUsd = reference.usdAt(pool.base, timestamp);
  const quoteUsd = reference.usdAt(pool.quote, timestamp);
  const trade = chooseV3Trade({ price: pool.price, tvlUsd: pool.tvlUsd, baseUsd, quoteUsd, ...pool.sides }, baseUsd / quoteUsd, rng);
  queueV3Swap(batcher, router, pool, trader, trade);
}

export async function generateHistory(options: HistoryOptions): Promise<HistoryResult> {
  const { rpc, batcher, chain, days, swapsPerPair, endTimestamp, onProgress } = options;
  const pools = await readPools(rpc, chain);
  const v3Pools = await readV3Pools(rpc, chain);
  const start = endTimestamp - days * 86_400;
  // The reference path depends on the seed only, not on the chain, so both devnets trade the same market.
  const reference = referencePrices(chain.tokens.map((t) => t.symbol), { start, end: endTimestamp, seed: options.seed });
  const tradeRng = prng(options.seed ^ chain.id);
  const traders = ACCOUNT_ROLES.traders.map((i) => devAccount(i).address);
  const blockCount = Math.max(1, Math.ceil(swapsPerPair * BLOCKS_PER_SWAP));
  const times = blockTimestamps(blockCount, start, endTimestamp, tradeRng);
  // V2 pairs first, then the V3 pools: index i ≥ pools.length is V3 pool i − pools.length.
  const schedule = scheduleSwaps(pools.length + v3Pools.length, Math.min(swapsPerPair, blockCount), blockCount, tradeRng);
  const total = (pools.length + v3Pools.length) * Math.min(swapsPerPair, blockCount);
  let done = 0;

  for (let b = 0; b < blockCount; b++) {
    const timestamp = times[b] ?? endTimestamp;
    const scheduled = schedule[b] ?? [];
    // A V3 pool's price after the previous block is read from the chain rather than simulated.
    const v3Here = scheduled.flatMap((i) => v3Pools[i - pools.length] ?? []);
    await refreshV3Prices(rpc, v3Here);
    for (const poolIndex of scheduled) {
      const pool = pools[poolIndex];
      if (pool) {
        const trade = chooseTrade(pool, reference.usdAt(pool.base, timestamp) / reference.usdAt(pool.quote, timestamp), tradeRng);
        queueSwap(batcher, chain.router02, pool, tradeRng.pick(traders), trade.baseIn, trade.amountIn);
      } else {
        const v3Pool = v3Pools[poolIndex - pools.length];
        if (!v3Pool) continue;
        queueV3Trade(batcher, chain.uniswapV3.router, v3Pool, tradeRng.pick(traders), reference, timestamp, tradeRng);
      }
      done++;
    }
    await batcher.flush();
    await batcher.mine(timestamp);
    if ((b + 1) % VERIFY_EVERY_BLOCKS === 0 || b === blockCount - 1) {
      const expected = pools.map((p) => [p.reserveBase, p.reserveQuote] as const);
      const drifted = await refreshReserves(rpc, pools);
      if (drifted.length > 0) {
        const p = drifted[0];
        const i = p ? pools.indexOf(p) : -1;
        throw new Error(`history on chain ${chain.id}: pool ${p?.base}/${p?.quote} reserves ${p?.reserveBase}/${p?.reserveQuote} differ from the simulated ${expected[i]?.join('/')}; a swap failed`);
      }
      onProgress?.(done, total);
    }
  }
  // Every swap's receipt must say success; the reserve checks above already caught any that did not.
  await batcher.settle();
  const prices = Object.fromEntries(chain.tokens.map((t) => [t.symbol, reference.usdAt(t.symbol, endTimestamp)]));
  return { swaps: done, blocks: blockCount, prices };
}

// One devnet chain's market for one block: retail trades of heavy-tailed size on pools picked by their depth, then an
// arbitrageur who trades every pool that strayed past its band back towards the shared reference price, all mined
// together in one block (the arbitrage backruns the trades, as it does on a real chain).
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { quoterV2Abi } from '@/contracts/generated/quoterV2';
import { arbitrageBand, arbitrageTarget, pairKind } from './arbitrageTarget';
import { poolPrice, tradeToPrice } from './chooseTrade';
import type { DeployedChain } from './deployDevnetChain';
import { devAccount } from './deployUniswap';
import { ACCOUNT_ROLES } from './devnetMarkets';
import { queueSwap, readPools, refreshReserves, type SimPool } from './generateHistory';
import { noiseTradeShare } from './noiseTradeShare';
import { V2_FEE } from './poolPrices';
import type { Prng } from './prng';
import type { Rpc } from './rpc';
import { queueV3Swap, readV3Pools, refreshV3Prices, type SimV3Pool } from './simV3Pools';
import { txBatcher, type TxBatcher } from './txBatcher';
import { pairPrice, rawPriceOfSqrtX96 } from './v3Positions';

/** USD price of a token now (the market's reference). */
export type UsdPrice = (symbol: string) => number;

export type ChainMarket = {
  chain: DeployedChain;
  rpc: Rpc;
  /** Trades one block: retail flow, then arbitrage back into every pool's band. Resolves once it is mined. */
  tradeBlock(usd: UsdPrice, rng: Prng): Promise<void>;
  /** USD prices the V2 pairs stand at now (USDC = 1; against USDC, else against WETH): where a restarted market resumes. */
  poolUsd(): Record<string, number>;
};

/** Retail trades per block: one, sometimes two. */
const SECOND_TRADE_PROBABILITY = 0.3;
/** An arbitrage on a V3 pool offers this share of the pool's value: its price limit, not the amount, ends it. */
const V3_ARB_BUDGET_SHARE = 0.1;

type Picked = { kind: 'v2'; pool: SimPool; depthUsd: number } | { kind: 'v3'; pool: SimV3Pool; depthUsd: number };

function depthOf(pool: SimPool, usd: UsdPrice): number {
  return 2 * (Number(pool.reserveQuote) / 10 ** pool.quoteDecimals) * usd(pool.quote);
}

function units(usdAmount: number, tokenUsd: number, decimals: number): bigint {
  const amount = BigInt(Math.floor((usdAmount / tokenUsd) * 10 ** decimals));
  return amount > 0n ? amount : 1n;
}

/** Distinct pools for this block's retail trades, each picked with odds proportional to its depth. */
function pickPools(v2: readonly SimPool[], v3: readonly SimV3Pool[], usd: UsdPrice, rng: Prng): Picked[] {
  const all: Picked[] = [...v2.map((pool) => ({ kind: 'v2' as const, pool, depthUsd: depthOf(pool, usd) })), ...v3.map((pool) => ({ kind: 'v3' as const, pool, depthUsd: pool.tvlUsd }))];
  const count = rng.next() < SECOND_TRADE_PROBABILITY ? 2 : 1;
  const picked: Picked[] = [];
  while (picked.length < count && picked.length < all.length) {
    const left = all.filter((p) => !picked.includes(p));
    let roll = rng.next() * left.reduce((sum, p) => sum + p.depthUsd, 0);
    const choice = left.find((p) => (roll -= p.depthUsd) <= 0) ?? left[left.length - 1];
    if (choice) picked.push(choice);
  }
  return picked;
}

export async function chainMarket(rpc: Rpc, chain: DeployedChain): Promise<ChainMarket> {
  const trader = devAccount(ACCOUNT_ROLES.activity).address;
  const v2 = await readPools(rpc, chain);
  const v3 = await readV3Pools(rpc, chain);

  /** Queues a retail trade on a V3 pool and sets its held price to where the trade leaves it (QuoterV2). */
  async function queueV3Retail(batcher: TxBatcher, pool: SimV3Pool, baseIn: boolean, usdAmount: number, usd: UsdPrice): Promise<void> {
    const amountIn = units(usdAmount, usd(baseIn ? pool.base : pool.quote), baseIn ? pool.sides.baseDecimals : pool.sides.quoteDecimals);
    const [tokenIn, tokenOut] = baseIn ? [pool.baseToken, pool.quoteToken] : [pool.quoteToken, pool.baseToken];
    const data = encodeFunctionData({ abi: quoterV2Abi, functionName: 'quoteExactInputSingle', args: [{ tokenIn, tokenOut, amountIn, fee: pool.fee, sqrtPriceLimitX96: 0n }] });
    const result = await rpc.call<Hex>('eth_call', [{ to: chain.uniswapV3.quoter, data }, 'latest']);
    const [, sqrtPriceX96After] = decodeFunctionResult({ abi: quoterV2Abi, functionName: 'quoteExactInputSingle', data: result });
    queueV3Swap(batcher, chain.uniswapV3.router, pool, trader, { baseIn, amountIn });
    pool.price = pairPrice(pool.sides, rawPriceOfSqrtX96(sqrtPriceX96After));
  }

  async function queueRetail(batcher: TxBatcher, usd: UsdPrice, rng: Prng): Promise<void> {
    for (const picked of pickPools(v2, v3, usd, rng)) {
      const { pool } = picked;
      const usdAmount = picked.depthUsd * noiseTradeShare(pairKind(pool.base, pool.quote), rng);
      const baseIn = rng.next() < 0.5;
      if (picked.kind === 'v3') await queueV3Retail(batcher, picked.pool, baseIn, usdAmount, usd);
      else {
        const p = picked.pool;
        const amountIn = units(usdAmount, usd(baseIn ? p.base : p.quote), baseIn ? p.baseDecimals : p.quoteDecimals);
        queueSwap(batcher, chain.router02, p, trader, baseIn, amountIn);
      }
    }
  }

  /** Trades every pool outside its band back inside it, against the reference (queued after the retail flow). */
  function queueArbitrage(batcher: TxBatcher, usd: UsdPrice): void {
    for (const pool of v2) {
      const reference = usd(pool.base) / usd(pool.quote);
      const target = arbitrageTarget(poolPrice(pool), reference, arbitrageBand(V2_FEE, pairKind(pool.base, pool.quote)));
      if (target === undefined) continue;
      const trade = tradeToPrice(pool, target);
      if (trade.amountIn > 0n) queueSwap(batcher, chain.router02, pool, trader, trade.baseIn, trade.amountIn);
    }
    for (const pool of v3) {
      const reference = usd(pool.base) / usd(pool.quote);
      const target = arbitrageTarget(pool.price, reference, arbitrageBand(pool.fee / 1_000_000, pairKind(pool.base, pool.quote)));
      if (target === undefined) continue;
      // Above the target base is dear in this pool: the arbitrageur sells base into it, down to the price limit.
      const baseIn = pool.price > target;
      const budgetUsd = pool.tvlUsd * V3_ARB_BUDGET_SHARE;
      const amountIn = units(budgetUsd, usd(baseIn ? pool.base : pool.quote), baseIn ? pool.sides.baseDecimals : pool.sides.quoteDecimals);
      queueV3Swap(batcher, chain.uniswapV3.router, pool, trader, { baseIn, amountIn, limitPrice: target });
      pool.price = target;
    }
  }

  return {
    chain,
    rpc,
    poolUsd() {
      const usd: Record<string, number> = { USDC: 1 };
      for (const quote of ['USDC', 'WETH']) {
        for (const pool of v2) {
          const quoteUsd = usd[quote];
          if (pool.quote === quote && quoteUsd !== undefined && usd[pool.base] === undefined) usd[pool.base] = poolPrice(pool) * quoteUsd;
        }
      }
      return usd;
    },
    async tradeBlock(usd, rng) {
      await refreshReserves(rpc, v2);
      await refreshV3Prices(rpc, v3);
      const batcher = txBatcher(rpc);
      await batcher.init([trader]);
      await queueRetail(batcher, usd, rng);
      queueArbitrage(batcher, usd);
      await mineTogether(rpc, batcher);
    },
  };
}

/**
 * Mines everything queued in one block. Automine is paused only around sending and mining (one round trip each), and
 * a chain whose automine someone else has paused (a test holding a transaction in the mempool) is left alone.
 */
async function mineTogether(rpc: Rpc, batcher: TxBatcher): Promise<boolean> {
  if (!(await rpc.call<boolean>('anvil_getAutomine'))) return false;
  await rpc.call('evm_setAutomine', [false]);
  try {
    await batcher.flush();
    await batcher.mine();
  } finally {
    await rpc.call('evm_setAutomine', [true]);
  }
  await batcher.settle();
  return true;
}

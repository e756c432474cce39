// The devnet's Uniswap V3 pools as the history and the activity loop trade them: their sides, their price read from
// slot0, and swaps queued through Uniswap's own V3 SwapRouter (exactInputSingle, with a price limit when given).
import { decodeFunctionResult, encodeFunctionData, type Address, type Hex } from 'viem';
import { uniswapV3PoolAbi } from '@/contracts/generated/uniswapV3Pool';
import { uniswapV3SwapRouterAbi } from '@/contracts/generated/uniswapV3SwapRouter';
import type { V3Trade } from './chooseV3Trade';
import type { DeployedChain } from './deployDevnetChain';
import { DEVNET_CHAINS } from './devnetMarkets';
import type { Rpc } from './rpc';
import type { TxBatcher } from './txBatcher';
import { pairPrice, rawPrice, rawPriceOfSqrtX96, sqrtPriceX96Of, type PoolSides } from './v3Positions';

export type SimV3Pool = {
  address: Address;
  base: string;
  quote: string;
  fee: number;
  baseToken: Address;
  quoteToken: Address;
  sides: Omit<PoolSides, 'price'>;
  /** The value it was seeded with (USD): trades are sized as shares of it. */
  tvlUsd: number;
  /** Whole quote per whole base, as last read. */
  price: number;
};

const SWAP_GAS = 600_000n;
const FAR_DEADLINE = 4_102_444_800n;

export async function readV3Pools(rpc: Rpc, chain: DeployedChain): Promise<SimV3Pool[]> {
  const spec = DEVNET_CHAINS.find((c) => c.id === chain.id);
  const token = (symbol: string) => {
    const t = chain.tokens.find((x) => x.symbol === symbol);
    if (!t) throw new Error(`token ${symbol} is not deployed on chain ${chain.id}`);
    return t;
  };
  const pools = chain.v3Pools.map((p) => {
    const base = token(p.base);
    const quote = token(p.quote);
    const tvlUsd = spec?.v3Pools.find((s) => s.base === p.base && s.quote === p.quote && s.fee === p.fee)?.tvlUsd ?? 0;
    return {
      address: p.address, base: p.base, quote: p.quote, fee: p.fee, baseToken: base.address, quoteToken: quote.address, tvlUsd, price: 0,
      sides: { baseDecimals: base.decimals, quoteDecimals: quote.decimals, baseIsToken0: BigInt(base.address) < BigInt(quote.address) },
    };
  });
  await refreshV3Prices(rpc, pools);
  return pools;
}

/** Reads every pool's slot0 in one batch. */
export async function refreshV3Prices(rpc: Rpc, pools: readonly SimV3Pool[]): Promise<void> {
  if (pools.length === 0) return;
  const data = encodeFunctionData({ abi: uniswapV3PoolAbi, functionName: 'slot0' });
  const results = await rpc.batch<Hex>(pools.map((p) => ['eth_call', [{ to: p.address, data }, 'latest']] as const));
  pools.forEach((pool, i) => {
    const [sqrtPriceX96] = decodeFunctionResult({ abi: uniswapV3PoolAbi, functionName: 'slot0', data: results[i] ?? '0x' });
    pool.price = pairPrice(pool.sides, rawPriceOfSqrtX96(sqrtPriceX96));
  });
}

/** Queues `trade` on `pool` from `trader` through Uniswap's V3 SwapRouter (which `trader` has approved). */
export function queueV3Swap(batcher: TxBatcher, router: Address, pool: SimV3Pool, trader: Address, trade: V3Trade): void {
  const [tokenIn, tokenOut] = trade.baseIn ? [pool.baseToken, pool.quoteToken] : [pool.quoteToken, pool.baseToken];
  const sqrtPriceLimitX96 = trade.limitPrice === undefined ? 0n : sqrtPriceX96Of(rawPrice({ ...pool.sides, price: trade.limitPrice }));
  const data = encodeFunctionData({
    abi: uniswapV3SwapRouterAbi,
    functionName: 'exactInputSingle',
    args: [{ tokenIn, tokenOut, fee: pool.fee, recipient: trader, deadline: FAR_DEADLINE, amountIn: trade.amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96 }],
  });
  batcher.queue({ from: trader, to: router, data, gas: SWAP_GAS });
}

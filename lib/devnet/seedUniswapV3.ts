// Gives a devnet chain Uniswap V3 as shipped on npm: UniswapV3Factory (fee tiers 0.01/0.05/0.3/1 %),
// NonfungiblePositionManager, QuoterV2 and Uniswap's own V3 SwapRouter (which the history and activity trade through),
// then pools started near the reference prices with liquidity in several ranges, all queued on the batcher.
import { encodeDeployData, encodeFunctionData, getAddress, getContractAddress, zeroAddress, type Address, type Hex } from 'viem';
import { nonfungiblePositionManagerAbi, nonfungiblePositionManagerBytecode } from '@/contracts/generated/nonfungiblePositionManager';
import { quoterV2Abi, quoterV2Bytecode } from '@/contracts/generated/quoterV2';
import { uniswapV3FactoryAbi, uniswapV3FactoryBytecode } from '@/contracts/generated/uniswapV3Factory';
import { uniswapV3SwapRouterAbi, uniswapV3SwapRouterBytecode } from '@/contracts/generated/uniswapV3SwapRouter';
import { tokenSpec, type ChainSpec, type V3PoolSpec } from './devnetMarkets';
import type { Rpc } from './rpc';
import type { TxBatcher } from './txBatcher';
import { positionAmounts, RANGE_SHAPES, rangeTicks, rawPrice, sqrtPriceX96Of, V3_TICK_SPACING, type PoolSides } from './v3Positions';

/** The Uniswap V3 contracts of a chain. `router` is Uniswap's own SwapRouter (not Swapdesk's). */
export type UniswapV3Deployment = { factory: Address; positionManager: Address; quoter: Address; router: Address };
export type DeployedV3Pool = { address: Address; base: string; quote: string; fee: number };

const GAS = {
  deploy: 7_000_000n,
  enableFee: 100_000n,
  createPool: 6_000_000n,
  mint: 1_000_000n,
} as const;
const FAR_DEADLINE = 4_102_444_800n; // 2100-01-01
/** The 0.01 % tier: the shipped factory enables 0.05/0.3/1 % only. */
const LOWEST_FEE_TIER = 100;

/** Queues the four deployments and the extra fee tier from `deployer`; returns where they will be. */
export function queueUniswapV3(batcher: TxBatcher, deployer: Address, weth: Address): UniswapV3Deployment {
  const deployed = (data: Hex) => getContractAddress({ from: deployer, nonce: BigInt(batcher.queue({ from: deployer, data, gas: GAS.deploy })) });
  const factory = deployed(encodeDeployData({ abi: uniswapV3FactoryAbi, bytecode: uniswapV3FactoryBytecode }));
  // No token descriptor: it only renders the position NFTs' tokenURI, which nothing here reads.
  const positionManager = deployed(encodeDeployData({ abi: nonfungiblePositionManagerAbi, bytecode: nonfungiblePositionManagerBytecode, args: [factory, weth, zeroAddress] }));
  const quoter = deployed(encodeDeployData({ abi: quoterV2Abi, bytecode: quoterV2Bytecode, args: [factory, weth] }));
  const router = deployed(encodeDeployData({ abi: uniswapV3SwapRouterAbi, bytecode: uniswapV3SwapRouterBytecode, args: [factory, weth] }));
  batcher.queue({
    from: deployer, to: factory, gas: GAS.enableFee,
    data: encodeFunctionData({ abi: uniswapV3FactoryAbi, functionName: 'enableFeeAmount', args: [LOWEST_FEE_TIER, V3_TICK_SPACING[LOWEST_FEE_TIER]] }),
  });
  return { factory: getAddress(factory), positionManager: getAddress(positionManager), quoter: getAddress(quoter), router: getAddress(router) };
}

/**
 * Base units of `symbol` the deployer needs for every V3 position of the chain: each position is offered its whole
 * value in each of its tokens, more than a position takes, whichever side of the price it sits.
 */
export function v3LiquidityNeed(spec: ChainSpec, symbol: string): bigint {
  let need = 0n;
  for (const pool of spec.v3Pools) {
    if (pool.base !== symbol && pool.quote !== symbol) continue;
    const token = tokenSpec(symbol);
    need += BigInt(Math.ceil((pool.tvlUsd / token.usd) * 10 ** token.decimals));
  }
  return need;
}

type TokenRef = { address: Address; decimals: number };

/** The pool's sides at its start price (the spec's price times its offset), token0 as the addresses sort. */
export function v3PoolSides(pool: V3PoolSpec, base: TokenRef, quote: TokenRef, price = tokenSpec(pool.base).usd / tokenSpec(pool.quote).usd): PoolSides {
  return {
    price: price * (1 + pool.priceOffset),
    baseDecimals: base.decimals,
    quoteDecimals: quote.decimals,
    baseIsToken0: BigInt(base.address) < BigInt(quote.address),
  };
}

export type SeedV3Options = {
  rpc: Rpc;
  batcher: TxBatcher;
  spec: ChainSpec;
  deployer: Address;
  v3: UniswapV3Deployment;
  tokenOf: (symbol: string) => TokenRef;
  nextTimestamp?: () => number;
};

/** Creates and initialises every V3 pool of the spec and mints its positions; returns the pools' addresses. */
export async function seedV3Pools({ rpc, batcher, spec, deployer, v3, tokenOf, nextTimestamp }: SeedV3Options): Promise<DeployedV3Pool[]> {
  for (const pool of spec.v3Pools) {
    const base = tokenOf(pool.base);
    const quote = tokenOf(pool.quote);
    const sides = v3PoolSides(pool, base, quote);
    const [token0, token1] = sides.baseIsToken0 ? [base, quote] : [quote, base];
    const raw = rawPrice(sides);
    batcher.queue({
      from: deployer, to: v3.positionManager, gas: GAS.createPool,
      data: encodeFunctionData({
        abi: nonfungiblePositionManagerAbi, functionName: 'createAndInitializePoolIfNecessary',
        args: [token0.address, token1.address, pool.fee, sqrtPriceX96Of(raw)],
      }),
    });
    const usd = (symbol: string, decimals: number) => tokenSpec(symbol).usd / 10 ** decimals;
    const usdPerUnit = sides.baseIsToken0
      ? { token0: usd(pool.base, base.decimals), token1: usd(pool.quote, quote.decimals) }
      : { token0: usd(pool.quote, quote.decimals), token1: usd(pool.base, base.decimals) };
    for (const range of RANGE_SHAPES[pool.shape]) {
      const ticks = rangeTicks(sides, range, V3_TICK_SPACING[pool.fee]);
      const { amount0, amount1 } = positionAmounts(raw, ticks, usdPerUnit, pool.tvlUsd * range.share);
      batcher.queue({
        from: deployer, to: v3.positionManager, gas: GAS.mint,
        data: encodeFunctionData({
          abi: nonfungiblePositionManagerAbi, functionName: 'mint',
          args: [{
            token0: token0.address, token1: token1.address, fee: pool.fee, tickLower: ticks.tickLower, tickUpper: ticks.tickUpper,
            amount0Desired: amount0, amount1Desired: amount1, amount0Min: 0n, amount1Min: 0n, recipient: deployer, deadline: FAR_DEADLINE,
          }],
        }),
      });
    }
    // A pool's creation and positions take about 7 M gas: one block each keeps every block within anvil's 30 M limit.
    await batcher.flush();
    await batcher.mine(nextTimestamp?.());
  }
  await batcher.settle(nextTimestamp);
  const addresses = await rpc.batch<Hex>(spec.v3Pools.map((pool) => ['eth_call', [{
    to: v3.factory,
    data: encodeFunctionData({ abi: uniswapV3FactoryAbi, functionName: 'getPool', args: [tokenOf(pool.base).address, tokenOf(pool.quote).address, pool.fee] }),
  }, 'latest']] as const));
  return spec.v3Pools.map((pool, i) => {
    const address = getAddress(`0x${(addresses[i] ?? '').slice(-40)}`);
    if (address === zeroAddress) throw new Error(`V3 pool ${pool.base}/${pool.quote} ${pool.fee} was not created`);
    return { address, base: pool.base, quote: pool.quote, fee: pool.fee };
  });
}

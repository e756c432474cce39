// Creates a Uniswap V3 pool if it does not exist yet and mints a position in it through the shipped
// NonfungiblePositionManager: one transaction at a time, for tests.
import { getAddress, maxUint256, type Address } from 'viem';
import { nonfungiblePositionManagerAbi } from '@/contracts/generated/nonfungiblePositionManager';
import { uniswapV3FactoryAbi } from '@/contracts/generated/uniswapV3Factory';
import { approve, devAccount, type DevClients, type UniswapStack } from './deployUniswap';
import { rangeTicks, rawPrice, sqrtPriceX96Of, V3_TICK_SPACING, type PoolSides, type V3FeeTier } from './v3Positions';
import { waitMined } from './waitMined';

export type V3PoolRequest = {
  tokenA: Address;
  tokenB: Address;
  fee: V3FeeTier;
  /** Base units of tokenB per base unit of tokenA: where a new pool starts, and what the position's range is relative to. */
  price: number;
};

/** A position from `lower` to `upper` times the pool request's price (0 and Infinity: full range), offering both amounts. */
export type V3PositionRequest = { lower: number; upper: number; amountA: bigint; amountB: bigint };

const FAR_DEADLINE = 4_102_444_800n;
/**
 * Explicit gas: an estimate made at the latest block's timestamp can skip the pool's oracle write that the mined
 * transaction, in a later second, makes.
 */
const GAS = { createPool: 6_000_000n, mint: 1_000_000n } as const;

/** Mints the position from account `index` (which must hold both tokens); returns the pool's address. */
export async function addV3Liquidity(c: DevClients, stack: UniswapStack, index: number, pool: V3PoolRequest, position: V3PositionRequest): Promise<Address> {
  const account = devAccount(index);
  const wallet = c.wallet(index);
  const send = async (hash: Promise<`0x${string}`>) => {
    const receipt = await waitMined(c.publicClient, await hash);
    if (receipt.status !== 'success') throw new Error('V3 liquidity transaction reverted');
  };
  // tokenA as the base and tokenB as the quote, both in base units.
  const aFirst = BigInt(pool.tokenA) < BigInt(pool.tokenB);
  const sides: PoolSides = { price: pool.price, baseDecimals: 0, quoteDecimals: 0, baseIsToken0: aFirst };
  const [token0, token1] = aFirst ? [pool.tokenA, pool.tokenB] : [pool.tokenB, pool.tokenA];
  await send(wallet.writeContract({
    address: stack.positionManager, abi: nonfungiblePositionManagerAbi, functionName: 'createAndInitializePoolIfNecessary',
    args: [token0, token1, pool.fee, sqrtPriceX96Of(rawPrice(sides))], gas: GAS.createPool, account, chain: c.chain,
  }));
  for (const token of [pool.tokenA, pool.tokenB]) await approve(c, index, token, stack.positionManager, maxUint256);
  const { tickLower, tickUpper } = rangeTicks(sides, { ...position, share: 1 }, V3_TICK_SPACING[pool.fee]);
  await send(wallet.writeContract({
    address: stack.positionManager, abi: nonfungiblePositionManagerAbi, functionName: 'mint',
    args: [{
      token0, token1, fee: pool.fee, tickLower, tickUpper,
      amount0Desired: aFirst ? position.amountA : position.amountB, amount1Desired: aFirst ? position.amountB : position.amountA,
      amount0Min: 0n, amount1Min: 0n, recipient: account.address, deadline: FAR_DEADLINE,
    }],
    gas: GAS.mint, account, chain: c.chain,
  }));
  return getAddress(await c.publicClient.readContract({ address: stack.v3Factory, abi: uniswapV3FactoryAbi, functionName: 'getPool', args: [pool.tokenA, pool.tokenB, pool.fee] }));
}

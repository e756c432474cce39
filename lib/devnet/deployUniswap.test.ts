import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { quoterV2Abi } from '@/contracts/generated/quoterV2';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { uniswapV3FactoryAbi } from '@/contracts/generated/uniswapV3Factory';
import { uniswapV3PoolAbi } from '@/contracts/generated/uniswapV3Pool';
import { uniswapV3SwapRouterAbi } from '@/contracts/generated/uniswapV3SwapRouter';
import { addV3Liquidity } from './addV3Liquidity';
import { startAnvil, type Anvil } from './startAnvil';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, type DevClients, type UniswapStack } from './deployUniswap';
import { waitMined } from './waitMined';

describe('deployUniswap on anvil', () => {
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    c = devClients(31337, anvil.rpcUrl);
    stack = await deployUniswap(c);
  });
  afterAll(async () => anvil?.stop());

  it('creates a pool whose reserves equal the liquidity added and quotes through the shipped Router02', async () => {
    const usdc = await deployToken(c, 'USD Coin', 'USDC', 6);
    const me = devAccount(0).address;
    await mint(c, usdc, me, parseUnits('1000000', 6));
    await approve(c, 0, usdc, stack.router02);
    const pool = await addLiquidity(c, stack, 0, stack.weth, parseUnits('100', 18), usdc, parseUnits('300000', 6));
    const [r0, r1] = await c.publicClient.readContract({ address: pool, abi: uniswapV2PairAbi, functionName: 'getReserves' });
    expect([r0, r1].sort()).toEqual([parseUnits('100', 18), parseUnits('300000', 6)].sort());
    const amounts = await c.publicClient.readContract({
      address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [parseUnits('1', 18), [stack.weth, usdc]],
    });
    // 1 WETH into 100 WETH / 300k USDC with the 0.3 % fee: a little under 2970 USDC.
    expect(amounts[1]).toBeGreaterThan(parseUnits('2900', 6));
    expect(amounts[1]).toBeLessThan(parseUnits('2970', 6));
  });

  it('deploys Uniswap V3 with the 0.01 % tier; a pool made by addV3Liquidity quotes through QuoterV2 exactly what its SwapRouter pays', async () => {
    expect(await c.publicClient.readContract({ address: stack.v3Factory, abi: uniswapV3FactoryAbi, functionName: 'feeAmountTickSpacing', args: [100] })).toBe(1);
    const usdc = await deployToken(c, 'USD Coin', 'USDC', 6);
    const me = devAccount(0).address;
    await mint(c, usdc, me, parseUnits('10000000', 6));
    const wethAbi = [{ type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] }] as const;
    const hash = await c.wallet(0).writeContract({ address: stack.weth, abi: wethAbi, functionName: 'deposit', value: parseUnits('2000', 18), account: devAccount(0), chain: c.chain });
    await waitMined(c.publicClient, hash);
    // 3000 USDC per WETH in base units: 3000e6 / 1e18.
    const request = { tokenA: stack.weth, tokenB: usdc, fee: 500, price: 3000e6 / 1e18 } as const;
    const pool = await addV3Liquidity(c, stack, 0, request, { lower: 0.99, upper: 1.01, amountA: parseUnits('100', 18), amountB: parseUnits('300000', 6) });
    await addV3Liquidity(c, stack, 0, request, { lower: 0, upper: Infinity, amountA: parseUnits('100', 18), amountB: parseUnits('300000', 6) });
    await addV3Liquidity(c, stack, 0, request, { lower: 1.02, upper: 1.1, amountA: parseUnits('100', 18), amountB: parseUnits('300000', 6) });
    const [, tick] = await c.publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: 'slot0' });
    // WETH per USDC or USDC per WETH, either way about 3000 USDC per WETH.
    const usdcPerWeth = BigInt(stack.weth) < BigInt(usdc) ? 1.0001 ** tick * 1e12 : 1e12 / 1.0001 ** tick;
    expect(usdcPerWeth).toBeGreaterThan(2_990);
    expect(usdcPerWeth).toBeLessThan(3_010);

    const amountIn = parseUnits('200', 18);
    const { result } = await c.publicClient.simulateContract({
      address: stack.quoterV2, abi: quoterV2Abi, functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: stack.weth, tokenOut: usdc, amountIn, fee: 500, sqrtPriceLimitX96: 0n }],
    });
    const [quoted, , ticksCrossed] = result;
    expect(ticksCrossed).toBeGreaterThanOrEqual(1);
    await approve(c, 0, stack.weth, stack.v3Router);
    const before = await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'balanceOf', args: [me] });
    const swap = await c.wallet(0).writeContract({
      address: stack.v3Router, abi: uniswapV3SwapRouterAbi, functionName: 'exactInputSingle', account: devAccount(0), chain: c.chain, gas: 1_000_000n,
      args: [{ tokenIn: stack.weth, tokenOut: usdc, fee: 500, recipient: me, deadline: 4_102_444_800n, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
    });
    await waitMined(c.publicClient, swap);
    const after = await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'balanceOf', args: [me] });
    expect(after - before).toBe(quoted);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from 'viem';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { startAnvil, type Anvil } from './startAnvil';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, type DevClients, type UniswapStack } from './deployUniswap';

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
});

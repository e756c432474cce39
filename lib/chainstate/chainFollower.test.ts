import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { createTestClient, getAddress, http, parseUnits, type Address } from 'viem';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { ChainFollower } from './chainFollower';
import { quoteExactIn, type ExactInQuote } from '@/lib/quote/quoteExactIn';
import { readReserves } from './loadPools';
import { reservesOf } from '@/lib/routing/poolGraph';
import { until } from '@/test/until';

const CHAIN_ID = 31337;
const TRADER = 1;

/** The token path of a one-leg quote, for Router02. */
function singlePath(quote: ExactInQuote): readonly Address[] {
  const [leg] = quote.legs;
  if (!leg || quote.legs.length !== 1) throw new Error(`expected one leg, got ${quote.legs.length}`);
  return leg.path;
}

function attempt<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

describe('ChainFollower and the engine against a real Uniswap V2 deployment', () => {
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;
  let tokens: Address[];
  let follower: ChainFollower;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    stack = await deployUniswap(c);
    const a = await deployToken(c, 'Alpha', 'AAA', 18);
    const b = await deployToken(c, 'Bravo USD', 'BUSD', 6);
    const d = await deployToken(c, 'Delta', 'DDD', 8);
    const e = await deployToken(c, 'Echo', 'EEE', 18);
    tokens = [stack.weth, a, b, d, e].map((t) => getAddress(t));
    const lp = devAccount(0).address;
    const trader = devAccount(TRADER).address;
    for (const t of [a, b, d, e]) {
      await mint(c, t, lp, 10n ** 40n);
      await approve(c, 0, t, stack.router02);
      await mint(c, t, trader, 10n ** 40n);
      await approve(c, TRADER, t, stack.router02);
    }
    // Deposit trader ETH into WETH so WETH trades like any ERC20 here (native in/out is the router's job).
    const wrap = await c.wallet(TRADER).writeContract({
      address: stack.weth, abi: [{ type: 'function', name: 'deposit', inputs: [], outputs: [], stateMutability: 'payable' }],
      functionName: 'deposit', value: parseUnits('5000', 18), account: devAccount(TRADER), chain: c.chain,
    });
    await c.publicClient.waitForTransactionReceipt({ hash: wrap, pollingInterval: POLLING_MS });
    await approve(c, TRADER, stack.weth, stack.router02);
    await addLiquidity(c, stack, 0, stack.weth, parseUnits('100', 18), b, parseUnits('300000', 6));
    await addLiquidity(c, stack, 0, stack.weth, parseUnits('50', 18), a, parseUnits('5000', 18));
    await addLiquidity(c, stack, 0, a, parseUnits('2000', 18), b, parseUnits('55000', 6));
    await addLiquidity(c, stack, 0, b, parseUnits('100000', 6), d, parseUnits('2', 8));
    await addLiquidity(c, stack, 0, d, parseUnits('1', 8), e, parseUnits('70000', 18));

    const chain: ChainConfig = {
      id: CHAIN_ID, name: 'Test', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18, factory: getAddress(stack.factory),
      router02: getAddress(stack.router02), weth: getAddress(stack.weth), stablecoins: [getAddress(b)], startBlock: 0, blockTimeSec: 1, tokens: [],
    };
    // No periodic full reload during the run, so a repaired reorg can only come from the per-poll check.
    follower = new ChainFollower(chain, { pollMs: 100, rpcTimeoutMs: 500, staleAfterMs: 3_000, fullReloadMs: 3_600_000 });
    follower.start();
    await follower.ready(10_000);
  });

  afterAll(async () => {
    await follower?.stop();
    await anvil?.stop();
  });

  it('loads every pool of the factory with its reserves', () => {
    const graph = follower.snapshot();
    expect(graph.topology.pools).toHaveLength(5);
    expect(graph.states.every((_, i) => { const [r0, r1] = reservesOf(graph, i) ?? [0n, 0n]; return r0 > 0n && r1 > 0n; })).toBe(true);
  });

  it('quotes exactly what Router02.getAmountsOut says, for random amounts and pairs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.bigInt(1n, 10n ** 24n), async (i, o, amount) => {
        fc.pre(i !== o);
        const tokenIn = tokens[i] as Address;
        const tokenOut = tokens[o] as Address;
        const graph = follower.snapshot();
        let quote;
        try {
          quote = quoteExactIn(graph, { tokenIn, tokenOut, amountIn: amount, feeBps: 0, maxLegs: 1 });
        } catch (error: unknown) {
          // Dust: the pools must agree that nothing comes out.
          expect(error).toMatchObject({ type: 'AMOUNT_TOO_SMALL' });
          return;
        }
        const amounts = await c.publicClient.readContract({
          address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [amount, [...singlePath(quote)]], blockNumber: graph.blockNumber,
        });
        expect(amounts[amounts.length - 1]).toBe(quote.amountOut);
      }),
      { numRuns: 120 },
    );
  });

  it('quotes exactly what a real swap delivers, and follows the Sync it causes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.bigInt(10n ** 3n, 10n ** 20n), async (i, o, amount) => {
        fc.pre(i !== o);
        const tokenIn = tokens[i] as Address;
        const tokenOut = tokens[o] as Address;
        const quote = attempt(() => quoteExactIn(follower.snapshot(), { tokenIn, tokenOut, amountIn: amount, feeBps: 0, maxLegs: 1 }));
        fc.pre(quote !== undefined);
        if (!quote) return;
        const trader = devAccount(TRADER).address;
        const balance = () => c.publicClient.readContract({ address: tokenOut, abi: testERC20Abi, functionName: 'balanceOf', args: [trader] });
        const before = await balance();
        const hash = await c.wallet(TRADER).writeContract({
          address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
          args: [amount, quote.amountOut, [...singlePath(quote)], trader, 2n ** 40n], account: devAccount(TRADER), chain: c.chain,
          // Explicit gas: an estimate made at the previous block's timestamp skips the pools' price-accumulator writes.
          gas: 1_000_000n,
        });
        const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
        expect(receipt.status).toBe('success');
        expect((await balance()) - before).toBe(quote.amountOut);
        // The follower catches the Syncs: its reserves of the route's pools equal the chain's.
        await until(() => (follower.health().blockNumber ?? 0n) >= receipt.blockNumber ? true : undefined);
        const graph = follower.snapshot();
        const hops = quote.legs.flatMap((leg) => leg.hops);
        const onChain = await readReserves(c.publicClient, hops.map((h) => h.pool), receipt.blockNumber);
        for (const hop of hops) {
          const i = graph.topology.poolIndex.get(hop.pool) ?? -1;
          expect(reservesOf(graph, i)).toEqual(onChain.get(hop.pool));
        }
      }),
      { numRuns: 12 },
    );
  });

  it('picks up a pool created after it started', async () => {
    const a = tokens[1] as Address;
    const f = getAddress(await deployToken(c, 'Foxtrot', 'FFF', 18));
    await mint(c, f, devAccount(0).address, 10n ** 30n);
    await approve(c, 0, f, stack.router02);
    expect(() => quoteExactIn(follower.snapshot(), { tokenIn: a, tokenOut: f, amountIn: 10n ** 18n, feeBps: 0 })).toThrow(/has no pool/);
    const direct = getAddress(await addLiquidity(c, stack, 0, a, parseUnits('1000', 18), f, parseUnits('50000', 18)));
    const quote = await until(() => attempt(() => quoteExactIn(follower.snapshot(), { tokenIn: a, tokenOut: f, amountIn: 10n ** 18n, feeBps: 0 })));
    expect(quote.legs.flatMap((leg) => leg.hops.map((h) => h.pool))).toEqual([direct]);
  });

  it('repairs a reorg at its next poll: same height, one block and several blocks past the dropped one', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    const [weth, , usd] = tokens as [Address, Address, Address];
    // The direct pool, which the swaps below go through (the engine's best route may be a longer one).
    const pool = follower.snapshot().topology.pools.find((p) => [p.token0, p.token1].includes(weth) && [p.token0, p.token1].includes(usd))?.address as Address;
    const trader = devAccount(TRADER).address;
    const swap = async (amount: bigint) => {
      const hash = await c.wallet(TRADER).writeContract({
        address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
        args: [amount, 0n, [weth, usd], trader, 2n ** 40n], account: devAccount(TRADER), chain: c.chain, gas: 1_000_000n,
      });
      return (await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).blockNumber;
    };
    const followed = () => {
      const graph = follower.snapshot();
      return reservesOf(graph, graph.topology.poolIndex.get(pool) ?? -1);
    };
    const onChain = async () => (await readReserves(c.publicClient, [pool])).get(pool);

    for (const extraBlocks of [0, 1, 3]) {
      const snapshot = await test.snapshot();
      const dropped = await swap(parseUnits('3', 18));
      await until(() => (follower.health().blockNumber === dropped ? true : undefined));
      expect(followed()).toEqual(await onChain());
      // Switch forks while the follower is not polling, so it never sees the chain shorter than its graph.
      await follower.stop();
      let expected;
      try {
        await test.revert({ id: snapshot });
        expect(await swap(parseUnits('1', 18))).toBe(dropped);
        if (extraBlocks > 0) await test.mine({ blocks: extraBlocks });
        expected = await onChain();
        expect(expected).not.toEqual(followed());
      } finally {
        follower.start();
      }
      await until(() => {
        const reserves = attempt(followed);
        return reserves?.[0] === expected?.[0] && reserves?.[1] === expected?.[1] ? true : undefined;
      }, 5_000);
    }
  });

  describe('new heads by WebSocket subscription', () => {
    const wethUsd = () => [tokens[0], tokens[2]] as [Address, Address];
    const swapWethUsd = async () => {
      const hash = await c.wallet(TRADER).writeContract({
        address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
        args: [parseUnits('0.5', 18), 0n, wethUsd(), devAccount(TRADER).address, 2n ** 40n], account: devAccount(TRADER), chain: c.chain, gas: 1_000_000n,
      });
      return c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    };
    /** The follower's quote at its snapshot equals what the pools pay at the swap's block. */
    const quotesBlock = async (f: ChainFollower, blockNumber: bigint) => {
      const graph = f.snapshot();
      expect(graph.blockNumber).toBeGreaterThanOrEqual(blockNumber);
      const [weth, usd] = wethUsd();
      const quote = quoteExactIn(graph, { tokenIn: weth, tokenOut: usd, amountIn: 10n ** 18n, feeBps: 0, maxLegs: 1 });
      const amounts = await c.publicClient.readContract({
        address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [10n ** 18n, [...singlePath(quote)]], blockNumber: graph.blockNumber,
      });
      expect(quote.amountOut).toBe(amounts[amounts.length - 1]);
    };
    const chainOf = (f: ChainFollower) => f.chain;

    it('a swap mined is in the next quote at once, with no poll due for a minute', async () => {
      const wsFollower = new ChainFollower(chainOf(follower), {
        pollMs: 60_000, rpcTimeoutMs: 500, staleAfterMs: 120_000, fullReloadMs: 3_600_000, wsUrl: anvil.rpcUrl.replace(/^http/, 'ws'),
      });
      wsFollower.start();
      try {
        await wsFollower.ready(10_000);
        await until(() => (wsFollower.subscribed() ? true : undefined));
        for (let i = 0; i < 5; i++) {
          const receipt = await swapWethUsd();
          // Only the subscription can bring this block in: the next poll is a minute away.
          await until(() => ((wsFollower.health().blockNumber ?? 0n) >= receipt.blockNumber ? true : undefined), 5_000);
          await quotesBlock(wsFollower, receipt.blockNumber);
        }
      } finally {
        await wsFollower.stop();
      }
    });

    it('with the WebSocket cut, the poller keeps quotes current; the subscription comes back when it can', async () => {
      // A TCP relay in front of anvil's WebSocket that the test can cut and restore (HTTP goes to anvil directly).
      const sockets = new Set<Socket>();
      const relay = () =>
        createServer((client) => {
          const upstream = connect(anvil.port, '127.0.0.1');
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
      let server = relay();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      const polled = new ChainFollower(chainOf(follower), {
        pollMs: 200, rpcTimeoutMs: 500, staleAfterMs: 5_000, fullReloadMs: 3_600_000, wsUrl: `ws://127.0.0.1:${port}`,
      });
      polled.start();
      try {
        await polled.ready(10_000);
        await until(() => (polled.subscribed() ? true : undefined));
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const s of sockets) s.destroy();
        await closed;
        await until(() => (polled.subscribed() ? undefined : true));
        for (let i = 0; i < 3; i++) {
          const receipt = await swapWethUsd();
          await until(() => ((polled.health().blockNumber ?? 0n) >= receipt.blockNumber ? true : undefined), 5_000);
          await quotesBlock(polled, receipt.blockNumber);
          expect(polled.subscribed()).toBe(false);
        }
        server = relay();
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        await until(() => (polled.subscribed() ? true : undefined), 20_000);
      } finally {
        await polled.stop();
        for (const s of sockets) s.destroy();
        server.close();
      }
    });
  });

  it('ends the wait for a first load as soon as that load fails: a chain that never answered does not hold a request for the whole wait', async () => {
    const dead = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    const cold = new ChainFollower({ ...follower.chain, rpcUrl: `http://127.0.0.1:${port}` }, { pollMs: 100, rpcTimeoutMs: 500, staleAfterMs: 3_000, fullReloadMs: 3_600_000 });
    cold.start();
    try {
      // The wait allows a minute; before, it lasted the whole minute (past the test's timeout).
      await cold.ready(60_000);
      expect(() => cold.snapshot()).toThrow(/is not answering right now/);
    } finally {
      await cold.stop();
      dead.close();
    }
  });

  it('answers CHAIN_UNAVAILABLE without hanging when the RPC dies, and recovers when it returns', async () => {
    const state = await c.publicClient.request({ method: 'anvil_dumpState' as 'eth_chainId' });
    const port = anvil.port;
    await anvil.stop();
    const error = await until(() => {
      try {
        follower.snapshot();
        return undefined;
      } catch (e: unknown) {
        return e;
      }
    }, 15_000);
    expect(error).toMatchObject({ type: 'CHAIN_UNAVAILABLE', details: expect.objectContaining({ retry_after_sec: expect.any(Number) }) });
    const started = Date.now();
    await expect(follower.latest([])).rejects.toMatchObject({ type: 'CHAIN_UNAVAILABLE' });
    // No hang: a stale chain answers at once rather than after an RPC timeout (generous bound for a loaded machine).
    expect(Date.now() - started).toBeLessThan(5_000);

    anvil = await startAnvil({ chainId: CHAIN_ID, port });
    await c.publicClient.request({ method: 'anvil_loadState' as 'eth_chainId', params: [state] as unknown as undefined });
    const graph = await until(() => attempt(() => follower.snapshot()), 20_000);
    expect(graph.topology.pools).toHaveLength(6);
    const quote = quoteExactIn(graph, { tokenIn: tokens[0] as Address, tokenOut: tokens[2] as Address, amountIn: 10n ** 18n, feeBps: 0 });
    expect(quote.amountOut).toBeGreaterThan(0n);
  });
});

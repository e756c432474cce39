import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAbiItem, zeroAddress, type Address } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { parseChains } from '@/lib/chains/loadChains';
import { devAccount, devClients, type DevClients } from './deployUniswap';
import { ACCOUNT_ROLES, DEVNET_CHAINS, DEV_ACCOUNT_COUNT } from './devnetMarkets';
import { devnetQuoteSigner } from './ensureSwapRouter';
import { startDevnet, type Devnet, type DevnetChain } from './startDevnet';

const HISTORY = { days: 3, swapsPerPair: 12 };
const swapEvent = getAbiItem({ abi: uniswapV2PairAbi, name: 'Swap' });

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tokenAddress(chain: DevnetChain, symbol: string): Address {
  const token = chain.record.tokens.find((t) => t.symbol === symbol);
  if (!token) throw new Error(`${symbol} missing on chain ${chain.id}`);
  return token.address;
}

async function swapLogs(c: DevClients, pool: Address) {
  return c.publicClient.getLogs({ address: pool, event: swapEvent, fromBlock: 0n, toBlock: 'latest' });
}

describe('startDevnet', () => {
  let dataDir: string;
  let first: Devnet;
  let second: Devnet | undefined;
  const clients = (chain: DevnetChain) => devClients(chain.id, chain.rpcUrl);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-devnet-'));
    first = await startDevnet({ dataDir, ports: 'free', history: HISTORY, activity: false });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs both chains with funded pools, and the multi-hop pair has no direct pool', async () => {
    expect(first.chains.map((c) => c.id)).toEqual([31337, 31338]);
    for (const chain of first.chains) {
      const c = clients(chain);
      expect(await c.publicClient.getChainId()).toBe(chain.id);
      const spec = DEVNET_CHAINS.find((s) => s.id === chain.id);
      expect(chain.record.pools.length).toBeGreaterThanOrEqual(6);
      for (const pool of chain.record.pools) {
        const [r0, r1] = await c.publicClient.readContract({ address: pool.address, abi: uniswapV2PairAbi, functionName: 'getReserves' });
        expect(r0).toBeGreaterThan(0n);
        expect(r1).toBeGreaterThan(0n);
      }
      const [a, b] = spec?.multiHopOnly ?? ['', ''];
      const direct = await c.publicClient.readContract({
        address: chain.record.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [tokenAddress(chain, a), tokenAddress(chain, b)],
      });
      expect(direct).toBe(zeroAddress);
    }
  });

  it('gives every pool its swaps spread over the requested days, the last within minutes of now', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const chain of first.chains) {
      const c = clients(chain);
      for (const pool of chain.record.pools) {
        const logs = await swapLogs(c, pool.address);
        expect(logs).toHaveLength(HISTORY.swapsPerPair);
        const firstBlock = await c.publicClient.getBlock({ blockNumber: logs[0]?.blockNumber ?? 0n });
        const lastBlock = await c.publicClient.getBlock({ blockNumber: logs.at(-1)?.blockNumber ?? 0n });
        expect(Number(firstBlock.timestamp)).toBeGreaterThanOrEqual(now - HISTORY.days * 86_400 - 300);
        expect(Number(lastBlock.timestamp - firstBlock.timestamp)).toBeGreaterThan(HISTORY.days * 86_400 * 0.5);
        expect(Number(lastBlock.timestamp)).toBeGreaterThan(now - 5 * 60);
      }
      // The chain is back on the wall clock for live blocks.
      const latest = await c.publicClient.getBlock();
      expect(Math.abs(Number(latest.timestamp) - now)).toBeLessThan(5 * 60);
    }
  });

  it('deploys SwapRouter on each chain, signed for by the app\'s quote signer, paying fees to account #8', async () => {
    const signer = devnetQuoteSigner(dataDir);
    for (const chain of first.chains) {
      const c = clients(chain);
      const router = chain.record.swapRouter;
      if (!router) throw new Error(`no SwapRouter on chain ${chain.id}`);
      expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'quoteSigner' })).toBe(signer);
      expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'feeRecipient' })).toBe(devAccount(ACCOUNT_ROLES.feeRecipient).address);
    }
  });

  it('funds all ten dev accounts with native coin and every token', async () => {
    for (const chain of first.chains) {
      const c = clients(chain);
      for (let i = 0; i < DEV_ACCOUNT_COUNT; i++) {
        const account = devAccount(i).address;
        expect(await c.publicClient.getBalance({ address: account })).toBeGreaterThan(0n);
        for (const token of chain.record.tokens) {
          const balance = await c.publicClient.readContract({ address: token.address, abi: testERC20Abi, functionName: 'balanceOf', args: [account] });
          expect(balance, `${token.symbol} of #${i} on ${chain.id}`).toBeGreaterThan(0n);
        }
      }
    }
  });

  it('writes a chain registry the app can load, with the stablecoins and the factory deployment block', async () => {
    const chains = parseChains(JSON.parse(readFileSync(first.registryFile, 'utf8')));
    expect(chains.map((c) => [c.id, c.name, c.rpcUrl])).toEqual(first.chains.map((c) => [c.id, c.name, c.rpcUrl]));
    for (const config of chains) {
      const chain = first.chains.find((c) => c.id === config.id);
      if (!chain) throw new Error(`chain ${config.id} not running`);
      expect(config.stablecoins).toEqual([tokenAddress(chain, 'USDC'), tokenAddress(chain, 'DAI')]);
      expect(config.swapRouter).toBe(chain.record.swapRouter);
      expect(config.tokens.find((t) => t.symbol === 'USDC')?.decimals).toBe(6);
      expect(config.tokens.find((t) => t.symbol === 'WBTC')?.decimals).toBe(8);
      expect(config.tokens.map((t) => t.symbol)).toContain('WETH');
      const c = clients(chain);
      expect(await c.publicClient.getCode({ address: config.factory, blockNumber: BigInt(config.startBlock) })).toMatch(/^0x[0-9a-f]{10,}/);
      expect(await c.publicClient.getCode({ address: config.factory, blockNumber: BigInt(config.startBlock - 1) })).toBeUndefined();
    }
  });

  it('restarts from the data folder without deploying again, keeps the chain, rotates the quote signer, trades live, and leaves no process', async () => {
    const before = await Promise.all(first.chains.map(async (chain) => ({
      block: await clients(chain).publicClient.getBlockNumber(),
      swaps: (await swapLogs(clients(chain), chain.record.pools[0]?.address ?? zeroAddress)).length,
    })));
    const pids = first.chains.map((c) => c.anvil.process.pid);
    await first.stop();
    expect(pids.filter(alive)).toEqual([]);

    // A new quote signer (QUOTE_SIGNER_KEY changed) is set on the existing SwapRouter rather than redeploying it.
    const rotatedSigner = devAccount(5).address;
    second = await startDevnet({ dataDir, ports: 'free', history: HISTORY, activity: { intervalMs: [50, 100] }, quoteSigner: rotatedSigner });
    expect(second.chains.map((c) => c.fresh)).toEqual([false, false]);
    expect(second.chains.map((c) => c.record)).toEqual(first.chains.map((c) => c.record));
    for (const [i, chain] of second.chains.entries()) {
      const c = clients(chain);
      const router = chain.record.swapRouter ?? zeroAddress;
      expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'quoteSigner' })).toBe(rotatedSigner);
      expect(await c.publicClient.getBlockNumber()).toBeGreaterThanOrEqual(before[i]?.block ?? 0n);
      const pools = chain.record.pools.map((p) => p.address);
      const countSwaps = async () => (await Promise.all(pools.map((p) => swapLogs(c, p)))).reduce((n, logs) => n + logs.length, 0);
      const historical = await countSwaps();
      expect(historical).toBeGreaterThanOrEqual(HISTORY.swapsPerPair * pools.length);
      // The activity loop adds swaps on top of the history.
      const deadline = Date.now() + 10_000;
      while ((await countSwaps()) === historical && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await countSwaps()).toBeGreaterThan(historical);
    }
    const secondPids = second.chains.map((c) => c.anvil.process.pid);
    await second.stop();
    expect(secondPids.filter(alive)).toEqual([]);
  });
});

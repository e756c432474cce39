import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWalletClient, encodeAbiParameters, encodeFunctionData, getAbiItem, getContractAddress, http, keccak256, maxUint256, parseEther, parseEventLogs,
  zeroAddress, type Address, type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import { nonfungiblePositionManagerAbi } from '@/contracts/generated/nonfungiblePositionManager';
import { quoterV2Abi } from '@/contracts/generated/quoterV2';
import { uniswapV3FactoryAbi } from '@/contracts/generated/uniswapV3Factory';
import { uniswapV3PoolAbi, uniswapV3PoolBytecode } from '@/contracts/generated/uniswapV3Pool';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { ATTESTER_KEY_FILE } from '@/lib/contracts/attesterAccount';
import { ATTESTATION_KIND, signAttestation } from '@/lib/contracts/attestation';
import { encodeOpenCalldata, fillOrderOf, ORDER_STATUS, relayerFeeOf, signCrossChainQuote, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { configuredKey, QUOTE_SIGNER_KEY_FILE } from '@/lib/contracts/quoteSigner';
import { RELAYER_KEY_FILE } from '@/lib/contracts/relayerAccount';
import { parseChains } from '@/lib/chains/loadChains';
import { devAccount, devClients, devnetChain, POLLING_MS, type DevClients } from './deployUniswap';
import { ACCOUNT_ROLES, DEVNET_CHAINS, DEV_ACCOUNT_COUNT, TOKENS } from './devnetMarkets';
import { readDevnetRecord, writeDevnetRecord } from './devnetRecord';
import { DESTINATION_SETTLER_BUILD, RELAYER_BRIDGE_FUNDING_WHOLE, RELAYER_NATIVE_FUNDING } from './ensureCrossChain';
import { devnetAttester, devnetQuoteSigner, devnetRelayer, SWAP_ROUTER_BUILD } from './ensureSwapRouter';
import { startDevnet, type Devnet, type DevnetChain } from './startDevnet';
import { RANGE_SHAPES } from './v3Positions';
import { waitMined } from './waitMined';

const HISTORY = { days: 3, swapsPerPair: 12 };
const TOKEN_USD: Record<string, number> = Object.fromEntries(Object.values(TOKENS).map((t) => [t.symbol, t.usd]));
const swapEvent = getAbiItem({ abi: uniswapV2PairAbi, name: 'Swap' });
const v3SwapEvent = getAbiItem({ abi: uniswapV3PoolAbi, name: 'Swap' });
const v3InitializeEvent = getAbiItem({ abi: uniswapV3PoolAbi, name: 'Initialize' });
/** The init code hash every V3 pool address derives from (the constant @uniswap/v3-sdk and Swapdesk's router use). */
const V3_POOL_INIT_CODE_HASH = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

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
  let third: Devnet | undefined;
  /** The relayer's USDC per chain after the cross-chain order test: later starts must not top it up again. */
  const relayerUsdcAfterOrder = new Map<number, bigint>();
  const clients = (chain: DevnetChain) => devClients(chain.id, chain.rpcUrl);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-devnet-'));
    first = await startDevnet({ dataDir, ports: 'free', history: HISTORY, activity: false });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await third?.stop();
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
      for (const fee of [100, 500, 3000, 10000]) {
        const v3 = await c.publicClient.readContract({
          address: chain.record.uniswapV3.factory, abi: uniswapV3FactoryAbi, functionName: 'getPool', args: [tokenAddress(chain, a), tokenAddress(chain, b), fee],
        });
        expect(v3, `${a}/${b} ${fee} on V3`).toBe(zeroAddress);
      }
    }
  });

  it('deploys Uniswap V3 from the npm artifacts with the 0.01/0.05/0.3/1 % tiers, pools at the derived addresses of that init code hash', async () => {
    expect(keccak256(uniswapV3PoolBytecode)).toBe(V3_POOL_INIT_CODE_HASH);
    for (const chain of first.chains) {
      const c = clients(chain);
      const { factory } = chain.record.uniswapV3;
      for (const [fee, spacing] of [[100, 1], [500, 10], [3000, 60], [10000, 200]] as const) {
        expect(await c.publicClient.readContract({ address: factory, abi: uniswapV3FactoryAbi, functionName: 'feeAmountTickSpacing', args: [fee] })).toBe(spacing);
      }
      for (const pool of chain.record.v3Pools) {
        const [base, quote] = [tokenAddress(chain, pool.base), tokenAddress(chain, pool.quote)];
        const [token0, token1] = BigInt(base) < BigInt(quote) ? [base, quote] : [quote, base];
        const derived = getContractAddress({
          opcode: 'CREATE2', from: factory, bytecodeHash: V3_POOL_INIT_CODE_HASH,
          salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [token0, token1, pool.fee])),
        });
        expect(derived).toBe(pool.address);
        expect(await c.publicClient.readContract({ address: factory, abi: uniswapV3FactoryAbi, functionName: 'getPool', args: [base, quote, pool.fee] })).toBe(pool.address);
        expect(await c.publicClient.readContract({ address: pool.address, abi: uniswapV3PoolAbi, functionName: 'liquidity' })).toBeGreaterThan(0n);
      }
    }
  });

  it('mixes the sources: pairs on V2 and V3 at slightly different prices, pairs only on V3, a pair on two V3 fee tiers', async () => {
    for (const chain of first.chains) {
      const c = clients(chain);
      const key = (p: { base: string; quote: string }) => `${p.base}/${p.quote}`;
      const v2 = new Set(chain.record.pools.map(key));
      const v3 = chain.record.v3Pools.map(key);
      expect(v3.filter((k) => !v2.has(k)).length, 'pairs only on V3').toBeGreaterThanOrEqual(2);
      expect(v3.filter((k) => v2.has(k)).length, 'pairs on both').toBeGreaterThanOrEqual(5);
      expect(v3.length - new Set(v3).size, 'pairs on two fee tiers').toBeGreaterThanOrEqual(1);
      for (const pool of chain.record.v3Pools) {
        const pair = chain.record.pools.find((p) => key(p) === key(pool));
        if (!pair) continue;
        const [r0, r1] = await c.publicClient.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' });
        const [sqrtPriceX96] = await c.publicClient.readContract({ address: pool.address, abi: uniswapV3PoolAbi, functionName: 'slot0' });
        // Both in token1 per token0 base units (the pair and the pool sort their tokens the same way).
        const v2Price = Number(r1) / Number(r0);
        const v3Price = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
        expect(Math.abs(Math.log(v3Price / v2Price)), `${key(pool)} ${pool.fee}`).toBeLessThan(0.03);
        expect(v3Price).not.toBe(v2Price);
      }
    }
  });

  it('puts V3 liquidity in several ranges, some out of range, so a large order crosses ticks and a small one does not', async () => {
    for (const chain of first.chains) {
      const c = clients(chain);
      const { positionManager, quoter } = chain.record.uniswapV3;
      const deployer = devAccount(ACCOUNT_ROLES.deployer).address;
      const count = Number(await c.publicClient.readContract({ address: positionManager, abi: nonfungiblePositionManagerAbi, functionName: 'balanceOf', args: [deployer] }));
      const positions = await Promise.all(Array.from({ length: count }, (_, i) => c.publicClient.readContract({
        address: positionManager, abi: nonfungiblePositionManagerAbi, functionName: 'positions', args: [BigInt(i + 1)],
      })));
      for (const pool of chain.record.v3Pools) {
        const [base, quote] = [tokenAddress(chain, pool.base), tokenAddress(chain, pool.quote)];
        const [token0, token1] = BigInt(base) < BigInt(quote) ? [base, quote] : [quote, base];
        const mine = positions.filter((p) => p[2] === token0 && p[3] === token1 && p[4] === pool.fee && p[7] > 0n);
        expect(mine.length, `positions of ${pool.base}/${pool.quote} ${pool.fee}`).toBe(RANGE_SHAPES.volatile.length);
        const [init] = await c.publicClient.getLogs({ address: pool.address, event: v3InitializeEvent, fromBlock: 0n });
        const startTick = init?.args.tick ?? 0;
        expect(mine.some((p) => p[5] > startTick), 'a range above the start price').toBe(true);
        expect(mine.some((p) => p[6] <= startTick), 'a range below the start price').toBe(true);
        expect(mine.some((p) => p[5] <= startTick && p[6] > startTick), 'a range around it').toBe(true);
        const tvlUsd = DEVNET_CHAINS.find((s) => s.id === chain.id)?.v3Pools.find((p) => p.base === pool.base && p.quote === pool.quote && p.fee === pool.fee)?.tvlUsd ?? 0;
        // Initialized ticks an order crosses: the position edges strictly between the price before and after it.
        const edges = mine.flatMap((p) => [p[5], p[6]]).map((tick) => Math.sqrt(1.0001 ** tick) * 2 ** 96);
        const [sqrtBefore] = await c.publicClient.readContract({ address: pool.address, abi: uniswapV3PoolAbi, functionName: 'slot0' });
        const ticksCrossed = async (share: number) => {
          const amountIn = BigInt(Math.floor((share * tvlUsd / (TOKEN_USD[pool.quote] ?? 1)) * 10 ** (chain.record.tokens.find((t) => t.symbol === pool.quote)?.decimals ?? 18)));
          const { result } = await c.publicClient.simulateContract({
            address: quoter, abi: quoterV2Abi, functionName: 'quoteExactInputSingle',
            args: [{ tokenIn: quote, tokenOut: base, amountIn, fee: pool.fee, sqrtPriceLimitX96: 0n }],
          });
          const [low, high] = [Number(sqrtBefore), Number(result[1])].sort((x, y) => x - y);
          return edges.filter((edge) => edge > (low ?? 0) && edge < (high ?? 0)).length;
        };
        expect(await ticksCrossed(0.00001), `an order of 0.001 % of ${pool.base}/${pool.quote} ${pool.fee}'s value`).toBe(0);
        expect(await ticksCrossed(0.25), `an order of 25 % of ${pool.base}/${pool.quote} ${pool.fee}'s value`).toBeGreaterThanOrEqual(1);
      }
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
      for (const pool of chain.record.v3Pools) {
        const logs = await c.publicClient.getLogs({ address: pool.address, event: v3SwapEvent, fromBlock: 0n, toBlock: 'latest' });
        expect(logs, `${pool.base}/${pool.quote} ${pool.fee}`).toHaveLength(HISTORY.swapsPerPair);
        const lastBlock = await c.publicClient.getBlock({ blockNumber: logs.at(-1)?.blockNumber ?? 0n });
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
      expect([config.v3Factory, config.v3Quoter, config.v3PositionManager]).toEqual([
        chain.record.uniswapV3.factory, chain.record.uniswapV3.quoter, chain.record.uniswapV3.positionManager,
      ]);
      expect(config.tokens.find((t) => t.symbol === 'USDC')?.decimals).toBe(6);
      expect(config.tokens.find((t) => t.symbol === 'WBTC')?.decimals).toBe(8);
      expect(config.tokens.map((t) => t.symbol)).toContain('WETH');
      const c = clients(chain);
      expect(await c.publicClient.getCode({ address: config.factory, blockNumber: BigInt(config.startBlock) })).toMatch(/^0x[0-9a-f]{10,}/);
      expect(await c.publicClient.getCode({ address: config.factory, blockNumber: BigInt(config.startBlock - 1) })).toBeUndefined();
    }
  });

  it('deploys the cross-chain side: one DestinationSettler address on both chains, the attester, a funded relayer approving the settler', async () => {
    const [a, b] = first.chains;
    if (!a || !b) throw new Error('two chains expected');
    // The addresses README's table gives: deterministic on a fresh devnet, the same on both chains.
    expect([a.record.swapRouter, a.record.destinationSettler]).toEqual(['0xeF31027350Be2c7439C1b0BE022d49421488b72C', '0x12Bcb546bC60fF39F1Adfc7cE4605d5Bd6a6A876']);
    expect([b.record.swapRouter, b.record.destinationSettler]).toEqual([a.record.swapRouter, a.record.destinationSettler]);
    expect(a.record.uniswapV3).toEqual({
      factory: '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6',
      positionManager: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
      quoter: '0x610178dA211FEF7D417bC0e6FeD39F05609AD788',
      router: '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e',
    });
    expect(b.record.uniswapV3).toEqual(a.record.uniswapV3);
    const relayer = devnetRelayer(dataDir);
    const registry = parseChains(JSON.parse(readFileSync(first.registryFile, 'utf8')));
    for (const chain of first.chains) {
      const c = clients(chain);
      const usdc = tokenAddress(chain, 'USDC');
      expect(chain.record).toMatchObject({ bridgeToken: usdc, relayer, attester: devnetAttester(dataDir) });
      expect(registry.find((r) => r.id === chain.id)).toMatchObject({ destinationSettler: chain.record.destinationSettler, bridgeToken: usdc, relayer });
      const router = chain.record.swapRouter ?? zeroAddress;
      const settler = chain.record.destinationSettler ?? zeroAddress;
      expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'attester' })).toBe(devnetAttester(dataDir));
      expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'REFUND_GRACE_SEC' })).toBe(86_400n);
      expect(await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'balanceOf', args: [relayer] })).toBe(RELAYER_BRIDGE_FUNDING_WHOLE * 10n ** 6n);
      expect(await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'allowance', args: [relayer, settler] })).toBe(maxUint256);
      const native = await c.publicClient.getBalance({ address: relayer });
      // 100 ETH less the gas of its one approval.
      expect(native).toBeLessThan(RELAYER_NATIVE_FUNDING);
      expect(native).toBeGreaterThan(RELAYER_NATIVE_FUNDING - parseEther('0.01'));
    }
  });

  it('opens an ETH → ETH order on Devnet A and fills it on Devnet B through the lib/contracts mirror, then settles it', async () => {
    const [a, b] = first.chains;
    if (!a || !b) throw new Error('two chains expected');
    const [ca, cb] = [clients(a), clients(b)];
    const key = (file: string) => configuredKey(undefined, dataDir, file) as Hex;
    const [signer, attesterKey, relayer] = [privateKeyToAccount(key(QUOTE_SIGNER_KEY_FILE)), key(ATTESTER_KEY_FILE), privateKeyToAccount(key(RELAYER_KEY_FILE))];
    const router = a.record.swapRouter ?? zeroAddress;
    const settler = b.record.destinationSettler ?? zeroAddress;
    const trader = devAccount(1);
    const recipient = devAccount(2).address;
    const amountsOut = async (c: DevClients, chain: DevnetChain, amount: bigint, path: Address[]) => {
      const out = await c.publicClient.readContract({ address: chain.record.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [amount, path] });
      return out[out.length - 1] ?? 0n;
    };
    const amountIn = parseEther('1');
    const feeAmount = amountIn / 500n;
    const srcPath = [a.record.weth, tokenAddress(a, 'USDC')];
    const minBridgeAmount = await amountsOut(ca, a, amountIn - feeAmount, srcPath);
    const [relayerFeeBps, relayerGasFee] = [10, 500_000n];
    const dstBridgeAmount = minBridgeAmount - relayerFeeOf(minBridgeAmount, relayerFeeBps, relayerGasFee);
    const dstPath = [tokenAddress(b, 'USDC'), b.record.weth];
    const now = (await ca.publicClient.getBlock()).timestamp;
    const quote: CrossChainQuote = {
      quoteId: `0x${'c1'.repeat(32)}`, sender: trader.address, recipient, tokenIn: zeroAddress, amountIn, feeAmount,
      srcLegs: [{ amountIn: amountIn - feeAmount, path: srcPath }], bridgeAmount: minBridgeAmount, minBridgeAmount, relayerFeeBps, relayerGasFee,
      srcChainId: BigInt(a.id), dstChainId: BigInt(b.id),
      dstSettler: settler, dstBridgeToken: tokenAddress(b, 'USDC'), dstBridgeAmount, tokenOut: zeroAddress,
      minAmountOut: await amountsOut(cb, b, dstBridgeAmount, dstPath), dstLegs: [{ amountIn: dstBridgeAmount, path: dstPath }],
      fillDeadline: Number(now) + 600, deadline: now + 120n, exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
    };
    const signature = await signCrossChainQuote(signer, a.id, router, quote);
    const openHash = await ca.wallet(1).sendTransaction({ to: router, data: encodeOpenCalldata(quote, signature), value: amountIn, gas: 1_000_000n, account: trader, chain: ca.chain });
    const opened = await waitMined(ca.publicClient, openHash);
    expect(opened.status).toBe('success');
    const { orderId, originData } = fillOrderOf(quote, router);
    const [open] = parseEventLogs({ abi: swapRouterAbi, eventName: 'Open', logs: opened.logs });
    const [escrowed] = parseEventLogs({ abi: swapRouterAbi, eventName: 'OrderEscrowed', logs: opened.logs });
    expect(open?.args.orderId).toBe(orderId);
    expect(open?.args.resolvedOrder.fillInstructions[0]?.originData).toBe(originData);
    expect(escrowed?.args.amount).toBe(minBridgeAmount); // nothing else traded in between

    const relayerWallet = (chain: DevnetChain) => createWalletClient({ account: relayer, chain: devnetChain(chain.id, chain.rpcUrl), transport: http(chain.rpcUrl), pollingInterval: POLLING_MS });
    const before = await cb.publicClient.getBalance({ address: recipient });
    const fillHash = await relayerWallet(b).sendTransaction({ to: settler, data: encodeFunctionData({ abi: destinationSettlerAbi, functionName: 'fill', args: [orderId, originData, '0x'] }), gas: 1_000_000n });
    expect((await waitMined(cb.publicClient, fillHash)).status).toBe('success');
    const received = (await cb.publicClient.getBalance({ address: recipient })) - before;
    expect(received).toBe(quote.minAmountOut);
    const [filledBy, amountOut] = await cb.publicClient.readContract({ address: settler, abi: destinationSettlerAbi, functionName: 'fills', args: [orderId] });
    expect([filledBy, amountOut]).toEqual([relayer.address, received]);

    const attestation = await signAttestation({ originChainId: a.id, originSettler: router, orderId, kind: ATTESTATION_KIND.filled, relayer: relayer.address }, attesterKey);
    const usdcA = tokenAddress(a, 'USDC');
    const relayerUsdc = () => ca.publicClient.readContract({ address: usdcA, abi: testERC20Abi, functionName: 'balanceOf', args: [relayer.address] });
    const usdcBefore = await relayerUsdc();
    const settleHash = await relayerWallet(a).writeContract({ address: router, abi: swapRouterAbi, functionName: 'settle', args: [orderId, relayer.address, attestation] });
    expect((await waitMined(ca.publicClient, settleHash)).status).toBe('success');
    expect((await relayerUsdc()) - usdcBefore).toBe(escrowed?.args.amount);
    expect(await ca.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'orderStatus', args: [orderId] })).toBe(ORDER_STATUS.settled);
    for (const chain of [a, b]) {
      relayerUsdcAfterOrder.set(chain.id, await clients(chain).publicClient.readContract({ address: tokenAddress(chain, 'USDC'), abi: testERC20Abi, functionName: 'balanceOf', args: [relayer.address] }));
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

  it('replaces a SwapRouter and DestinationSettler built from older sources, keeping the chain, its attester and relayer', async () => {
    // A data folder from before a contract change: its record names other builds.
    const recordFile = path.join(dataDir, 'devnet.json');
    const record = readDevnetRecord(recordFile);
    if (!record) throw new Error('no devnet record');
    const old = `0x${'0'.repeat(64)}`;
    writeDevnetRecord(recordFile, { ...record, chains: record.chains.map((c) => ({ ...c, swapRouterBuild: old, destinationSettlerBuild: old })) });
    third = await startDevnet({ dataDir, ports: 'free', history: HISTORY, activity: false });
    expect(third.chains.map((c) => c.fresh)).toEqual([false, false]);
    const relayer = devnetRelayer(dataDir);
    for (const chain of third.chains) {
      const before = record.chains.find((c) => c.id === chain.id);
      expect(chain.record.swapRouter).not.toBe(before?.swapRouter);
      expect(chain.record.destinationSettler).not.toBe(before?.destinationSettler);
      expect(chain.record).toMatchObject({ swapRouterBuild: SWAP_ROUTER_BUILD, destinationSettlerBuild: DESTINATION_SETTLER_BUILD, relayer });
      const c = clients(chain);
      const router = chain.record.swapRouter ?? zeroAddress;
      const settler = chain.record.destinationSettler ?? zeroAddress;
      expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'attester' })).toBe(devnetAttester(dataDir));
      const usdc = tokenAddress(chain, 'USDC');
      expect(await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'allowance', args: [relayer, settler] })).toBe(maxUint256);
      // Funded once: the relayer keeps its inventory (what the order test left) instead of being topped up again.
      expect(relayerUsdcAfterOrder.get(chain.id)).toBeDefined();
      expect(await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'balanceOf', args: [relayer] })).toBe(relayerUsdcAfterOrder.get(chain.id));
    }
    const registry = parseChains(JSON.parse(readFileSync(third.registryFile, 'utf8')));
    expect(registry.map((r) => [r.swapRouter, r.destinationSettler])).toEqual(third.chains.map((c) => [c.record.swapRouter, c.record.destinationSettler]));
    await third.stop();
  });
});

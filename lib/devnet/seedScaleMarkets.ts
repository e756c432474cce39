// The `--pools N` devnet profile: on top of a chain's default market, the tokens and pools of lib/devnet/scaleMarkets.ts
// (V2 pairs through Router02, V3 pools through the position manager with the default pools' range shapes), all
// queued on the batcher and mined in a few large blocks, so 2,000 pools take seconds rather than minutes.
import { decodeFunctionData, encodeDeployData, encodeFunctionData, getAddress, getContractAddress, maxUint256, type Address } from 'viem';
import { nonfungiblePositionManagerAbi } from '@/contracts/generated/nonfungiblePositionManager';
import { testERC20Abi, testERC20Bytecode } from '@/contracts/generated/testERC20';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { weth9Abi } from '@/contracts/generated/weth9';
import type { DeployedChain } from './deployDevnetChain';
import { devAccount } from './deployUniswap';
import { ACCOUNT_ROLES } from './devnetMarkets';
import type { Rpc } from './rpc';
import { scaleMarkets } from './scaleMarkets';
import type { TxBatcher } from './txBatcher';
import { positionAmounts, RANGE_SHAPES, rangeTicks, rawPrice, sqrtPriceX96Of, V3_TICK_SPACING, type PoolSides } from './v3Positions';
import { wholeUnits } from './wholeUnits';

const GAS = { deploy: 3_000_000n, mint: 120_000n, approve: 80_000n, deposit: 80_000n, addLiquidity: 4_500_000n, createPool: 6_000_000n, position: 1_000_000n } as const;
/** Blocks this large hold a few hundred pool creations each; the chain's usual limit is restored afterwards. */
const SEED_BLOCK_GAS = 3_000_000_000n;
const DEFAULT_BLOCK_GAS = 30_000_000n;
const FAR_DEADLINE = 4_102_444_800n;
const DEPLOYS_PER_REQUEST = 40;
const CALLS_PER_SETTLE = 1_000;
const STABLES = new Set(['USDC', 'USDT', 'DAI']);

export type ScaleSeed = { tokens: number; v2Pools: number; v3Pools: number; blocks: number };

type TokenRef = { address: Address; decimals: number; usd: number; symbol: string };

const MIN_POSITION_LIQUIDITY = 1e6;

/** The liquidity `amount0` and `amount1` buy over `ticks` at raw price `raw` (the smaller side's, as the pool computes it). */
function positionLiquidity(raw: number, ticks: { tickLower: number; tickUpper: number }, amount0: bigint, amount1: bigint): number {
  const sp = Math.sqrt(raw);
  const sa = Math.sqrt(1.0001 ** ticks.tickLower);
  const sb = Math.sqrt(1.0001 ** ticks.tickUpper);
  const from0 = (a: number, lo: number) => (a * lo * sb) / (sb - lo);
  const from1 = (a: number, hi: number) => a / (hi - sa);
  if (sp <= sa) return from0(Number(amount0), sa);
  if (sp >= sb) return from1(Number(amount1), sb);
  return Math.min(from0(Number(amount0), sp), from1(Number(amount1), sp));
}

/** Settles, and on a revert names the call that reverted (its target, selector and reason, replayed at its block). */
async function settleNaming(rpc: Rpc, batcher: TxBatcher): Promise<void> {
  try {
    await batcher.settle();
  } catch (error: unknown) {
    const hash = /0x[0-9a-f]{64}/.exec(error instanceof Error ? error.message : '')?.[0];
    if (!hash) throw error;
    const tx = await rpc.call<{ to: Address; input: string; from: Address; blockNumber: string } | null>('eth_getTransactionByHash', [hash]);
    if (!tx) throw new Error(`pools profile: transaction ${hash} was dropped by the node`, { cause: error });
    const reason = await rpc.call('eth_call', [{ from: tx.from, to: tx.to, data: tx.input }, `0x${(BigInt(tx.blockNumber) - 1n).toString(16)}`]).then(() => 'no revert when replayed', (e: unknown) => (e instanceof Error ? e.message : String(e)));
    let args = '';
    try {
      args = JSON.stringify(decodeFunctionData({ abi: nonfungiblePositionManagerAbi, data: tx.input as `0x${string}` }), (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    } catch {
      args = tx.input.slice(0, 10);
    }
    throw new Error(`pools profile: a call to ${tx.to} (${args}) reverted: ${reason}`, { cause: error });
  }
}

/** Adds pools until the chain has about `poolCount` (V2 and V3 together); returns what it created. */
export async function seedScaleMarkets(options: { rpc: Rpc; batcher: TxBatcher; chain: DeployedChain; poolCount: number; onStep?: (message: string) => void }): Promise<ScaleSeed> {
  const { rpc, batcher, chain, onStep } = options;
  const extra = options.poolCount - chain.pools.length - chain.v3Pools.length;
  if (extra <= 0) return { tokens: 0, v2Pools: 0, v3Pools: 0, blocks: 0 };
  const plan = scaleMarkets(extra, chain.id);
  const deployer = devAccount(ACCOUNT_ROLES.deployer).address;
  const startBlock = Number(await rpc.call<string>('eth_blockNumber'));
  await batcher.init([deployer]);
  await rpc.call('evm_setBlockGasLimit', [`0x${SEED_BLOCK_GAS.toString(16)}`]);
  try {
    onStep?.(`deploying ${plan.tokens.length} tokens`);
    // Hubs the chain already has are used as they are; the rest are new test tokens.
    let deployedTokens = 0;
    const tokens: TokenRef[] = [];
    for (const t of plan.tokens) {
      const existing = chain.tokens.find((c) => c.symbol === t.symbol);
      if (existing) {
        tokens.push({ address: existing.address, decimals: existing.decimals, usd: t.usd, symbol: t.symbol });
        continue;
      }
      const nonce = batcher.queue({ from: deployer, data: encodeDeployData({ abi: testERC20Abi, bytecode: testERC20Bytecode, args: [`Scale ${t.symbol}`, t.symbol, t.decimals] }), gas: GAS.deploy });
      tokens.push({ address: getAddress(getContractAddress({ from: deployer, nonce: BigInt(nonce) })), decimals: t.decimals, usd: t.usd, symbol: t.symbol });
      // Deployments carry the token's bytecode: a few dozen per request keeps each request small.
      if (++deployedTokens % DEPLOYS_PER_REQUEST === 0) await batcher.flush();
    }
    await batcher.settle();

    // What every pool takes, before any of them is queued, so the deployer is funded once.
    const need = new Map<Address, bigint>();
    const take = (token: TokenRef, amount: bigint) => need.set(token.address, (need.get(token.address) ?? 0n) + amount);
    const calls: { data: `0x${string}`; to: Address; gas: bigint }[] = [];
    let v2Pools = 0;
    let v3Pools = 0;
    // A pool the default market has already (at its own price) is left as it is.
    const key = (x: string, y: string, fee: number | undefined) => `${[x, y].sort().join('/')}:${fee ?? 'v2'}`;
    const existing = new Set([...chain.pools.map((p) => key(p.base, p.quote, undefined)), ...chain.v3Pools.map((p) => key(p.base, p.quote, p.fee))]);
    for (const pool of plan.pools) {
      const [base, quote] = [tokens[pool.a], tokens[pool.b]];
      if (!base || !quote) throw new Error('a scale pool names an unknown token');
      if (existing.has(key(base.symbol, quote.symbol, pool.fee))) continue;
      const price = (base.usd / quote.usd) * (1 + pool.priceOffset);
      if (pool.source === 'uniswap_v2' || pool.fee === undefined) {
        const amountBase = wholeUnits(pool.tvlUsd / 2 / base.usd, base.decimals);
        const amountQuote = wholeUnits((pool.tvlUsd / 2 / base.usd) * price, quote.decimals);
        if (amountBase === 0n || amountQuote === 0n) continue;
        take(base, amountBase);
        take(quote, amountQuote);
        calls.push({ to: chain.router02, gas: GAS.addLiquidity, data: encodeFunctionData({ abi: uniswapV2Router02Abi, functionName: 'addLiquidity', args: [base.address, quote.address, amountBase, amountQuote, 0n, 0n, deployer, FAR_DEADLINE] }) });
        v2Pools++;
        continue;
      }
      const sides: PoolSides = { price, baseDecimals: base.decimals, quoteDecimals: quote.decimals, baseIsToken0: BigInt(base.address) < BigInt(quote.address) };
      const [token0, token1] = sides.baseIsToken0 ? [base, quote] : [quote, base];
      const raw = rawPrice(sides);
      calls.push({ to: chain.uniswapV3.positionManager, gas: GAS.createPool, data: encodeFunctionData({ abi: nonfungiblePositionManagerAbi, functionName: 'createAndInitializePoolIfNecessary', args: [token0.address, token1.address, pool.fee, sqrtPriceX96Of(raw)] }) });
      const usdPerUnit = { token0: token0.usd / 10 ** token0.decimals, token1: token1.usd / 10 ** token1.decimals };
      const shape = STABLES.has(base.symbol) && STABLES.has(quote.symbol) ? 'stable' : 'volatile';
      for (const range of RANGE_SHAPES[shape]) {
        const ticks = rangeTicks(sides, range, V3_TICK_SPACING[pool.fee]);
        const { amount0, amount1 } = positionAmounts(raw, ticks, usdPerUnit, pool.tvlUsd * range.share);
        // A pool refuses a mint of no liquidity (tiny amounts of a token whose base unit is worth much, far from the price).
        if (positionLiquidity(raw, ticks, amount0, amount1) < MIN_POSITION_LIQUIDITY) continue;
        take(token0, amount0);
        take(token1, amount1);
        calls.push({ to: chain.uniswapV3.positionManager, gas: GAS.position, data: encodeFunctionData({ abi: nonfungiblePositionManagerAbi, functionName: 'mint', args: [{
          token0: token0.address, token1: token1.address, fee: pool.fee, tickLower: ticks.tickLower, tickUpper: ticks.tickUpper,
          amount0Desired: amount0, amount1Desired: amount1, amount0Min: 0n, amount1Min: 0n, recipient: deployer, deadline: FAR_DEADLINE,
        }] }) });
      }
      v3Pools++;
    }

    onStep?.('funding the deployer');
    const weth = getAddress(chain.weth);
    const wethNeed = (need.get(weth) ?? 0n) * 2n;
    const balance = BigInt(await rpc.call<string>('eth_getBalance', [deployer, 'latest']));
    await rpc.call('anvil_setBalance', [deployer, `0x${(balance + wethNeed).toString(16)}`]);
    if (wethNeed > 0n) batcher.queue({ from: deployer, to: weth, value: wethNeed, gas: GAS.deposit, data: encodeFunctionData({ abi: weth9Abi, functionName: 'deposit' }) });
    for (const [address, amount] of need) {
      if (address === weth) continue;
      batcher.queue({ from: deployer, to: address, gas: GAS.mint, data: encodeFunctionData({ abi: testERC20Abi, functionName: 'mint', args: [deployer, amount * 2n] }) });
    }
    // The chain's own tokens are approved already; the new ones are approved here.
    for (const token of tokens) {
      if (chain.tokens.some((c) => c.address === token.address)) continue;
      for (const spender of [chain.router02, chain.uniswapV3.positionManager, chain.uniswapV3.router]) {
        batcher.queue({ from: deployer, to: token.address, gas: GAS.approve, data: encodeFunctionData({ abi: testERC20Abi, functionName: 'approve', args: [spender, maxUint256] }) });
      }
    }
    await batcher.settle();

    onStep?.(`creating ${v2Pools} V2 and ${v3Pools} V3 pools`);
    // In chunks: anvil's pool drops transactions beyond a few thousand pending.
    for (let i = 0; i < calls.length; i += CALLS_PER_SETTLE) {
      for (const call of calls.slice(i, i + CALLS_PER_SETTLE)) batcher.queue({ from: deployer, ...call });
      await settleNaming(rpc, batcher);
      onStep?.(`${Math.min(calls.length, i + CALLS_PER_SETTLE)} of ${calls.length} pool transactions mined`);
    }
    const blocks = Number(await rpc.call<string>('eth_blockNumber')) - startBlock;
    return { tokens: deployedTokens, v2Pools, v3Pools, blocks };
  } finally {
    // An empty block first: the base fee after a block far fuller than the restored limit's target would leap, and
    // transactions priced at the fee before (viem's estimates) would wait in the pool for ever.
    await batcher.mine();
    await rpc.call('evm_setBlockGasLimit', [`0x${DEFAULT_BLOCK_GAS.toString(16)}`]);
  }
}

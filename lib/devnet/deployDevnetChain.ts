// Deploys one devnet chain's market from scratch: WETH9, test tokens, the Uniswap V2 factory and Router02, Uniswap V3
// (factory, position manager, QuoterV2, its SwapRouter), funded dev accounts and seeded pools, in a handful of batched
// blocks.
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  isAddressEqual,
  maxUint256,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { testERC20Abi, testERC20Bytecode } from '@/contracts/generated/testERC20';
import { uniswapV2FactoryAbi, uniswapV2FactoryBytecode } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2Router02Abi, uniswapV2Router02Bytecode } from '@/contracts/generated/uniswapV2Router02';
import { weth9Abi, weth9Bytecode } from '@/contracts/generated/weth9';
import { devAccount } from './deployUniswap';
import { ACCOUNT_ROLES, DEV_ACCOUNT_COUNT, tokenSpec, type ChainSpec, type PoolSpec } from './devnetMarkets';
import type { Rpc } from './rpc';
import { queueUniswapV3, seedV3Pools, v3LiquidityNeed, type DeployedV3Pool, type UniswapV3Deployment } from './seedUniswapV3';
import type { TxBatcher } from './txBatcher';
import { wholeUnits } from './wholeUnits';

export type DeployedToken = { address: Address; symbol: string; name: string; decimals: number };
export type DeployedPool = { address: Address; base: string; quote: string };
export type DeployedChain = {
  id: number;
  name: string;
  weth: Address;
  factory: Address;
  router02: Address;
  swapRouter?: Address;
  startBlock: number;
  tokens: DeployedToken[];
  pools: DeployedPool[];
  uniswapV3: UniswapV3Deployment;
  v3Pools: DeployedV3Pool[];
};

const GAS = {
  deploy: 6_000_000n,
  mint: 120_000n,
  approve: 80_000n,
  deposit: 80_000n,
  addLiquidity: 4_500_000n,
} as const;
/** Trading accounts get this many times a user's allowance so 30 days of one-sided trends never drain them. */
const TRADER_FLOAT = 20;
const NATIVE_PER_ACCOUNT = parseEther('10000');
const FAR_DEADLINE = 4_102_444_800n; // 2100-01-01

const accounts = () => Array.from({ length: DEV_ACCOUNT_COUNT }, (_, i) => devAccount(i).address);

function tradingFloat(index: number): number {
  return (ACCOUNT_ROLES.traders as readonly number[]).includes(index) || index === ACCOUNT_ROLES.activity ? TRADER_FLOAT : 1;
}

/** Base units of each side of a pool at the spec's start prices (half the TVL each). */
export function poolDeposit(pool: PoolSpec): { base: bigint; quote: bigint } {
  const base = tokenSpec(pool.base);
  const quote = tokenSpec(pool.quote);
  return {
    base: wholeUnits(pool.tvlUsd / 2 / base.usd, base.decimals),
    quote: wholeUnits(pool.tvlUsd / 2 / quote.usd, quote.decimals),
  };
}

function liquidityNeed(spec: ChainSpec, symbol: string): bigint {
  let need = v3LiquidityNeed(spec, symbol);
  for (const pool of spec.pools) {
    const deposit = poolDeposit(pool);
    if (pool.base === symbol) need += deposit.base;
    if (pool.quote === symbol) need += deposit.quote;
  }
  return need;
}

/** Amount of `symbol` account `index` ends up holding (the deployer also holds what it puts in the pools). */
export function accountAllowance(spec: ChainSpec, symbol: string, index: number): bigint {
  const token = tokenSpec(symbol);
  const own = wholeUnits(token.perAccount * tradingFloat(index), token.decimals);
  return index === ACCOUNT_ROLES.deployer ? own + liquidityNeed(spec, symbol) : own;
}

export type DeployOptions = {
  rpc: Rpc;
  batcher: TxBatcher;
  spec: ChainSpec;
  /** Timestamp of the next block; omitted means anvil's clock. */
  nextTimestamp?: () => number;
  onStep?: (message: string) => void;
};

export async function deployDevnetChain({ rpc, batcher, spec, nextTimestamp, onStep }: DeployOptions): Promise<DeployedChain> {
  const all = accounts();
  const deployer = devAccount(ACCOUNT_ROLES.deployer).address;
  await rpc.call('evm_setAutomine', [false]);
  await batcher.init(all);

  onStep?.('deploying contracts');
  // Fund enough native coin to wrap every account's WETH; reset to the round figure afterwards.
  await rpc.batch(all.map((a, i) => ['anvil_setBalance', [a, `0x${(accountAllowance(spec, 'WETH', i) + NATIVE_PER_ACCOUNT).toString(16)}`]] as const));
  const deployed = (abiBytecode: Hex) => {
    const nonce = batcher.queue({ from: deployer, data: abiBytecode, gas: GAS.deploy });
    return getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  };
  const weth = deployed(encodeDeployData({ abi: weth9Abi, bytecode: weth9Bytecode }));
  const factory = deployed(encodeDeployData({ abi: uniswapV2FactoryAbi, bytecode: uniswapV2FactoryBytecode, args: [deployer] }));
  const router02 = deployed(encodeDeployData({ abi: uniswapV2Router02Abi, bytecode: uniswapV2Router02Bytecode, args: [factory, weth] }));
  const tokens: DeployedToken[] = spec.tokens.map((symbol) => {
    const t = tokenSpec(symbol);
    const address = symbol === 'WETH' ? weth : deployed(encodeDeployData({ abi: testERC20Abi, bytecode: testERC20Bytecode, args: [t.name, t.symbol, t.decimals] }));
    return { address: getAddress(address), symbol, name: t.name, decimals: t.decimals };
  });
  const deployReceipts = await batcher.settle(nextTimestamp);
  // After the tokens, so the V2 contracts and tokens keep the addresses they always had; in blocks of their own, as
  // anvil drops a transaction that does not fit the block's remaining gas.
  const uniswapV3 = queueUniswapV3(batcher, deployer, weth);
  await batcher.settle(nextTimestamp);
  const factoryReceipt = deployReceipts.find((r) => r.contractAddress !== null && isAddressEqual(r.contractAddress, factory));
  if (!factoryReceipt) throw new Error('the factory deployment has no receipt');
  const startBlock = Number(factoryReceipt.blockNumber);

  onStep?.('funding accounts');
  const tokenBySymbol = new Map(tokens.map((t) => [t.symbol, t.address]));
  for (const token of tokens) {
    all.forEach((account, i) => {
      const amount = accountAllowance(spec, token.symbol, i);
      if (token.address === weth) {
        batcher.queue({ from: account, to: weth, data: encodeFunctionData({ abi: weth9Abi, functionName: 'deposit' }), value: amount, gas: GAS.deposit });
      } else {
        batcher.queue({ from: deployer, to: token.address, data: encodeFunctionData({ abi: testERC20Abi, functionName: 'mint', args: [account, amount] }), gas: GAS.mint });
      }
      for (const spender of [router02, uniswapV3.router, ...(i === ACCOUNT_ROLES.deployer ? [uniswapV3.positionManager] : [])]) {
        batcher.queue({ from: account, to: token.address, data: encodeFunctionData({ abi: testERC20Abi, functionName: 'approve', args: [spender, maxUint256] }), gas: GAS.approve });
      }
    });
  }
  await batcher.settle(nextTimestamp);
  await rpc.batch(all.map((a) => ['anvil_setBalance', [a, `0x${NATIVE_PER_ACCOUNT.toString(16)}`]] as const));

  onStep?.('seeding pools');
  for (const pool of spec.pools) {
    const deposit = poolDeposit(pool);
    const data = encodeFunctionData({
      abi: uniswapV2Router02Abi,
      functionName: 'addLiquidity',
      args: [symbolAddress(tokenBySymbol, pool.base), symbolAddress(tokenBySymbol, pool.quote), deposit.base, deposit.quote, 0n, 0n, deployer, FAR_DEADLINE],
    });
    batcher.queue({ from: deployer, to: router02, data, gas: GAS.addLiquidity });
  }
  await batcher.settle(nextTimestamp);
  const pairs = await rpc.batch<Hex>(spec.pools.map((pool) => ['eth_call', [{
    to: factory,
    data: encodeFunctionData({ abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [symbolAddress(tokenBySymbol, pool.base), symbolAddress(tokenBySymbol, pool.quote)] }),
  }, 'latest']] as const));
  const pools = spec.pools.map((pool, i) => ({ address: getAddress(`0x${(pairs[i] ?? '').slice(-40)}`), base: pool.base, quote: pool.quote }));
  const tokenOf = (symbol: string) => {
    const token = tokens.find((t) => t.symbol === symbol);
    if (!token) throw new Error(`token ${symbol} is not deployed on this chain`);
    return token;
  };
  const v3Pools = await seedV3Pools({ rpc, batcher, spec, deployer, v3: uniswapV3, tokenOf, nextTimestamp });

  return { id: spec.id, name: spec.name, weth: getAddress(weth), factory: getAddress(factory), router02: getAddress(router02), startBlock, tokens, pools, uniswapV3, v3Pools };
}

export function symbolAddress(bySymbol: Map<string, Address>, symbol: string): Address {
  const address = bySymbol.get(symbol);
  if (!address) throw new Error(`token ${symbol} is not deployed on this chain`);
  return address;
}

// Deploys WETH9, the Uniswap V2 factory and Router02 and Uniswap V3 (factory, NonfungiblePositionManager, QuoterV2,
// its SwapRouter) exactly as shipped, plus test tokens and seeded pools: one transaction at a time, for tests.
import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  type Address,
  type Chain,
  type PublicClient,
  type WalletClient,
  defineChain,
  zeroAddress,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { nonfungiblePositionManagerAbi, nonfungiblePositionManagerBytecode } from '@/contracts/generated/nonfungiblePositionManager';
import { quoterV2Abi, quoterV2Bytecode } from '@/contracts/generated/quoterV2';
import { testERC20Abi, testERC20Bytecode } from '@/contracts/generated/testERC20';
import { uniswapV2FactoryAbi, uniswapV2FactoryBytecode } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2Router02Abi, uniswapV2Router02Bytecode } from '@/contracts/generated/uniswapV2Router02';
import { uniswapV3FactoryAbi, uniswapV3FactoryBytecode } from '@/contracts/generated/uniswapV3Factory';
import { uniswapV3SwapRouterAbi, uniswapV3SwapRouterBytecode } from '@/contracts/generated/uniswapV3SwapRouter';
import { weth9Abi, weth9Bytecode } from '@/contracts/generated/weth9';
import { V3_TICK_SPACING } from './v3Positions';
import { waitMined } from './waitMined';

export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const POLLING_MS = 50;

export function devAccount(index: number) {
  return mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
}

export function devnetChain(chainId: number, rpcUrl: string, name = `Devnet ${chainId}`): Chain {
  return defineChain({
    id: chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export type DevClients = { chain: Chain; publicClient: PublicClient; wallet: (index: number) => WalletClient };

export function devClients(chainId: number, rpcUrl: string): DevClients {
  const chain = devnetChain(chainId, rpcUrl);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: POLLING_MS }) as PublicClient;
  const wallet = (index: number) =>
    createWalletClient({ chain, transport, account: devAccount(index), pollingInterval: POLLING_MS });
  return { chain, publicClient, wallet };
}

/** `factory` is Uniswap V2's; `v3Router` Uniswap's own V3 SwapRouter. */
export type UniswapStack = {
  weth: Address;
  factory: Address;
  router02: Address;
  v3Factory: Address;
  positionManager: Address;
  quoterV2: Address;
  v3Router: Address;
  startBlock: number;
};

async function deploy(c: DevClients, deployer: WalletClient, abi: readonly unknown[], bytecode: `0x${string}`, args: readonly unknown[]): Promise<Address> {
  const account = deployer.account;
  if (!account) throw new Error('deployer has no account');
  const hash = await deployer.deployContract({ abi, bytecode, args, account, chain: c.chain });
  const receipt = await waitMined(c.publicClient, hash);
  if (!receipt.contractAddress) throw new Error('deployment produced no contract address');
  return receipt.contractAddress;
}

/**
 * WETH9, UniswapV2Factory and Router02, then UniswapV3Factory with the 0.01 % tier enabled beside the shipped three,
 * NonfungiblePositionManager, QuoterV2 and Uniswap's V3 SwapRouter, from their shipped artifacts; the deployer is
 * anvil account #0.
 */
export async function deployUniswap(c: DevClients): Promise<UniswapStack> {
  const deployer = c.wallet(0);
  const startBlock = Number(await c.publicClient.getBlockNumber());
  const weth = await deploy(c, deployer, weth9Abi, weth9Bytecode, []);
  const factory = await deploy(c, deployer, uniswapV2FactoryAbi, uniswapV2FactoryBytecode, [devAccount(0).address]);
  const router02 = await deploy(c, deployer, uniswapV2Router02Abi, uniswapV2Router02Bytecode, [factory, weth]);
  const v3Factory = await deploy(c, deployer, uniswapV3FactoryAbi, uniswapV3FactoryBytecode, []);
  const hash = await deployer.writeContract({
    address: v3Factory, abi: uniswapV3FactoryAbi, functionName: 'enableFeeAmount', args: [100, V3_TICK_SPACING[100]], account: devAccount(0), chain: c.chain,
  });
  await waitMined(c.publicClient, hash);
  // No token descriptor: it only renders the position NFTs' tokenURI.
  const positionManager = await deploy(c, deployer, nonfungiblePositionManagerAbi, nonfungiblePositionManagerBytecode, [v3Factory, weth, zeroAddress]);
  const quoterV2 = await deploy(c, deployer, quoterV2Abi, quoterV2Bytecode, [v3Factory, weth]);
  const v3Router = await deploy(c, deployer, uniswapV3SwapRouterAbi, uniswapV3SwapRouterBytecode, [v3Factory, weth]);
  return { weth, factory, router02, v3Factory, positionManager, quoterV2, v3Router, startBlock };
}

export async function deployToken(c: DevClients, name: string, symbol: string, decimals: number): Promise<Address> {
  return deploy(c, c.wallet(0), testERC20Abi, testERC20Bytecode, [name, symbol, decimals]);
}

/** Mints `amount` of `token` to `to` and approves Router02 for account `index` when given. */
export async function mint(c: DevClients, token: Address, to: Address, amount: bigint): Promise<void> {
  const hash = await c.wallet(0).writeContract({
    address: token, abi: testERC20Abi, functionName: 'mint', args: [to, amount], account: devAccount(0), chain: c.chain,
  });
  await waitMined(c.publicClient, hash);
}

export async function approve(c: DevClients, index: number, token: Address, spender: Address, amount = maxUint256): Promise<void> {
  const hash = await c.wallet(index).writeContract({
    address: token, abi: testERC20Abi, functionName: 'approve', args: [spender, amount], account: devAccount(index), chain: c.chain,
  });
  await waitMined(c.publicClient, hash);
}

/**
 * Creates the pool if needed and adds liquidity from account `index` (which must hold and have approved both
 * tokens, or pass `weth` as one side to add native coin through addLiquidityETH).
 */
export async function addLiquidity(
  c: DevClients,
  stack: UniswapStack,
  index: number,
  tokenA: Address,
  amountA: bigint,
  tokenB: Address,
  amountB: bigint,
): Promise<Address> {
  const account = devAccount(index);
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 10 * 365 * 86_400);
  const wallet = c.wallet(index);
  let hash: `0x${string}`;
  if (tokenA === stack.weth || tokenB === stack.weth) {
    const [token, amountToken, amountEth] = tokenA === stack.weth ? [tokenB, amountB, amountA] : [tokenA, amountA, amountB];
    hash = await wallet.writeContract({
      address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'addLiquidityETH',
      args: [token, amountToken, 0n, 0n, account.address, deadline], value: amountEth, account, chain: c.chain,
    });
  } else {
    hash = await wallet.writeContract({
      address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'addLiquidity',
      args: [tokenA, tokenB, amountA, amountB, 0n, 0n, account.address, deadline], account, chain: c.chain,
    });
  }
  await waitMined(c.publicClient, hash);
  return c.publicClient.readContract({ address: stack.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [tokenA, tokenB] });
}

// Deploys WETH9, the Uniswap V2 factory and Router02 exactly as shipped, plus test tokens and seeded pools.
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
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { testERC20Abi, testERC20Bytecode } from '@/contracts/generated/testERC20';
import { uniswapV2FactoryAbi, uniswapV2FactoryBytecode } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2Router02Abi, uniswapV2Router02Bytecode } from '@/contracts/generated/uniswapV2Router02';
import { weth9Abi, weth9Bytecode } from '@/contracts/generated/weth9';

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

export type UniswapStack = { weth: Address; factory: Address; router02: Address; startBlock: number };

async function deploy(c: DevClients, deployer: WalletClient, abi: readonly unknown[], bytecode: `0x${string}`, args: readonly unknown[]): Promise<Address> {
  const account = deployer.account;
  if (!account) throw new Error('deployer has no account');
  const hash = await deployer.deployContract({ abi, bytecode, args, account, chain: c.chain });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (!receipt.contractAddress) throw new Error('deployment produced no contract address');
  return receipt.contractAddress;
}

/** WETH9, UniswapV2Factory and Router02 from their shipped artifacts; the deployer is anvil account #0. */
export async function deployUniswap(c: DevClients): Promise<UniswapStack> {
  const deployer = c.wallet(0);
  const startBlock = Number(await c.publicClient.getBlockNumber());
  const weth = await deploy(c, deployer, weth9Abi, weth9Bytecode, []);
  const factory = await deploy(c, deployer, uniswapV2FactoryAbi, uniswapV2FactoryBytecode, [devAccount(0).address]);
  const router02 = await deploy(c, deployer, uniswapV2Router02Abi, uniswapV2Router02Bytecode, [factory, weth]);
  return { weth, factory, router02, startBlock };
}

export async function deployToken(c: DevClients, name: string, symbol: string, decimals: number): Promise<Address> {
  return deploy(c, c.wallet(0), testERC20Abi, testERC20Bytecode, [name, symbol, decimals]);
}

/** Mints `amount` of `token` to `to` and approves Router02 for account `index` when given. */
export async function mint(c: DevClients, token: Address, to: Address, amount: bigint): Promise<void> {
  const hash = await c.wallet(0).writeContract({
    address: token, abi: testERC20Abi, functionName: 'mint', args: [to, amount], account: devAccount(0), chain: c.chain,
  });
  await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
}

export async function approve(c: DevClients, index: number, token: Address, spender: Address, amount = maxUint256): Promise<void> {
  const hash = await c.wallet(index).writeContract({
    address: token, abi: testERC20Abi, functionName: 'approve', args: [spender, amount], account: devAccount(index), chain: c.chain,
  });
  await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
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
  await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  return c.publicClient.readContract({ address: stack.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [tokenA, tokenB] });
}

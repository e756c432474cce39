// Deploys the Swapdesk SwapRouter on a devnet, wired to the chain's Uniswap V2 factory and WETH.
import type { Address } from 'viem';
import { swapRouterAbi, swapRouterBytecode } from '@/contracts/generated/swapRouter';
import { devAccount, POLLING_MS, type DevClients } from './deployUniswap';

export type SwapRouterConfig = {
  factory: Address;
  weth: Address;
  owner: Address;
  quoteSigner: Address;
  feeRecipient: Address;
  /** Anvil account index that sends the deployment; 0 by default. */
  deployerIndex?: number;
};

export async function deploySwapRouter(c: DevClients, config: SwapRouterConfig): Promise<Address> {
  const index = config.deployerIndex ?? 0;
  const hash = await c.wallet(index).deployContract({
    abi: swapRouterAbi,
    bytecode: swapRouterBytecode,
    args: [config.factory, config.weth, config.owner, config.quoteSigner, config.feeRecipient],
    account: devAccount(index),
    chain: c.chain,
  });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('SwapRouter deployment failed');
  return receipt.contractAddress;
}

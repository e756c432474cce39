// Deploys Swapdesk's SwapRouter (same-chain router and ERC-7683 origin settler) and DestinationSettler on a devnet,
// wired to the chain's Uniswap V2 factory and WETH.
import type { Address } from 'viem';
import { destinationSettlerAbi, destinationSettlerBytecode } from '@/contracts/generated/destinationSettler';
import { swapRouterAbi, swapRouterBytecode } from '@/contracts/generated/swapRouter';
import { devAccount, POLLING_MS, type DevClients } from './deployUniswap';

/** After fillDeadline + this, anyone can return an unsettled escrow to its user (CONTRACTS.md: e.g. 24 h). */
export const DEFAULT_REFUND_GRACE_SEC = 86_400;

export type SwapRouterConfig = {
  factory: Address;
  weth: Address;
  owner: Address;
  quoteSigner: Address;
  feeRecipient: Address;
  /** Signs what the destination chain shows; settles and refunds cross-chain escrows. Default: the owner. */
  attester?: Address;
  /** Default DEFAULT_REFUND_GRACE_SEC. */
  refundGraceSec?: number;
  /** Anvil account index that sends the deployment; 0 by default. */
  deployerIndex?: number;
};

async function deploy(c: DevClients, index: number, send: (index: number) => Promise<`0x${string}`>, what: string): Promise<Address> {
  const hash = await send(index);
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`${what} deployment failed`);
  return receipt.contractAddress;
}

export async function deploySwapRouter(c: DevClients, config: SwapRouterConfig): Promise<Address> {
  const index = config.deployerIndex ?? 0;
  return deploy(c, index, (i) => c.wallet(i).deployContract({
    abi: swapRouterAbi,
    bytecode: swapRouterBytecode,
    args: [config.factory, config.weth, config.owner, config.quoteSigner, config.feeRecipient, config.attester ?? config.owner, BigInt(config.refundGraceSec ?? DEFAULT_REFUND_GRACE_SEC)],
    account: devAccount(i),
    chain: c.chain,
  }), 'SwapRouter');
}

export type DestinationSettlerConfig = { factory: Address; weth: Address; deployerIndex?: number };

export async function deployDestinationSettler(c: DevClients, config: DestinationSettlerConfig): Promise<Address> {
  const index = config.deployerIndex ?? 0;
  return deploy(c, index, (i) => c.wallet(i).deployContract({
    abi: destinationSettlerAbi,
    bytecode: destinationSettlerBytecode,
    args: [config.factory, config.weth],
    account: devAccount(i),
    chain: c.chain,
  }), 'DestinationSettler');
}

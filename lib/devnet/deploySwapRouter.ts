// Deploys Swapdesk's SwapRouter (same-chain router and ERC-7683 origin settler) and DestinationSettler on a devnet,
// wired to the chain's Uniswap V2 and V3 factories and WETH.
import { zeroAddress, type Address } from 'viem';
import { destinationSettlerAbi, destinationSettlerBytecode } from '@/contracts/generated/destinationSettler';
import { swapRouterAbi, swapRouterBytecode } from '@/contracts/generated/swapRouter';
import { devAccount, type DevClients } from './deployUniswap';
import { ensurePermit2 } from './ensurePermit2';
import { waitMined } from './waitMined';

/** After fillDeadline + this, anyone can return an unsettled escrow to its user (CONTRACTS.md: e.g. 24 h). */
export const DEFAULT_REFUND_GRACE_SEC = 86_400;
/**
 * The latest fill deadline `open` accepts, from the moment of opening: a quote's longest life (1 h) plus the longest
 * fill window the service may configure (2 h, CROSSCHAIN_FILL_WINDOW_SEC), with room for the two chains' clocks.
 */
export const DEFAULT_MAX_FILL_WINDOW_SEC = 4 * 3_600;
/** The attester waits this much longer than the longest fill window plus the refund grace before it can change. */
const ROLE_DELAY_MARGIN_SEC = 3_600;

export type SwapRouterConfig = {
  factory: Address;
  /** Uniswap V3 factory whose pools V3 hops swap through; none: the router executes V2 hops only. */
  v3Factory?: Address;
  weth: Address;
  owner: Address;
  quoteSigner: Address;
  feeRecipient: Address;
  /** Signs what the destination chain shows; settles and refunds cross-chain escrows. Default: the owner. */
  attester?: Address;
  /** Default DEFAULT_REFUND_GRACE_SEC. */
  refundGraceSec?: number;
  /** Default DEFAULT_MAX_FILL_WINDOW_SEC. */
  maxFillWindowSec?: number;
  /** Delay of an attester change; default the fill window plus the grace plus an hour (the contract needs more than both). */
  roleDelaySec?: number;
  /** Anvil account index that sends the deployment; 0 by default. */
  deployerIndex?: number;
  /** Permit2 the router takes signed inputs through; by default Uniswap's, deployed at its canonical address first. */
  permit2?: Address;
};

async function deploy(c: DevClients, index: number, send: (index: number) => Promise<`0x${string}`>, what: string): Promise<Address> {
  const hash = await send(index);
  const receipt = await waitMined(c.publicClient, hash);
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`${what} deployment failed`);
  return receipt.contractAddress;
}

export async function deploySwapRouter(c: DevClients, config: SwapRouterConfig): Promise<Address> {
  const index = config.deployerIndex ?? 0;
  const grace = config.refundGraceSec ?? DEFAULT_REFUND_GRACE_SEC;
  const window = config.maxFillWindowSec ?? DEFAULT_MAX_FILL_WINDOW_SEC;
  const delay = config.roleDelaySec ?? grace + window + ROLE_DELAY_MARGIN_SEC;
  const permit2 = config.permit2 ?? (await ensurePermit2(c));
  return deploy(c, index, (i) => c.wallet(i).deployContract({
    abi: swapRouterAbi,
    bytecode: swapRouterBytecode,
    args: [config.factory, config.v3Factory ?? zeroAddress, config.weth, config.owner, config.quoteSigner, config.feeRecipient, config.attester ?? config.owner, BigInt(grace), BigInt(window), BigInt(delay), permit2],
    account: devAccount(i),
    chain: c.chain,
  }), 'SwapRouter');
}

export type DestinationSettlerConfig = { factory: Address; v3Factory?: Address; weth: Address; deployerIndex?: number };

export async function deployDestinationSettler(c: DevClients, config: DestinationSettlerConfig): Promise<Address> {
  const index = config.deployerIndex ?? 0;
  return deploy(c, index, (i) => c.wallet(i).deployContract({
    abi: destinationSettlerAbi,
    bytecode: destinationSettlerBytecode,
    args: [config.factory, config.v3Factory ?? zeroAddress, config.weth],
    account: devAccount(i),
    chain: c.chain,
  }), 'DestinationSettler');
}

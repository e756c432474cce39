// Gives a devnet chain Swapdesk's SwapRouter, signed for by the current quote signer and attester: deploys it when
// the chain has none, one built from older sources or one that trusts another attester (an attester changes only after
// the router's role delay, a day and more), and rotates the quote signer when its key changed since.
import 'server-only';
import { getAddress, isAddressEqual, keccak256, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { swapRouterAbi, swapRouterBytecode } from '@/contracts/generated/swapRouter';
import { ATTESTER_KEY_FILE } from '@/lib/contracts/attesterAccount';
import { configuredKey, QUOTE_SIGNER_KEY_FILE } from '@/lib/contracts/quoteSigner';
import { RELAYER_KEY_FILE } from '@/lib/contracts/relayerAccount';
import { SUBMITTER_KEY_FILE } from '@/lib/contracts/submitterAccount';
import { env } from '@/lib/env';
import type { DeployedChain } from './deployDevnetChain';
import { ACCOUNT_ROLES } from './devnetMarkets';
import { deploySwapRouter } from './deploySwapRouter';
import { devAccount, devClients } from './deployUniswap';
import { waitMined } from './waitMined';

/**
 * The address the app will sign firm quotes with when it runs on `dataDir`: QUOTE_SIGNER_KEY when set, else the
 * dev key in the data folder (created on first use), the same rule as quoteSignerAccount().
 */
export function devnetQuoteSigner(dataDir: string): Address {
  return privateKeyToAccount(configuredKey(env().QUOTE_SIGNER_KEY, dataDir, QUOTE_SIGNER_KEY_FILE)).address;
}

/** The attester the app signs settlements with on `dataDir` (ATTESTER_KEY, else `<data>/attester.key`). */
export function devnetAttester(dataDir: string): Address {
  return privateKeyToAccount(configuredKey(env().ATTESTER_KEY, dataDir, ATTESTER_KEY_FILE)).address;
}

/** The relayer account the app fills with on `dataDir` (RELAYER_KEY, else `<data>/relayer.key`). */
export function devnetRelayer(dataDir: string): Address {
  return privateKeyToAccount(configuredKey(env().RELAYER_KEY, dataDir, RELAYER_KEY_FILE)).address;
}

/** The gasless submitter account the app sends orders with on `dataDir` (SUBMITTER_KEY, else `<data>/submitter.key`). */
export function devnetSubmitter(dataDir: string): Address {
  return privateKeyToAccount(configuredKey(env().SUBMITTER_KEY, dataDir, SUBMITTER_KEY_FILE)).address;
}

/** Identifies the router build in the devnet record (`swapRouterBuild`). */
export const SWAP_ROUTER_BUILD: Hex = keccak256(swapRouterBytecode);

export type EnsureSwapRouterOptions = {
  rpcUrl: string;
  chain: DeployedChain & { swapRouterBuild?: string };
  quoteSigner: Address;
  attester: Address;
  permit2: Address;
};

export async function ensureSwapRouter({ rpcUrl, chain, quoteSigner, attester, permit2 }: EnsureSwapRouterOptions): Promise<Address> {
  const c = devClients(chain.id, rpcUrl);
  const owner = devAccount(ACCOUNT_ROLES.deployer);
  const existing = chain.swapRouter;
  // A data folder from before a router change keeps its chains, but the app signs quotes for the current router.
  const current = chain.swapRouterBuild === SWAP_ROUTER_BUILD;
  const keeps = existing && current && (await c.publicClient.getCode({ address: existing }))
    && isAddressEqual(await c.publicClient.readContract({ address: existing, abi: swapRouterAbi, functionName: 'attester' }), attester)
    && isAddressEqual(await c.publicClient.readContract({ address: existing, abi: swapRouterAbi, functionName: 'PERMIT2' }), permit2);
  if (existing && keeps) {
    const signer = await c.publicClient.readContract({ address: existing, abi: swapRouterAbi, functionName: 'quoteSigner' });
    if (!isAddressEqual(signer, quoteSigner)) {
      const hash = await c.wallet(ACCOUNT_ROLES.deployer).writeContract({
        address: existing, abi: swapRouterAbi, functionName: 'setQuoteSigner', args: [quoteSigner], account: owner, chain: c.chain,
      });
      await waitMined(c.publicClient, hash);
    }
    return existing;
  }
  const deployed = await deploySwapRouter(c, {
    factory: chain.factory,
    v3Factory: chain.uniswapV3.factory,
    weth: chain.weth,
    owner: owner.address,
    quoteSigner,
    feeRecipient: devAccount(ACCOUNT_ROLES.feeRecipient).address,
    attester,
    permit2,
    deployerIndex: ACCOUNT_ROLES.deployer,
  });
  return getAddress(deployed);
}

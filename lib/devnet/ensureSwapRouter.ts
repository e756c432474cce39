// Gives a devnet chain Swapdesk's SwapRouter, signed for by the current quote signer: deploys it when the chain
// has none, and rotates the signer when the quote signer key changed since the deployment.
import 'server-only';
import path from 'node:path';
import { getAddress, isAddressEqual, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { loadOrCreateKeyFile, QUOTE_SIGNER_KEY_FILE } from '@/lib/contracts/quoteSigner';
import { env } from '@/lib/env';
import type { DeployedChain } from './deployDevnetChain';
import { ACCOUNT_ROLES } from './devnetMarkets';
import { deploySwapRouter } from './deploySwapRouter';
import { devAccount, devClients, POLLING_MS } from './deployUniswap';

/**
 * The address the app will sign firm quotes with when it runs on `dataDir`: QUOTE_SIGNER_KEY when set, else the
 * dev key in the data folder (created on first use), the same rule as quoteSignerAccount().
 */
export function devnetQuoteSigner(dataDir: string): Address {
  const key = env().QUOTE_SIGNER_KEY ?? loadOrCreateKeyFile(path.join(dataDir, QUOTE_SIGNER_KEY_FILE));
  return privateKeyToAccount(key as `0x${string}`).address;
}

export type EnsureSwapRouterOptions = { rpcUrl: string; chain: DeployedChain; quoteSigner: Address };

export async function ensureSwapRouter({ rpcUrl, chain, quoteSigner }: EnsureSwapRouterOptions): Promise<Address> {
  const c = devClients(chain.id, rpcUrl);
  const owner = devAccount(ACCOUNT_ROLES.deployer);
  const existing = chain.swapRouter;
  if (existing && (await c.publicClient.getCode({ address: existing }))) {
    const current = await c.publicClient.readContract({ address: existing, abi: swapRouterAbi, functionName: 'quoteSigner' });
    if (!isAddressEqual(current, quoteSigner)) {
      const hash = await c.wallet(ACCOUNT_ROLES.deployer).writeContract({
        address: existing, abi: swapRouterAbi, functionName: 'setQuoteSigner', args: [quoteSigner], account: owner, chain: c.chain,
      });
      await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    }
    return existing;
  }
  const deployed = await deploySwapRouter(c, {
    factory: chain.factory,
    weth: chain.weth,
    owner: owner.address,
    quoteSigner,
    feeRecipient: devAccount(ACCOUNT_ROLES.feeRecipient).address,
    deployerIndex: ACCOUNT_ROLES.deployer,
  });
  return getAddress(deployed);
}

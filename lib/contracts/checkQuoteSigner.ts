// Start-up check: the key that signs firm quotes must be the quote signer of the router on every chain, else every
// firm quote there is refused on-chain; the log names each chain that disagrees.
import 'server-only';
import { createPublicClient, http, isAddressEqual, type Address } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { ChainConfig } from '@/lib/chains/chainConfig';

export type SignerDisagreement = { chainId: number; chainName: string; router: Address; routerSigner: Address | null; error?: string };

/** Reads `quoteSigner()` of every chain's router; returns the chains whose router expects another key (or could not say). */
export async function checkQuoteSigner(chains: readonly ChainConfig[], signer: Address, timeoutMs: number): Promise<SignerDisagreement[]> {
  const found = await Promise.all(
    chains.map(async (chain): Promise<SignerDisagreement | undefined> => {
      const router = chain.swapRouter;
      if (!router) return undefined;
      const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
      try {
        const routerSigner = await client.readContract({ address: router, abi: swapRouterAbi, functionName: 'quoteSigner' });
        return isAddressEqual(routerSigner, signer) ? undefined : { chainId: chain.id, chainName: chain.name, router, routerSigner };
      } catch (error: unknown) {
        return { chainId: chain.id, chainName: chain.name, router, routerSigner: null, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
      }
    }),
  );
  return found.filter((d): d is SignerDisagreement => d !== undefined);
}

/** One line per chain, for the operator. */
export function disagreementText(d: SignerDisagreement, signer: Address): string {
  if (d.routerSigner === null) return `chain ${d.chainId} (${d.chainName}): could not read the quote signer of SwapRouter ${d.router}: ${d.error ?? 'no answer'}`;
  return `chain ${d.chainId} (${d.chainName}): SwapRouter ${d.router} accepts quotes signed by ${d.routerSigner}, but this service signs with ${signer}; firm quotes there will be refused on-chain until the owner calls setQuoteSigner or QUOTE_SIGNER_KEY is fixed`;
}

// Start-up checks: the key that signs firm quotes must be the router's quote signer on every chain (else every firm
// quote there is refused on-chain), and the relayer's attester key must be the router's attester (else every
// settlement and refund there reverts); the log names each chain that disagrees.
import 'server-only';
import { createPublicClient, http, isAddressEqual, type Address } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { ChainConfig } from '@/lib/chains/chainConfig';

/** The router's key roles this service signs for. */
export type RouterKeyRole = 'quoteSigner' | 'attester';

export type SignerDisagreement = { role: RouterKeyRole; chainId: number; chainName: string; router: Address; routerSigner: Address | null; error?: string };

/** Reads `role()` of every chain's router; returns the chains whose router expects another key than `key` (or could not say). */
export async function checkRouterKey(chains: readonly ChainConfig[], role: RouterKeyRole, key: Address, timeoutMs: number): Promise<SignerDisagreement[]> {
  const found = await Promise.all(
    chains.map(async (chain): Promise<SignerDisagreement | undefined> => {
      const router = chain.swapRouter;
      if (!router) return undefined;
      const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
      try {
        const routerSigner = await client.readContract({ address: router, abi: swapRouterAbi, functionName: role });
        return isAddressEqual(routerSigner, key) ? undefined : { role, chainId: chain.id, chainName: chain.name, router, routerSigner };
      } catch (error: unknown) {
        return { role, chainId: chain.id, chainName: chain.name, router, routerSigner: null, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
      }
    }),
  );
  return found.filter((d): d is SignerDisagreement => d !== undefined);
}

/** The quote-signing key against every router's `quoteSigner()`. */
export function checkQuoteSigner(chains: readonly ChainConfig[], signer: Address, timeoutMs: number): Promise<SignerDisagreement[]> {
  return checkRouterKey(chains, 'quoteSigner', signer, timeoutMs);
}

/** One line per chain, for the operator. */
export function disagreementText(d: SignerDisagreement, key: Address): string {
  const where = `chain ${d.chainId} (${d.chainName})`;
  if (d.role === 'attester') {
    if (d.routerSigner === null) return `${where}: could not read the attester of SwapRouter ${d.router}: ${d.error ?? 'no answer'}`;
    return `${where}: SwapRouter ${d.router} accepts attestations signed by ${d.routerSigner}, but this relayer attests with ${key}; its settlements and refunds there will revert until the owner calls setAttester or ATTESTER_KEY is fixed`;
  }
  if (d.routerSigner === null) return `${where}: could not read the quote signer of SwapRouter ${d.router}: ${d.error ?? 'no answer'}`;
  return `${where}: SwapRouter ${d.router} accepts quotes signed by ${d.routerSigner}, but this service signs with ${key}; firm quotes there will be refused on-chain until the owner calls setQuoteSigner or QUOTE_SIGNER_KEY is fixed`;
}

type CheckLog = { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** Runs the check for `role` and logs one error line per chain that disagrees, or one line that all agree (never throws). */
export async function logRouterKeyCheck(chains: readonly ChainConfig[], role: RouterKeyRole, key: Address, timeoutMs: number, log: CheckLog): Promise<void> {
  const name = role === 'attester' ? 'attester' : 'quote signer';
  try {
    const disagreements = await checkRouterKey(chains, role, key, timeoutMs);
    for (const d of disagreements) log.error({ chainId: d.chainId }, `${name} check: ${disagreementText(d, key)}`);
    if (disagreements.length === 0) log.info({ [role]: key, chains: chains.map((c) => c.id) }, `${name} is the router's ${name} on every chain`);
  } catch (error: unknown) {
    log.error({ err: error instanceof Error ? error.message : String(error) }, `${name} check failed`);
  }
}

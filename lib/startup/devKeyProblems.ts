// Dev key files (a key generated into the data folder when its setting is unset) are for the devnet only: a process
// may use one only when every chain it serves is a devnet node. Anvil says so when asked; a chain that does not
// answer counts only when its RPC is on this machine (the devnet starting up), never a remote one.
import 'server-only';
import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const isLoopback = (rpcUrl: string): boolean => {
  try {
    return LOOPBACK_HOSTS.has(new URL(rpcUrl).hostname);
  } catch {
    return false;
  }
};

/** Why a dev key for `envName` must not be used on `chains` (empty when every chain is a devnet). */
export async function devKeyProblems(chains: readonly ChainConfig[], envName: string, timeoutMs: number): Promise<string[]> {
  const found = await Promise.all(chains.map(async (chain) => {
    const where = `chain ${chain.id} (${chain.name})`;
    const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0 }) }) as PublicClient;
    let version: string;
    try {
      version = String(await client.request({ method: 'web3_clientVersion' }));
    } catch {
      return isLoopback(chain.rpcUrl) ? [] : [`${where} at ${chain.rpcUrl} did not say it is a devnet, and is not on this machine: set ${envName}; the devnet-only key file is never used off the devnet`];
    }
    return /^anvil\//i.test(version) ? [] : [`${where} runs ${version}, not the devnet's anvil: set ${envName}; the devnet-only key file is never used off the devnet`];
  }));
  return found.flat();
}

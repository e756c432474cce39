// Start-up check of a process against the contracts the registry names: its key must be the one the deployed router
// expects for its role, and each router's and destination settler's factory and WETH the registry's. A process that
// disagrees refuses to start (it would sign quotes or attestations the chain refuses, or trade on other pools).
import 'server-only';
import { createPublicClient, http, isAddressEqual, zeroAddress, type Address, type PublicClient } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import type { ChainConfig } from '@/lib/chains/chainConfig';

/** The key a process holds: the quote signer (web), the attester, or the relayer's account. */
export type DeploymentRole = 'quoteSigner' | 'attester' | 'relayer';

export type DeploymentCheck = {
  /** Definite disagreements: the process must not start. */
  problems: string[];
  /** Chains that did not answer (checked again at the next start; never a reason to refuse alone). */
  unreachable: string[];
};

/** A process whose configuration disagrees with the deployed contracts; its message lists every disagreement. */
export class DeploymentMismatchError extends Error {
  override name = 'DeploymentMismatchError';
  constructor(readonly role: DeploymentRole, readonly problems: string[]) {
    super(`refusing to start the ${role}: the configuration disagrees with the deployed contracts:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const same = (a: Address, b: Address) => isAddressEqual(a, b);

async function chainProblems(chain: ChainConfig, client: PublicClient, role: DeploymentRole, key: Address): Promise<string[]> {
  const where = `chain ${chain.id} (${chain.name})`;
  const out: string[] = [];
  if (role === 'relayer' && chain.relayer && !same(chain.relayer, key)) {
    out.push(`${where}: the registry's relayer is ${chain.relayer}, but RELAYER_KEY is ${key} (quotes would be bounded by another account's inventory)`);
  }
  const router = chain.swapRouter;
  if (!router) return out;
  const read = <F extends 'FACTORY' | 'WETH' | 'quoteSigner' | 'attester' | 'pendingAttester'>(functionName: F) =>
    client.readContract({ address: router, abi: swapRouterAbi, functionName }) as Promise<Address>;
  const [factory, weth, signer, attester, pending] = await Promise.all([read('FACTORY'), read('WETH'), read('quoteSigner'), read('attester'), read('pendingAttester')]);
  if (!same(factory, chain.factory)) out.push(`${where}: SwapRouter ${router} trades on factory ${factory}, the registry names ${chain.factory}`);
  if (!same(weth, chain.weth)) out.push(`${where}: SwapRouter ${router} wraps with WETH ${weth}, the registry names ${chain.weth}`);
  if (role === 'quoteSigner' && !same(signer, key)) {
    out.push(`${where}: SwapRouter ${router} accepts quotes signed by ${signer}, but this service signs with ${key} (QUOTE_SIGNER_KEY)`);
  }
  if (role === 'attester' && !same(attester, key) && !(pending !== zeroAddress && same(pending, key))) {
    out.push(`${where}: SwapRouter ${router} accepts attestations signed by ${attester}, but this attester signs with ${key} (ATTESTER_KEY)`);
  }
  if (role === 'relayer' && same(attester, key)) {
    out.push(`${where}: RELAYER_KEY is the router's attester ${attester}: the attester must be its own key, never the relayer's`);
  }
  if (role === 'attester' && chain.relayer && same(chain.relayer, key)) {
    out.push(`${where}: ATTESTER_KEY is the registry's relayer ${key}: the attester must be its own key, never the relayer's`);
  }
  if (chain.permit2) out.push(...(await permit2Problems(client, where, router, chain.permit2)));
  const settler = chain.destinationSettler;
  if (settler) {
    const readSettler = (functionName: 'FACTORY' | 'WETH') => client.readContract({ address: settler, abi: destinationSettlerAbi, functionName }) as Promise<Address>;
    const [dFactory, dWeth] = await Promise.all([readSettler('FACTORY'), readSettler('WETH')]);
    if (!same(dFactory, chain.factory)) out.push(`${where}: DestinationSettler ${settler} trades on factory ${dFactory}, the registry names ${chain.factory}`);
    if (!same(dWeth, chain.weth)) out.push(`${where}: DestinationSettler ${settler} wraps with WETH ${dWeth}, the registry names ${chain.weth}`);
  }
  return out;
}

/** The registry's Permit2 must have code, and be the one the router takes signed inputs through. */
async function permit2Problems(client: PublicClient, where: string, router: Address, permit2: Address): Promise<string[]> {
  const out: string[] = [];
  const [code, routerPermit2] = await Promise.all([
    client.getCode({ address: permit2 }),
    client.readContract({ address: router, abi: swapRouterAbi, functionName: 'PERMIT2' }).catch(() => undefined),
  ]);
  if (!code || code === '0x') out.push(`${where}: the registry names Permit2 ${permit2}, but there is no contract there`);
  if (!routerPermit2) out.push(`${where}: SwapRouter ${router} has no Permit2 (a build from before Permit2 swaps), the registry names ${permit2}`);
  else if (!same(routerPermit2, permit2)) out.push(`${where}: SwapRouter ${router} takes signed inputs through Permit2 ${routerPermit2}, the registry names ${permit2}`);
  return out;
}

/** Reads every chain's deployed contracts and compares them with the registry and with `key` for `role`. */
export async function checkDeployment(chains: readonly ChainConfig[], role: DeploymentRole, key: Address, timeoutMs: number): Promise<DeploymentCheck> {
  const results = await Promise.all(chains.map(async (chain) => {
    const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 1 }) }) as PublicClient;
    try {
      return { problems: await chainProblems(chain, client, role, key), unreachable: [] };
    } catch (error: unknown) {
      return { problems: [], unreachable: [`chain ${chain.id} (${chain.name}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`] };
    }
  }));
  return { problems: results.flatMap((r) => r.problems), unreachable: results.flatMap((r) => r.unreachable) };
}

/** checkDeployment, throwing DeploymentMismatchError on any disagreement. */
export async function assertDeployment(chains: readonly ChainConfig[], role: DeploymentRole, key: Address, timeoutMs: number): Promise<DeploymentCheck> {
  const check = await checkDeployment(chains, role, key, timeoutMs);
  if (check.problems.length > 0) throw new DeploymentMismatchError(role, check.problems);
  return check;
}

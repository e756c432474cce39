// A background process's start-up gate: checkDeployment for its role, and on any disagreement one line per problem
// on stderr and exit code 1 (the supervisor then gives up on it rather than run it against the wrong contracts).
import 'server-only';
import type { Address } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { log } from '@/lib/log';
import { DeploymentMismatchError, assertDeployment, type DeploymentRole } from './checkDeployment';

/** Exit code of a process that refused to start over its configuration. */
export const EXIT_MISCONFIGURED = 78;

export async function refuseToStartOnMismatch(chains: readonly ChainConfig[], role: DeploymentRole, key: Address, timeoutMs: number): Promise<void> {
  try {
    const check = await assertDeployment(chains, role, key, timeoutMs);
    for (const line of check.unreachable) log.warn({ role }, `start-up check could not read ${line}; checked again at the next start`);
    if (check.unreachable.length === 0) log.info({ role, key, chains: chains.map((c) => c.id) }, `${role} key, factory and WETH agree with the deployed contracts`);
  } catch (error: unknown) {
    if (!(error instanceof DeploymentMismatchError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(EXIT_MISCONFIGURED);
  }
}

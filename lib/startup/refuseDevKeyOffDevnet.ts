// A process's gate before it loads (or generates) a dev key file: with its key setting unset, every chain it serves
// must be a devnet, else one line per chain on stderr and exit EXIT_MISCONFIGURED, with no key file written.
import 'server-only';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { devKeyProblems } from './devKeyProblems';
import { EXIT_MISCONFIGURED } from './refuseToStartOnMismatch';

export async function refuseDevKeyOffDevnet(role: string, envName: string, configured: string | undefined, chains: readonly ChainConfig[], timeoutMs: number): Promise<void> {
  if (configured) return;
  const problems = await devKeyProblems(chains, envName, timeoutMs);
  if (problems.length === 0) return;
  process.stderr.write(`refusing to start the ${role} with a devnet-only key: ${envName} is not set and not every chain is a devnet:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(EXIT_MISCONFIGURED);
}

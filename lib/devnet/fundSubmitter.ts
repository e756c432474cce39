// Gives the gasless submitter gas on a devnet chain: topped up to SUBMITTER_NATIVE_FUNDING whenever it has spent
// below half of it, so a long-lived data folder never runs it dry.
import type { Address } from 'viem';
import type { DevClients } from './deployUniswap';

export const SUBMITTER_NATIVE_FUNDING = 100n * 10n ** 18n;

export async function fundSubmitter(c: DevClients, submitter: Address): Promise<void> {
  const balance = await c.publicClient.getBalance({ address: submitter });
  if (balance >= SUBMITTER_NATIVE_FUNDING / 2n) return;
  await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [submitter, `0x${SUBMITTER_NATIVE_FUNDING.toString(16)}`] as never });
}

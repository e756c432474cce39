// The EIP-2612 permit a gasless firm quote offers (same-chain and cross-chain), or none; a chain that does not answer
// is a retryable 503, never a quote that silently leaves out the approval its sender needs.
import type { Address, PublicClient } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { PERMIT2_ADDRESS } from '@/lib/contracts/permit2';
import { DomainError } from '@/lib/domain/DomainError';
import { offeredApproval, type OfferedApproval } from './gaslessApproval';

export async function offeredGaslessApproval(client: PublicClient, chain: ChainConfig, token: Address, owner: Address, amount: bigint): Promise<OfferedApproval | undefined> {
  try {
    return await offeredApproval(client, chain.id, token, owner, amount, chain.permit2 ?? PERMIT2_ADDRESS);
  } catch (error: unknown) {
    throw new DomainError('CHAIN_UNAVAILABLE', `chain ${chain.id} did not answer while reading from_address's Permit2 allowance of token_in (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); try again shortly`, { retry_after_sec: 1 });
  }
}

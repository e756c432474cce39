// The settlement attester: a witness of the destination chains with its own key. It signs "filled by X" or "expired"
// only for what witnessOrder reads at the chain's confirmation depth; it never reads the relayer's store.
import 'server-only';
import { createPublicClient, http, type Address, type Hex, type LocalAccount, type PublicClient } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { ATTESTATION_KIND, signAttestation } from '@/lib/contracts/attestation';
import { witnessOrder, type WitnessRequest, type Witnessed } from './witnessOrder';

/** A final answer carries the signature `settle` / `refund(orderId, attestation)` accept; a pending one says why not yet. */
export type AttesterAnswer =
  | { kind: 'filled'; relayer: Address; filler: Address; originSettler: Address; dstChainId: number; atBlock: number; signature: Hex }
  | { kind: 'expired'; originSettler: Address; dstChainId: number; atBlock: number; signature: Hex }
  | { kind: 'pending'; dstChainId: number; reason: string };

export type Attester = { address: Address; attest(request: WitnessRequest): Promise<AttesterAnswer> };

export type AttesterOptions = {
  account: LocalAccount;
  /** The chain registry as it is now (read on every request: the devnet may rewrite it). */
  chains: () => readonly ChainConfig[];
  rpcTimeoutMs: number;
};

export function createAttester(options: AttesterOptions): Attester {
  const clients = new Map<number, { key: string; client: PublicClient }>();
  const clientOf = (chain: ChainConfig): PublicClient => {
    const key = chain.rpcUrl;
    let entry = clients.get(chain.id);
    if (!entry || entry.key !== key) {
      entry = { key, client: createPublicClient({ transport: http(chain.rpcUrl, { timeout: options.rpcTimeoutMs, retryCount: 1 }) }) as PublicClient };
      clients.set(chain.id, entry);
    }
    return entry.client;
  };
  const sign = (request: WitnessRequest, seen: Exclude<Witnessed, { kind: 'pending' }>, relayer: Address) => signAttestation({
    originChainId: request.originChainId, originSettler: seen.originSettler, orderId: request.orderId, kind: ATTESTATION_KIND[seen.kind], relayer,
  }, options.account);

  return {
    address: options.account.address,
    async attest(request) {
      const list = options.chains();
      const seen = await witnessOrder({ config: (id) => list.find((c) => c.id === id), client: clientOf }, request);
      if (seen.kind === 'pending') return seen;
      if (seen.kind === 'filled') return { ...seen, signature: await sign(request, seen, seen.relayer) };
      return { ...seen, signature: await sign(request, seen, '0x0000000000000000000000000000000000000000') };
    },
  };
}

// How the review asks the router to take the trader's input (API.md §9): through Permit2 on a signature wherever the
// chain has Permit2 and the input is a token of a same-chain swap; by an approval of the router otherwise.
import { zeroAddress, isAddressEqual, type Address } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';

export type Approval = 'allowance' | 'permit2';

type Order = { src_chain_id: number; dst_chain_id: number; token_in: Address };

export function approvalFor(order: Order, chains: readonly PublicChain[]): Approval {
  if (isAddressEqual(order.token_in, zeroAddress) || order.src_chain_id !== order.dst_chain_id) return 'allowance';
  return chains.find((c) => c.id === order.src_chain_id)?.permit2 ? 'permit2' : 'allowance';
}

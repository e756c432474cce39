// Settling one order on its origin, for `npm run filler` and our relayer alike: the origin's own status first (someone
// may have settled or refunded it already), then the attester's word, then the settle or refund it allows, simulated
// from the sender's account and sent. What each caller trusts and records stays its own (its attestation check, its
// sender, its store): they come in as `attest` and `send`.
import type { Address, Hex, PublicClient } from 'viem';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { withHeadroom } from './fillCalls';

export type SettleSteps<R, S> = {
  client: PublicClient;
  /** The order's origin settler (our router). */
  settler: Address;
  orderId: Hex;
  /** The account the call is simulated from and sent by. */
  from: Address;
  /** The attester's word as the caller accepts it: the release and its calldata, or undefined (not final, or refused). */
  attest(): Promise<{ release: R; calldata: Hex } | undefined>;
  /** Sends the call; `gas` (with headroom) rejects when the node says it would revert. */
  send(release: R, calldata: Hex, gas: Promise<bigint>): Promise<S>;
};

export type SettleOutcome<S> =
  /** The origin no longer holds it open: settled, refunded, or never opened (ORDER_STATUS). */
  | { kind: 'closed'; status: number }
  | { kind: 'waiting' }
  | { kind: 'sent'; sent: S };

export async function settleOrder<R, S>(steps: SettleSteps<R, S>): Promise<SettleOutcome<S>> {
  const { client, settler, orderId } = steps;
  const status = await client.readContract({ address: settler, abi: originSettlerAbi, functionName: 'orderStatus', args: [orderId] });
  if (status !== ORDER_STATUS.opened) return { kind: 'closed', status };
  const attested = await steps.attest();
  if (!attested) return { kind: 'waiting' };
  const gas = client.estimateGas({ account: steps.from, to: settler, data: attested.calldata }).then(withHeadroom);
  gas.catch(() => undefined);
  return { kind: 'sent', sent: await steps.send(attested.release, attested.calldata, gas) };
}

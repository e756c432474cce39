// The transactions of filling, built by this one module for `npm run filler` and for our relayer alike: the fill on
// the destination, the settlement or refund on the origin that the attester's signature allows, and the gas limit
// they are sent with.
import { encodeFunctionData, type Address, type Hex } from 'viem';
import { encodeFillerData, type FillerData } from '@/lib/contracts/encodeFillerData';
import { destinationSettlerAbi, originSettlerAbi } from '@/lib/crosschain/settlerAbi';

/** Gas limit over the node's estimate (a destination swap may touch a warmer or colder pool by the time it is mined). */
export const GAS_HEADROOM_PCT = 130n;

export const withHeadroom = (gas: bigint): bigint => (gas * GAS_HEADROOM_PCT) / 100n;

/** `DestinationSettler.fill(orderId, originData, fillerData)`: where the origin repays it, and what the filler adds. */
export function fillCalldata(orderId: Hex, originData: Hex, fillerData: FillerData = {}): Hex {
  return encodeFunctionData({ abi: destinationSettlerAbi, functionName: 'fill', args: [orderId, originData, encodeFillerData(fillerData)] });
}

/** What the attester signed for an order: its fill (paid to `relayer`, the repayment address the fill recorded) or its expiry. */
export type Release = { kind: 'filled'; relayer: Address; signature: Hex } | { kind: 'expired'; signature: Hex };

/** The origin call the attestation allows: `settle` to the recorded repayment address, or `refund` to the user. */
export function releaseCalldata(orderId: Hex, release: Release): Hex {
  return release.kind === 'filled'
    ? encodeFunctionData({ abi: originSettlerAbi, functionName: 'settle', args: [orderId, release.relayer, release.signature] })
    : encodeFunctionData({ abi: originSettlerAbi, functionName: 'refund', args: [orderId, release.signature] });
}

// Where a filler learns of open orders and gets the attestation that repays its fill.
import type { Address, Hex } from 'viem';
import type { FillerOrder } from './fillerOrder';

export type FillerAttestation =
  | { status: 'filled'; repayment: Address; calldata: Hex }
  | { status: 'expired' | 'pending' };

export type OrderSource = {
  /** Orders escrowed on their origin and not known to be filled, oldest first. */
  openOrders(): Promise<FillerOrder[]>;
  /** The attester's word on an order: settle calldata (for the origin settler, from any account) once final. */
  attestation(order: FillerOrder): Promise<FillerAttestation>;
};

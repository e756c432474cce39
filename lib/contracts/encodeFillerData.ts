// ERC-7683 `fillerData` of DestinationSettler.fill: where the origin repays the fill, and bridge asset the filler adds.
import { decodeAbiParameters, encodeAbiParameters, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem';

const FILLER_DATA_ABI = [{ name: 'repayment', type: 'address' }, { name: 'extra', type: 'uint256' }] as const;

export type FillerData = {
  /** Where the origin settler pays the escrow for this fill; the zero address (or none) means the filler itself. */
  repayment?: Address;
  /** Bridge asset the filler adds from its own inventory to the order's dstBridgeAmount. */
  extra?: bigint;
};

/** `abi.encode(address repayment, uint256 extra)`, or empty when both are defaults (repay the filler, add nothing). */
export function encodeFillerData({ repayment = zeroAddress, extra = 0n }: FillerData = {}): Hex {
  if (isAddressEqual(repayment, zeroAddress) && extra === 0n) return '0x';
  return encodeAbiParameters(FILLER_DATA_ABI, [repayment, extra]);
}

/** Inverse of encodeFillerData: empty data reads as the defaults. */
export function decodeFillerData(data: Hex): Required<FillerData> {
  if (data === '0x') return { repayment: zeroAddress, extra: 0n };
  const [repayment, extra] = decodeAbiParameters(FILLER_DATA_ABI, data);
  return { repayment, extra };
}

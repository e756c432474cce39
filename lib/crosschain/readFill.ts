// The destination settler's record of one order, `fills(orderId)`: the one reader of it for the relayer, the fillers,
// the order feed, the attester and the status API, so "filled" means the same thing everywhere.
import { getAddress, isAddressEqual, zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import { destinationSettlerAbi } from '@/lib/crosschain/settlerAbi';

export type FillRecord = {
  /** The account that filled. */
  filler: Address;
  amountOut: bigint;
  /** The fill's block timestamp on the destination, unix seconds. */
  filledAt: number;
  /** Where the origin repays the fill (what `settle` pays). */
  repayment: Address;
};

/** `fills(orderId)` on `settler` at `blockNumber` (latest when absent); undefined while nobody has filled it there. */
export async function readFill(client: PublicClient, settler: Address, orderId: Hex, blockNumber?: bigint): Promise<FillRecord | undefined> {
  const [filler, amountOut, filledAt, repayment] = await client.readContract({
    address: settler, abi: destinationSettlerAbi, functionName: 'fills', args: [orderId], ...(blockNumber !== undefined ? { blockNumber } : {}),
  });
  if (isAddressEqual(filler, zeroAddress)) return undefined;
  return { filler: getAddress(filler), amountOut, filledAt: Number(filledAt), repayment: getAddress(repayment) };
}

// Checks that a gasless order's signature is from_address's over the quote's Permit2 typed data, before it is stored.
import { isAddressEqual, recoverTypedDataAddress, type Address, type Hex } from 'viem';
import { decodeSwapPermit2Calldata, permit2TypedData } from '@/lib/contracts/permit2';

export type SignedOrder = { chainId: number; router: Address; permit2: Address; calldata: Hex; from: Address; signature: Hex };

/** True when `signature` recovers to `from` over the PermitWitnessTransferFrom the quote's calldata implies. */
export async function verifyOrderSignature(order: SignedOrder): Promise<boolean> {
  const { quote } = decodeSwapPermit2Calldata(order.calldata);
  try {
    const signer = await recoverTypedDataAddress({ ...permit2TypedData(order.chainId, order.router, quote, order.permit2), signature: order.signature });
    return isAddressEqual(signer, order.from);
  } catch {
    // Not a signature at all (a bad v, s out of range): nobody's.
    return false;
  }
}

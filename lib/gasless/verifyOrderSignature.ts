// Checks that a gasless order's signature is from_address's over the quote's Permit2 typed data, before it is stored,
// as Permit2 will: an account with code (a smart-contract wallet) answers ERC-1271, any other must have signed it.
import {
  AbiDecodingDataSizeTooSmallError, AbiDecodingZeroDataError, BaseError, ContractFunctionRevertedError, ContractFunctionZeroDataError,
  isAddressEqual, parseAbi, recoverAddress, type Address, type Hex, type PublicClient,
} from 'viem';
import { gaslessDigest } from './gaslessCalldata';

export type SignedOrder = { chainId: number; router: Address; permit2: Address; calldata: Hex; from: Address; signature: Hex };

const ERC1271_ABI = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);
const ERC1271_MAGIC_VALUE = '0x1626ba7e';

/**
 * True when `from` signed the PermitWitnessTransferFrom the order's calldata implies (the quote as witness for
 * `swapPermit2`, the whole GaslessCrossChainOrder for `openFor`): by `isValidSignature` on the chain when `from` has
 * code (Permit2's own rule), else when the signature recovers to `from`.
 */
export async function verifyOrderSignature(order: SignedOrder, client: Pick<PublicClient, 'getCode' | 'readContract'>): Promise<boolean> {
  const hash = gaslessDigest(order.chainId, order.router, order.permit2, order.calldata);
  const code = await client.getCode({ address: order.from });
  if (code && code !== '0x') {
    // A wallet that reverts or answers anything but the magic value refuses the signature; a node that does not
    // answer at all is not the wallet's refusal, so that error is the caller's.
    const answer = await client.readContract({ address: order.from, abi: ERC1271_ABI, functionName: 'isValidSignature', args: [hash, order.signature] })
      .catch((error: unknown) => (isRevert(error) ? undefined : Promise.reject(error)));
    return answer === ERC1271_MAGIC_VALUE;
  }
  try {
    return isAddressEqual(await recoverAddress({ hash, signature: order.signature }), order.from);
  } catch {
    // Not a signature at all (a bad v, s out of range): nobody's.
    return false;
  }
}

/** The wallet's own answer (a revert, no return data, a short one), as opposed to a node that did not answer. */
function isRevert(error: unknown): boolean {
  return error instanceof BaseError && Boolean(error.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError
    || e instanceof AbiDecodingZeroDataError || e instanceof AbiDecodingDataSizeTooSmallError));
}

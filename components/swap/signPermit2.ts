// The trader's Permit2 signature for a firm quote (the Permit2 path and the gasless one sign the same permit; a gasless
// cross-chain order signs the permit whose witness is its GaslessCrossChainOrder).
import type { Address, Hex } from 'viem';
import type { Config } from 'wagmi';
import { signTypedData } from 'wagmi/actions';
import type { PublicChain } from '@/lib/chains/publicChain';
import { decodeOpenForCalldata, gaslessOrderTypedData } from '@/lib/contracts/gaslessOrder';
import { decodeSwapPermit2Calldata, permit2TypedData } from '@/lib/contracts/permit2';
import { gaslessKindOf } from '@/lib/gasless/gaslessCalldata';
import type { FirmQuote } from './quoteTypes';

/**
 * The wallet signs the permit rebuilt from the calldata's own quote or order (checkFirmQuote has shown the server's
 * typed data to be the same); the signature is appended, or posted with the order, as API.md §9 says.
 */
export async function signPermit2(config: Config, q: FirmQuote, account: Address, chains: PublicChain[]): Promise<Hex> {
  const permit2 = chains.find((c) => c.id === q.src_chain_id)?.permit2;
  if (!permit2) throw new Error('This network lists no Permit2.');
  if (gaslessKindOf(q.calldata) === 'openFor') {
    const { order } = decodeOpenForCalldata(q.calldata);
    return signTypedData(config, { account, ...gaslessOrderTypedData(order, permit2, q.router_address) });
  }
  const { quote } = decodeSwapPermit2Calldata(q.calldata);
  return signTypedData(config, { account, ...permit2TypedData(q.src_chain_id, q.router_address, quote, permit2) });
}

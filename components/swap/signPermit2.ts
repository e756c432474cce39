// The trader's Permit2 signature for a firm quote (the Permit2 path and the gasless one sign the same permit).
import type { Address, Hex } from 'viem';
import type { Config } from 'wagmi';
import { signTypedData } from 'wagmi/actions';
import type { PublicChain } from '@/lib/chains/publicChain';
import { decodeSwapPermit2Calldata, permit2TypedData } from '@/lib/contracts/permit2';
import type { FirmQuote } from './quoteTypes';

/**
 * The wallet signs the permit rebuilt from the calldata's own quote (checkFirmQuote has shown the server's typed data to
 * be the same), and the signature is appended as API.md §9 says.
 */
export async function signPermit2(config: Config, q: FirmQuote, account: Address, chains: PublicChain[]): Promise<Hex> {
  const permit2 = chains.find((c) => c.id === q.src_chain_id)?.permit2;
  if (!permit2) throw new Error('This network lists no Permit2.');
  const { quote } = decodeSwapPermit2Calldata(q.calldata);
  return signTypedData(config, { account, ...permit2TypedData(q.src_chain_id, q.router_address, quote, permit2) });
}

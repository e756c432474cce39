// What the destination chain shows for a cross-chain order at its confirmation depth: filled (by whom), expired
// unfilled, or not final yet. Reads the chains only: the caller supplies the order's origin data, which must hash to
// its id, and the chain registry names the only settlers whose records count.
import 'server-only';
import { getAddress, isAddressEqual, keccak256, type Address, type Hex, type PublicClient } from 'viem';
import { depthsOf, type ChainConfig } from '@/lib/chains/chainConfig';
import { decodeOriginData } from '@/lib/contracts/crossChainQuote';
import { readFill } from '@/lib/crosschain/readFill';

export type WitnessRequest = { originChainId: number; orderId: Hex; originData: Hex };

export type Witnessed =
  /** `relayer` is the repayment address the fill recorded (what `settle` pays); `filler` the account that filled. */
  | { kind: 'filled'; originSettler: Address; relayer: Address; filler: Address; dstChainId: number; atBlock: number }
  | { kind: 'expired'; originSettler: Address; dstChainId: number; atBlock: number }
  | { kind: 'pending'; dstChainId: number; reason: string };

/** The request names something the registry does not serve, or data that is not the order's: a caller's mistake. */
export class WitnessInputError extends Error {
  override name = 'WitnessInputError';
}

export type WitnessChains = { config: (chainId: number) => ChainConfig | undefined; client: (chain: ChainConfig) => PublicClient };

/** Reads the destination at `head - confirmations` (per chain in the registry); never signs anything itself. */
export async function witnessOrder(chains: WitnessChains, request: WitnessRequest): Promise<Witnessed> {
  const origin = chains.config(request.originChainId);
  if (!origin?.swapRouter) throw new WitnessInputError(`chain ${request.originChainId} has no origin settler in the registry`);
  if (keccak256(request.originData).toLowerCase() !== request.orderId.toLowerCase()) {
    throw new WitnessInputError('originData does not hash to orderId');
  }
  let order: ReturnType<typeof decodeOriginData>;
  try {
    order = decodeOriginData(request.originData);
  } catch {
    throw new WitnessInputError('originData is not a cross-chain order');
  }
  const dstChainId = Number(order.dstChainId);
  const dst = chains.config(dstChainId);
  if (!dst?.destinationSettler) throw new WitnessInputError(`destination chain ${dstChainId} has no destination settler in the registry`);
  if (!isAddressEqual(order.dstSettler, dst.destinationSettler)) {
    throw new WitnessInputError(`the order names destination settler ${getAddress(order.dstSettler)}, not the registry's ${dst.destinationSettler}`);
  }
  const client = chains.client(dst);
  const { confirmations } = depthsOf(dst);
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const at = head - BigInt(confirmations);
  if (at < 0n) return { kind: 'pending', dstChainId, reason: `chain ${dstChainId} has fewer than ${confirmations} blocks` };
  const [fill, block] = await Promise.all([readFill(client, dst.destinationSettler, request.orderId, at), client.getBlock({ blockNumber: at })]);
  const originSettler = origin.swapRouter;
  if (fill) return { kind: 'filled', originSettler, relayer: fill.repayment, filler: fill.filler, dstChainId, atBlock: Number(at) };
  // No fill can land after a block past the deadline, so the confirmed block's word is final.
  if (block.timestamp > BigInt(order.fillDeadline)) return { kind: 'expired', originSettler, dstChainId, atBlock: Number(at) };
  return {
    kind: 'pending', dstChainId,
    reason: `not filled ${confirmations} block(s) deep on chain ${dstChainId} (block ${at}), and its fill deadline has not passed there`,
  };
}

// GET /v1/crosschain/orders/attestation: the attester's signature for an order's fill (or expiry), so a filler can
// settle itself. The store (or, while our relayer has not recorded the order, the origin's Open log) only names the
// order's origin data; the attester checks it hashes to the id and signs only what the destination chain shows at its
// confirmation depth.
import 'server-only';
import { createPublicClient, getAbiItem, http, type Hex } from 'viem';
import { loadChains } from '@/lib/chains/loadChains';
import type { OrderAttestation, OrderAttestationQuery } from '@/lib/api/schemas/crosschainOrders';
import { attesterClient } from '@/lib/attester/attesterClient';
import { DomainError } from '@/lib/domain/DomainError';
import { env } from '@/lib/env';
import { releaseCalldata } from '@/lib/filler/fillCalls';
import { log } from '@/lib/log';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { crosschainDb } from './crosschainDb';
import { orderStore } from './orderStore';

const OPEN = getAbiItem({ abi: originSettlerAbi, name: 'Open' });
/** How far back an Open our relayer has not recorded is looked for (fill windows are minutes to hours, not days). */
const OPEN_LOOKBACK_BLOCKS = 50_000n;

type OpenedOrder = { src_chain_id: number; dst_chain_id: number; origin_settler: string; origin_data: string };

/** The order's Open log on a configured origin settler, for an order no relayer has recorded (ours may be down). */
async function openedOnChain(orderId: Hex, rpcTimeoutMs: number): Promise<OpenedOrder | undefined> {
  for (const chain of loadChains()) {
    if (!chain.swapRouter) continue;
    const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: rpcTimeoutMs, retryCount: 1 }) });
    const head = await client.getBlockNumber({ cacheTime: 0 }).catch(() => undefined);
    if (head === undefined) continue;
    const fromBlock = head > OPEN_LOOKBACK_BLOCKS ? head - OPEN_LOOKBACK_BLOCKS : 0n;
    const [log] = await client.getLogs({ address: chain.swapRouter, event: OPEN, args: { orderId }, fromBlock, toBlock: head }).catch(() => []);
    const resolved = log?.args.resolvedOrder;
    const instruction = resolved?.fillInstructions[0];
    if (!instruction) continue;
    return { src_chain_id: chain.id, dst_chain_id: Number(instruction.destinationChainId), origin_settler: chain.swapRouter, origin_data: instruction.originData };
  }
  return undefined;
}

export async function orderAttestation(query: OrderAttestationQuery): Promise<OrderAttestation> {
  const orderId = query.order_id.toLowerCase() as Hex;
  const config = env();
  const order = (await orderStore(await crosschainDb()).find(orderId)) ?? (await openedOnChain(orderId, config.RPC_TIMEOUT_MS));
  if (!order) throw new DomainError('NOT_FOUND', `no configured origin settler opened cross-chain order ${query.order_id}`, { field: 'order_id' });
  const attester = attesterClient(config.ATTESTER_URL ?? `http://127.0.0.1:${config.ATTESTER_PORT}`, config.RPC_TIMEOUT_MS * 2);
  const answer = await attester.attest({ originChainId: order.src_chain_id, orderId, originData: order.origin_data as Hex }).catch((error: unknown) => {
    log.warn({ orderId, err: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'the attester did not answer');
    throw new DomainError('CHAIN_UNAVAILABLE', 'the attester does not answer right now; try again shortly', { retry_after_sec: 2 });
  });
  const base = {
    order_id: orderId, origin_chain_id: order.src_chain_id, destination_chain_id: order.dst_chain_id, origin_settler: order.origin_settler,
    filler: null, repayment: null, signature: null, calldata: null, at_block: null, reason: null,
  };
  if (answer.kind === 'pending') return { ...base, status: 'pending', reason: answer.reason };
  if (answer.kind === 'expired') {
    const calldata = releaseCalldata(orderId, answer);
    return { ...base, origin_settler: answer.originSettler, status: 'expired', signature: answer.signature, calldata, at_block: answer.atBlock };
  }
  const calldata = releaseCalldata(orderId, answer);
  return {
    ...base, origin_settler: answer.originSettler, status: 'filled', filler: answer.filler, repayment: answer.relayer,
    signature: answer.signature, calldata, at_block: answer.atBlock,
  };
}

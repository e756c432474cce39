// Filling one order, the one path of `npm run filler` and of our relayer: decide (judge → simulate → judge with gas),
// reserve, send, wait for the receipt, and note what came of it (a refusal or a mined revert is noted with its backoff,
// fillRetry). What only one of them has comes in as hooks: the relayer's caps and inventory reserved in store order
// (`reserve`), and its store-before-send under its lease fence (`send`).
import type { Hash, Hex, PublicClient, TransactionReceipt } from 'viem';
import type { FillNote } from '@/lib/crosschain/fillNotes';
import type { Refusal } from './fillPolicy';
import { revertReason, type RevertReason } from './revertReason';
import { decideFill, type DecideInput, type FillDecision } from './decideFill';
import { noteRefusal, type FillRetry } from './fillRetry';

export type FillOneInput = DecideInput & {
  retry: FillRetry;
  /** After the decision, before anything is sent: a refusal here is noted like any other (our relayer's caps). */
  reserve?(decision: Extract<FillDecision, { fill: true }>): Promise<Refusal | undefined>;
  /** Signs and sends the fill; resolves with its hash once the node holds it. */
  send(data: Hex, gas: bigint): Promise<Hash>;
  receiptTimeoutMs: number;
};

export type FillOutcome =
  | { kind: 'refused'; note: FillNote }
  /** The fill could not be sent (noted, non-deterministic): the node refused it or the sender may no longer send. */
  | { kind: 'unsent'; note: FillNote; error: unknown }
  /** Sent, no receipt within the timeout: the caller finds it on the chain later. */
  | { kind: 'unmined'; hash: Hash; error: unknown }
  | { kind: 'filled'; hash: Hash; receipt: TransactionReceipt; amount: bigint; extra: bigint }
  | { kind: 'reverted'; hash: Hash; receipt: TransactionReceipt; note: FillNote };

export async function fillOneOrder(input: FillOneInput): Promise<FillOutcome> {
  const { order, retry } = input;
  const refused = async (refusal: Refusal): Promise<FillOutcome> => ({ kind: 'refused', note: await noteRefusal(retry, order.orderId, refusal) });
  const decision = await decideFill(input);
  if (!decision.fill) return refused(decision.refusal);
  const reserved = await input.reserve?.(decision);
  if (reserved) return refused(reserved);
  const { plan } = decision;
  let hash: Hash;
  try {
    hash = await input.send(plan.data, plan.gas);
  } catch (error: unknown) {
    return { kind: 'unsent', error, note: await noteRefusal(retry, order.orderId, { name: 'SendFailed', text: `the fill could not be sent: ${revertReason(error).text}`, deterministic: false }) };
  }
  let receipt: TransactionReceipt;
  try {
    receipt = await input.client.waitForTransactionReceipt({ hash, timeout: input.receiptTimeoutMs });
  } catch (error: unknown) {
    return { kind: 'unmined', hash, error };
  }
  if (receipt.status !== 'success') return { kind: 'reverted', hash, receipt, note: await noteFillReverted(input.client, retry, order.orderId, hash, receipt) };
  return { kind: 'filled', hash, receipt, amount: order.bridgeAmount + plan.extra, extra: plan.extra };
}

/** Why a mined fill reverted: the node's trace of it, else a replay at the block before, else unknown. */
async function minedRevertReason(client: PublicClient, hash: Hash, receipt: TransactionReceipt): Promise<RevertReason> {
  try {
    const trace = await client.request({ method: 'debug_traceTransaction' as never, params: [hash, { tracer: 'callTracer' }] as never }) as { output?: Hex } | undefined;
    if (trace?.output && trace.output.length >= 10) return revertReason(trace.output);
  } catch {
    // Not every node traces; replay instead.
  }
  const tx = await client.getTransaction({ hash });
  return client.call({ account: tx.from, to: tx.to ?? undefined, data: tx.input, blockNumber: receipt.blockNumber - 1n, gasPrice: receipt.effectiveGasPrice })
    .then(() => ({ name: 'RevertedOnChain', args: [], deterministic: false, text: 'the fill reverted on-chain though it passed simulation' }), revertReason);
}

/** A mined fill reverted: name why, count it, and back off (or give up) before the order is tried again. */
export async function noteFillReverted(client: PublicClient, retry: FillRetry, orderId: string, hash: Hash, receipt: TransactionReceipt): Promise<FillNote> {
  const reason = await minedRevertReason(client, hash, receipt).catch((error: unknown) => revertReason(error));
  return noteRefusal(retry, orderId, reason, true);
}

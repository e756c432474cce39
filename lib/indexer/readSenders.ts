// The sender (`from`) of each transaction that emitted a trade: the trade's maker.
import { getAddress, type Address, type Hash, type PublicClient } from 'viem';

/** Blocks with more trade transactions than this are read whole (one call) instead of one transaction at a time. */
const WHOLE_BLOCK_FROM = 8;
/** Requests in flight at once. */
const CONCURRENCY = 16;

type TxRef = { blockNumber: bigint; transactionHash: Hash };

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENCY) await Promise.all(items.slice(i, i + CONCURRENCY).map(run));
}

/** tx hash (lower-case) → sender (EIP-55) for every transaction of `refs`. */
export async function readSenders(client: PublicClient, refs: readonly TxRef[]): Promise<Map<string, Address>> {
  const byBlock = new Map<bigint, Set<string>>();
  for (const r of refs) {
    const set = byBlock.get(r.blockNumber) ?? new Set<string>();
    set.add(r.transactionHash.toLowerCase());
    byBlock.set(r.blockNumber, set);
  }
  const out = new Map<string, Address>();
  const wholeBlocks: bigint[] = [];
  const single: string[] = [];
  for (const [block, hashes] of byBlock) {
    if (hashes.size > WHOLE_BLOCK_FROM) wholeBlocks.push(block);
    else single.push(...hashes);
  }
  await inBatches(wholeBlocks, async (blockNumber) => {
    const block = await client.getBlock({ blockNumber, includeTransactions: true });
    for (const tx of block.transactions) out.set(tx.hash.toLowerCase(), getAddress(tx.from));
  });
  await inBatches(single, async (hash) => {
    const tx = await client.getTransaction({ hash: hash as Hash });
    out.set(hash, getAddress(tx.from));
  });
  for (const r of refs) {
    if (!out.has(r.transactionHash.toLowerCase())) throw new Error(`transaction ${r.transactionHash} of block ${r.blockNumber} not found`);
  }
  return out;
}

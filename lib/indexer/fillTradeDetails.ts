// Trades stored before trades had a side and a maker get both from their transaction's receipt, in batches.
import type { Transaction } from 'kysely';
import { decodeEventLog, getAddress, type Hash, type PublicClient } from 'viem';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import type { Database, Db } from '@/lib/db/schema';
import { tradeSide } from './tradeSide';

const BATCH_ROWS = 500;
/** Receipts in flight at once. */
const CONCURRENCY = 16;

/** Per store, the chains whose trades all have a side, in this process: later passes skip the look-up. */
const complete = new WeakMap<Db, Set<number>>();

type Pending = { tx_hash: string; log_index: number; pair_id: number; base_is_token0: number };

async function receiptDetails(client: PublicClient, txHash: string): Promise<{ from: string; swaps: Map<number, { a0In: bigint; a0Out: bigint }> }> {
  const receipt = await client.getTransactionReceipt({ hash: txHash as Hash });
  const swaps = new Map<number, { a0In: bigint; a0Out: bigint }>();
  for (const log of receipt.logs) {
    try {
      const e = decodeEventLog({ abi: uniswapV2PairAbi, data: log.data, topics: log.topics, strict: true });
      if (e.eventName === 'Swap') swaps.set(log.logIndex, { a0In: e.args.amount0In, a0Out: e.args.amount0Out });
    } catch {
      // Another contract's event.
    }
  }
  return { from: getAddress(receipt.from), swaps };
}

/**
 * Fills side and maker of up to `maxRows` trades of `chainId` that lack them; returns how many it filled.
 * `fence` runs inside each write transaction (the writer's lease check).
 */
export async function fillTradeDetails(
  db: Db, client: PublicClient, chainId: number, fence?: (trx: Transaction<Database>) => Promise<void>, maxRows = 20_000,
): Promise<number> {
  const done = complete.get(db) ?? new Set<number>();
  complete.set(db, done);
  if (done.has(chainId)) return 0;
  let filled = 0;
  while (filled < maxRows) {
    const rows: Pending[] = (await db.selectFrom('market_trades').innerJoin('market_pairs', 'market_pairs.pair_id', 'market_trades.pair_id')
      .select(['market_trades.tx_hash', 'market_trades.log_index', 'market_trades.pair_id', 'market_pairs.base_is_token0'])
      .where('market_trades.chain_id', '=', chainId).where('market_trades.side', 'is', null).limit(BATCH_ROWS).execute())
      .map((r) => ({ ...r, log_index: Number(r.log_index), pair_id: Number(r.pair_id), base_is_token0: Number(r.base_is_token0) }));
    if (rows.length === 0) {
      done.add(chainId);
      return filled;
    }
    const hashes = [...new Set(rows.map((r) => r.tx_hash))];
    const details = new Map<string, Awaited<ReturnType<typeof receiptDetails>>>();
    for (let i = 0; i < hashes.length; i += CONCURRENCY) {
      await Promise.all(hashes.slice(i, i + CONCURRENCY).map(async (h) => details.set(h, await receiptDetails(client, h))));
    }
    await db.transaction().execute(async (trx) => {
      for (const r of rows) {
        const d = details.get(r.tx_hash);
        const swap = d?.swaps.get(r.log_index);
        if (!d || !swap) throw new Error(`trade ${r.tx_hash}#${r.log_index} is not in its transaction's receipt`);
        await trx.updateTable('market_trades').set({ side: tradeSide(r.base_is_token0 === 1, swap.a0In, swap.a0Out), maker: d.from })
          .where('chain_id', '=', chainId).where('tx_hash', '=', r.tx_hash).where('log_index', '=', r.log_index).execute();
      }
      await fence?.(trx);
    });
    filled += rows.length;
  }
  return filled;
}

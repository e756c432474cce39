// One indexing pass over a chain: reorg check, new pools, then Swap logs from the checkpoint to the head.
import type { PublicClient } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { Transaction } from 'kysely';
import type { Database, Db, MarketPairsTable } from '@/lib/db/schema';
import { rollbackTrades } from '@/lib/market/rollbackTrades';
import { storeTrades, type NewTrade } from '@/lib/market/storeTrades';
import { chainPairs, discoverPairs } from './discoverPairs';
import { quoteRank } from './orientPair';
import { fillPoolHoldings, latestReserves, markHoldingsStale, storeReserves } from './poolReserves';
import { fillTradeDetails } from './fillTradeDetails';
import { readSenders } from './readSenders';
import { readPoolLogs, type SwapLog } from './readSwapLogs';
import { tradeSide } from './tradeSide';
import { UsdPricer, type PricedPair } from './usdPricer';

export type IndexOptions = {
  /** Blocks per getLogs range. */
  rangeBlocks?: number;
  /** Stops between ranges (a clean shutdown). */
  signal?: AbortSignal;
  /** Runs inside each range's transaction just before commit; a throw rolls the range back (crash tests). */
  beforeCommit?: (range: { from: bigint; to: bigint }) => void | Promise<void>;
  /** Runs inside every write transaction before commit: the job lease's fence check (a deposed writer's write fails). */
  fence?: (trx: Transaction<Database>) => Promise<void>;
};

export type IndexResult = { head: bigint; checkpoint: bigint; trades: number; rolledBack: number };

/** How far back a reorg is searched for, in blocks that carried trades. */
const MAX_REORG_PROBES = 512;

type PairRuntime = PricedPair & { row: MarketPairsTable };

async function checkpointOf(db: Db, chainId: number) {
  const row = await db.selectFrom('indexer_checkpoints').selectAll().where('chain_id', '=', chainId).executeTakeFirst();
  return row ? { blockNumber: BigInt(row.block_number), blockHash: row.block_hash, state: row.state } : undefined;
}

async function hashAt(client: PublicClient, blockNumber: bigint): Promise<string | undefined> {
  try {
    return (await client.getBlock({ blockNumber })).hash ?? undefined;
  } catch {
    return undefined;
  }
}

/** If the checkpoint's block changed under us, rolls back to the highest stored block that is still canonical. */
async function handleReorg(db: Db, client: PublicClient, chain: ChainConfig, fence: IndexOptions['fence']): Promise<number> {
  const cp = await checkpointOf(db, chain.id);
  if (!cp || (await hashAt(client, cp.blockNumber)) === cp.blockHash) return 0;
  const stored = await db.selectFrom('market_trades').select(['block_number', 'block_hash']).distinct()
    .where('chain_id', '=', chain.id).orderBy('block_number', 'desc').limit(MAX_REORG_PROBES).execute();
  let fork = { chainId: chain.id, blockNumber: chain.startBlock - 1, blockHash: '' };
  for (const s of stored) {
    const n = BigInt(s.block_number);
    if ((await hashAt(client, n)) === s.block_hash) {
      fork = { chainId: chain.id, blockNumber: Number(n), blockHash: s.block_hash };
      break;
    }
  }
  return rollbackTrades(db, fork, fence);
}

async function pricerFor(db: Db, chain: ChainConfig, pairs: Map<string, PairRuntime>, state: string | null | undefined): Promise<UsdPricer> {
  const pricer = new UsdPricer(chain.stablecoins);
  if (state) {
    pricer.restore(state);
    return pricer;
  }
  // After a rollback the saved prices are gone: replay each pair's latest remaining trade in chain order.
  const latest: { p: PairRuntime; block: number; log: number; b: bigint; q: bigint }[] = [];
  for (const p of pairs.values()) {
    const t = await db.selectFrom('market_trades').select(['block_number', 'log_index', 'amount_base', 'amount_quote'])
      .where('pair_id', '=', p.row.pair_id).orderBy('ts', 'desc').orderBy('block_number', 'desc').orderBy('log_index', 'desc').limit(1).executeTakeFirst();
    if (t) latest.push({ p, block: Number(t.block_number), log: Number(t.log_index), b: BigInt(t.amount_base), q: BigInt(t.amount_quote) });
  }
  latest.sort((x, y) => x.block - y.block || x.log - y.log);
  for (const l of latest) pricer.observe(l.p, l.b, l.q);
  return pricer;
}

function runtimePairs(chain: ChainConfig, rows: MarketPairsTable[]): Map<string, PairRuntime> {
  return new Map(rows.map((row) => [row.pool.toLowerCase(), {
    row, base: row.base as `0x${string}`, quote: row.quote as `0x${string}`, baseDecimals: row.base_decimals, quoteDecimals: row.quote_decimals,
    quoteRank: quoteRank(chain, { address: row.quote as `0x${string}`, symbol: row.quote_symbol, decimals: row.quote_decimals }),
  }]));
}

const absDiff = (a: bigint, b: bigint) => (a > b ? a - b : b - a);

async function timestamps(client: PublicClient, logs: SwapLog[]): Promise<Map<bigint, number>> {
  const out = new Map<bigint, number>();
  for (const l of logs) if (l.blockTimestamp !== undefined) out.set(l.blockNumber, Number(l.blockTimestamp));
  const missing = [...new Set(logs.map((l) => l.blockNumber))].filter((n) => !out.has(n));
  const blocks = await Promise.all(missing.map((blockNumber) => client.getBlock({ blockNumber })));
  for (const b of blocks) out.set(b.number, Number(b.timestamp));
  return out;
}

type TradeContext = { pairs: Map<string, PairRuntime>; times: Map<bigint, number>; senders: Map<string, string>; pricer: UsdPricer };

function toTrades(chainId: number, logs: SwapLog[], { pairs, times, senders, pricer }: TradeContext): NewTrade[] {
  const trades: NewTrade[] = [];
  for (const l of logs) {
    const p = pairs.get(l.address.toLowerCase());
    const ts = times.get(l.blockNumber);
    const maker = senders.get(l.transactionHash.toLowerCase());
    if (!p || ts === undefined || maker === undefined) continue;
    const a = l.args;
    const d0 = absDiff(a.amount0In, a.amount0Out);
    const d1 = absDiff(a.amount1In, a.amount1Out);
    const [amountBase, amountQuote] = p.row.base_is_token0 ? [d0, d1] : [d1, d0];
    // A swap that nets zero on one side (a repaid flash loan) has no price and is not a trade.
    if (amountBase === 0n || amountQuote === 0n) continue;
    const usdE18 = pricer.tradeUsdE18(p, amountQuote);
    pricer.observe(p, amountBase, amountQuote);
    trades.push({
      chainId, txHash: l.transactionHash, logIndex: l.logIndex, pairId: p.row.pair_id, blockNumber: Number(l.blockNumber),
      blockHash: l.blockHash, ts, amountBase, amountQuote, usdE18, side: tradeSide(p.row.base_is_token0 === 1, a.amount0In, a.amount0Out), maker,
    });
  }
  return trades;
}

/** Indexes `chain` from its checkpoint (or startBlock) up to the current head. */
export async function indexChain(db: Db, client: PublicClient, chain: ChainConfig, options: IndexOptions = {}): Promise<IndexResult> {
  const rangeBlocks = BigInt(options.rangeBlocks ?? 2_000);
  const rolledBack = await handleReorg(db, client, chain, options.fence);
  // Trades stored before trades had a side and a maker get them first (a no-op once done).
  await fillTradeDetails(db, client, chain.id, options.fence);
  const head = await client.getBlockNumber({ cacheTime: 0 });
  await discoverPairs(db, client, chain, head);
  const pairs = runtimePairs(chain, await chainPairs(db, chain.id));
  const cp = await checkpointOf(db, chain.id);
  const pricer = await pricerFor(db, chain, pairs, cp?.state);
  let from = (cp?.blockNumber ?? BigInt(chain.startBlock) - 1n) + 1n;
  let trades = 0;
  while (from <= head && !options.signal?.aborted) {
    const to = from + rangeBlocks - 1n < head ? from + rangeBlocks - 1n : head;
    const endBlock = await client.getBlock({ blockNumber: to });
    if (!endBlock.hash) throw new Error(`block ${to} has no hash yet`);
    const { swaps: v2Logs, syncs, v3Swaps, v3Changes } = await readPoolLogs(client, from, to);
    // Each kind of Swap counts only for a pair of that kind.
    const kindOf = (l: SwapLog) => pairs.get(l.address.toLowerCase())?.row.source;
    const logs = [...v2Logs.filter((l) => kindOf(l) === 'uniswap_v2'), ...v3Swaps.filter((l) => kindOf(l) === 'uniswap_v3')];
    // Block `to` unchanged across the read means no block in the range changed either (hashes chain); else a
    // reorg happened mid-read: stop here and let the next pass roll back and re-read.
    if ((await client.getBlock({ blockNumber: to })).hash !== endBlock.hash) break;
    const sorted = logs.sort((x, y) => (x.blockNumber === y.blockNumber ? x.logIndex - y.logIndex : x.blockNumber < y.blockNumber ? -1 : 1));
    if (sorted.some((l) => l.blockNumber === to && l.blockHash !== endBlock.hash)) break;
    const ours = sorted.filter((l) => pairs.has(l.address.toLowerCase()));
    const [times, senders] = await Promise.all([timestamps(client, ours), readSenders(client, ours)]);
    const batch = toTrades(chain.id, ours, { pairs, times, senders, pricer });
    const reserves = latestReserves(syncs, pairs);
    // V3 pools that traded, or whose positions were minted, burnt or collected, in the range: their holdings and
    // price are read again at the end of the pass (they emit no Sync).
    const v3Changed = new Set<number>();
    for (const l of [...ours, ...v3Changes]) {
      const p = pairs.get(l.address.toLowerCase());
      if (p?.row.source === 'uniswap_v3') v3Changed.add(p.row.pair_id);
    }
    const range = { from, to };
    trades += await storeTrades(db, batch, { chainId: chain.id, blockNumber: Number(to), blockHash: endBlock.hash, state: pricer.serialize() },
      async (trx) => {
        await storeReserves(trx, reserves);
        await markHoldingsStale(trx, [...v3Changed]);
        await options.fence?.(trx);
        await options.beforeCommit?.(range);
      });
    from = to + 1n;
  }
  // Pools whose holdings are not known yet (new, reset by a rollback, or V3 pools that changed) are read at the checkpoint.
  if (!options.signal?.aborted && from - 1n === head) await fillPoolHoldings(db, client, chain.id, head, options.fence);
  return { head, checkpoint: from - 1n, trades, rolledBack };
}

// The quote-status follower, a background job: records the router's QuoteFilled events against the stored quotes
// from a cursor kept in the store, so a restart or a standby taking over resumes where the last commit stopped
// (no gap, no fill twice). Only the copy holding the `quote-follower` lease runs it.
import 'server-only';
import { decodeEventLog, type Log, type PublicClient } from 'viem';
import type { Kysely, Transaction } from 'kysely';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { JobTables } from '@/lib/jobs/jobTables';
import { log } from '@/lib/log';
import type { QuoteDb, QuoteTables } from './quotesTable';
import { quoteStore, type QuoteFill } from './quoteStore';
import { abortableSleep } from '@/lib/jobs/abortableSleep';

export const QUOTE_FOLLOWER_JOB = 'quote-follower';
/** Blocks per getLogs request while catching up. */
const MAX_RANGE_BLOCKS = 2_000n;
/** How far back a detected reorg re-reads the router's logs (the fork point itself is not known). */
const REORG_REWIND_BLOCKS = 128n;

type Tables = QuoteTables & JobTables;
export type FillDb = Kysely<Tables>;
export type Fence = (trx: Transaction<Tables>) => Promise<void>;

/** The router's fills among `logs` (its other events, e.g. signer changes, are skipped). */
export function fillsOf(chainId: number, logs: readonly Log[]): QuoteFill[] {
  return logs.flatMap((entry) => {
    let event;
    try {
      event = decodeEventLog({ abi: swapRouterAbi, data: entry.data, topics: entry.topics });
    } catch {
      return [];
    }
    if (event.eventName !== 'QuoteFilled' || !entry.transactionHash || entry.blockNumber === null) return [];
    return [{ quoteId: event.args.quoteId, chainId, txHash: entry.transactionHash, amountOut: event.args.amountOut, block: Number(entry.blockNumber) }];
  });
}

async function saveCursor(trx: Transaction<Tables>, chainId: number, block: bigint, hash: string): Promise<void> {
  await trx.insertInto('job_cursors')
    .values({ job: QUOTE_FOLLOWER_JOB, chain_id: chainId, block_number: block.toString(), block_hash: hash })
    .onConflict((oc) => oc.columns(['job', 'chain_id']).doUpdateSet({ block_number: block.toString(), block_hash: hash }))
    .execute();
}

export type FillPass = { chainId: number; from: bigint; to: bigint; fills: number; replacing: boolean };

/**
 * One step on `chain`: the router's logs from the cursor (at most MAX_RANGE_BLOCKS) recorded with the cursor's move
 * in one transaction. A cursor block that is no longer canonical (a reorg) re-reads the last REORG_REWIND_BLOCKS and
 * replaces the fills recorded there. The first run starts at the head: older quotes are settled by the status route.
 */
export async function followFills(db: FillDb, client: PublicClient, chain: ChainConfig, fence?: Fence): Promise<FillPass | undefined> {
  const router = chain.swapRouter;
  if (!router) return undefined;
  const head = await client.getBlock({ blockTag: 'latest' });
  if (!head.hash) return undefined;
  const cursor = await db.selectFrom('job_cursors').selectAll().where('job', '=', QUOTE_FOLLOWER_JOB).where('chain_id', '=', chain.id).executeTakeFirst();
  if (!cursor) {
    const hash = head.hash;
    await db.transaction().execute(async (trx) => {
      await saveCursor(trx, chain.id, head.number, hash);
      await fence?.(trx);
    });
    return { chainId: chain.id, from: head.number + 1n, to: head.number, fills: 0, replacing: false };
  }
  const at = BigInt(cursor.block_number);
  let from = at + 1n;
  let replacing = false;
  const canonical = at <= head.number ? (await client.getBlock({ blockNumber: at })).hash : undefined;
  if (canonical !== cursor.block_hash) {
    const base = at <= head.number ? at : head.number;
    from = base > REORG_REWIND_BLOCKS ? base - REORG_REWIND_BLOCKS : 0n;
    replacing = true;
  }
  if (from > head.number) return undefined;
  const to = from + MAX_RANGE_BLOCKS - 1n < head.number ? from + MAX_RANGE_BLOCKS - 1n : head.number;
  const end = to === head.number ? head : await client.getBlock({ blockNumber: to });
  if (!end.hash) return undefined;
  const endHash = end.hash;
  const logs = await client.getLogs({ address: router, fromBlock: from, toBlock: to });
  // The range changed under the read (a reorg mid-read): leave it for the next pass.
  if (logs.some((l) => l.blockNumber === to && l.blockHash !== endHash)) return undefined;
  const fills = fillsOf(chain.id, logs);
  const now = Math.floor(Date.now() / 1000);
  await db.transaction().execute(async (trx) => {
    // The same transaction seen with the quotes table only (Kysely's table maps are invariant).
    const store = quoteStore(trx as unknown as QuoteDb);
    if (replacing) await store.unfillFrom(chain.id, Number(from), now);
    for (const fill of fills) await store.markFilled(fill, now);
    await saveCursor(trx, chain.id, to, endHash);
    await fence?.(trx);
  });
  if (replacing) log.info({ chainId: chain.id, from: Number(from), to: Number(to), fills: fills.length }, 'reorg: router fills re-read');
  return { chainId: chain.id, from, to, fills: fills.length, replacing };
}

export type RunFillFollowerOptions = {
  chains: () => readonly ChainConfig[];
  client: (chain: ChainConfig) => PublicClient;
  pollMs: number;
  signal: AbortSignal;
  fence?: Fence;
};

/** Follows every chain until `signal` aborts; a failing chain is logged and retried at the next poll. */
export async function runFillFollower(db: FillDb, options: RunFillFollowerOptions): Promise<void> {
  const failing = new Set<number>();
  while (!options.signal.aborted) {
    let behind = false;
    for (const chain of options.chains()) {
      if (options.signal.aborted) break;
      try {
        const pass = await followFills(db, options.client(chain), chain, options.fence);
        if (pass && pass.fills > 0) log.info({ chainId: chain.id, fills: pass.fills, to: Number(pass.to) }, 'quote fills recorded');
        if (failing.delete(chain.id)) log.info({ chainId: chain.id }, 'quote follower answers again');
        // A full range means more to catch up on: go again without waiting.
        if (pass && pass.to - pass.from + 1n >= MAX_RANGE_BLOCKS) behind = true;
      } catch (error: unknown) {
        if (!failing.has(chain.id)) log.warn({ chainId: chain.id, err: error instanceof Error ? error.message : String(error) }, 'quote follower pass failed; retrying');
        failing.add(chain.id);
      }
    }
    if (!behind) await abortableSleep(options.pollMs, options.signal);
  }
}

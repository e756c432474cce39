// The indexer loop: every poll interval, one pass per chain; a failing chain is logged and retried next poll.
import 'server-only';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { Db } from '@/lib/db/schema';
import { log } from '@/lib/log';
import { chainClient } from './chainClient';
import { indexChain, type IndexOptions } from './indexChain';
import { abortableSleep } from '@/lib/jobs/abortableSleep';

export type RunIndexerOptions = {
  pollMs: number;
  rangeBlocks: number;
  signal: AbortSignal;
  chains: () => ChainConfig[];
  /** The lease's fence check, run inside every write transaction. */
  fence?: IndexOptions['fence'];
};

export async function runIndexer(db: Db, options: RunIndexerOptions): Promise<void> {
  const { signal } = options;
  while (!signal.aborted) {
    for (const chain of options.chains()) {
      if (signal.aborted) break;
      try {
        const r = await indexChain(db, chainClient(chain), chain, { rangeBlocks: options.rangeBlocks, signal, fence: options.fence });
        if (r.trades || r.rolledBack) log.info({ chainId: chain.id, head: Number(r.head), trades: r.trades, rolledBack: r.rolledBack }, 'indexed');
      } catch (error: unknown) {
        log.warn({ chainId: chain.id, err: error instanceof Error ? error.message : String(error) }, 'indexing pass failed; retrying');
      }
    }
    await abortableSleep(options.pollMs, signal);
  }
}

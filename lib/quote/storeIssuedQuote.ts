// Stores an issued firm quote; a store that cannot take it makes the request a retryable 503.
import 'server-only';
import { DomainError } from '@/lib/domain/DomainError';
import { log } from '@/lib/log';
import { quoteDb } from './quoteDb';
import { quoteStore, type NewQuote } from './quoteStore';
import { gaslessDb } from '@/lib/gasless/gaslessDb';
import { gaslessOrderStore, type NewGaslessOrder } from '@/lib/gasless/gaslessOrderStore';

/** A store that failed a write is usually back within a second or two (a restart, a failover). */
const STORE_RETRY_AFTER_SEC = 2;

/**
 * A firm quote exists only once stored (its status and fill are looked up by id): if the store cannot take it, the
 * caller gets a retryable 503 and no calldata, never a quote nobody can follow.
 */
export async function storeIssuedQuote(quote: NewQuote): Promise<void> {
  await stored(async () => quoteStore(await quoteDb()).insert(quote));
}

/** A gasless quote's order, kept for POST /v1/orders and the submitter; unstored, the quote is not answered either. */
export async function storeGaslessOrder(order: NewGaslessOrder): Promise<void> {
  await stored(async () => gaslessOrderStore(await gaslessDb()).insert(order, Date.now()));
}

async function stored(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error: unknown) {
    if (error instanceof DomainError) throw error;
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'firm quote not stored');
    throw new DomainError('CHAIN_UNAVAILABLE', 'the quote store is not answering right now, so no firm quote was issued; try again shortly', {
      retry_after_sec: STORE_RETRY_AFTER_SEC,
    });
  }
}

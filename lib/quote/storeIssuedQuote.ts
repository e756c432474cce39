// Stores an issued firm quote; a store that cannot take it makes the request a retryable 503.
import 'server-only';
import { DomainError } from '@/lib/domain/DomainError';
import { log } from '@/lib/log';
import { quoteDb } from './quoteDb';
import { quoteStore, type NewQuote } from './quoteStore';

/** A store that failed a write is usually back within a second or two (a restart, a failover). */
const STORE_RETRY_AFTER_SEC = 2;

/**
 * A firm quote exists only once stored (its status and fill are looked up by id): if the store cannot take it, the
 * caller gets a retryable 503 and no calldata, never a quote nobody can follow.
 */
export async function storeIssuedQuote(quote: NewQuote): Promise<void> {
  try {
    await quoteStore(await quoteDb()).insert(quote);
  } catch (error: unknown) {
    if (error instanceof DomainError) throw error;
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'firm quote not stored');
    throw new DomainError('CHAIN_UNAVAILABLE', 'the quote store is not answering right now, so no firm quote was issued; try again shortly', {
      retry_after_sec: STORE_RETRY_AFTER_SEC,
    });
  }
}

// GET /v1/quote/status: a stored firm quote followed to `filled` (router QuoteFilled) or `expired` (chain time past deadline).
import 'server-only';
import { getAbiItem, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { ApiError } from '@/lib/api/errors';
import type { QuoteStatus } from '@/lib/api/schemas/quote';
import type { AuthContext } from '@/lib/auth/authContext';
import { findChain } from '@/lib/chains/loadChains';
import { log } from '@/lib/log';
import { quoteDb } from './quoteDb';
import { followerFor } from './quoteFollowers';
import { quoteStore, type QuoteStore, type StoredQuote } from './quoteStore';

const QUOTE_FILLED = getAbiItem({ abi: swapRouterAbi, name: 'QuoteFilled' });

/**
 * Settles an `issued` quote the follower cannot vouch for alone: issued before it started watching (a restart),
 * or past its deadline by the chain's clock. One bounded log query; on RPC trouble the stored state stands.
 */
async function settle(store: QuoteStore, row: StoredQuote): Promise<void> {
  const chain = findChain(row.src_chain_id);
  if (!chain) return;
  const follower = followerFor(chain);
  const through = follower.watchedThrough();
  if (!through) return;
  const expiredOnChain = through.timestamp > BigInt(row.deadline);
  if (BigInt(row.issued_block) >= through.since && !expiredOnChain) return;
  const now = Math.floor(Date.now() / 1000);
  try {
    const logs = await follower.client.getLogs({
      address: row.router_address as Address,
      event: QUOTE_FILLED,
      args: { quoteId: row.quote_id as Hex },
      fromBlock: BigInt(row.issued_block),
      toBlock: through.block,
    });
    const fill = logs[0];
    if (fill?.transactionHash && fill.args.amountOut !== undefined) {
      const block = Number(fill.blockNumber);
      await store.markFilled({ quoteId: row.quote_id, chainId: row.src_chain_id, txHash: fill.transactionHash, amountOut: fill.args.amountOut, block }, now);
    } else if (expiredOnChain) {
      await store.markExpired(row.quote_id, now);
    }
  } catch (error: unknown) {
    log.warn({ chainId: row.src_chain_id, err: error instanceof Error ? error.message : String(error) }, 'quote status lookup failed');
  }
}

export async function quoteStatus(quoteId: string, auth: AuthContext): Promise<QuoteStatus> {
  const store = quoteStore(await quoteDb());
  let row = await store.find(quoteId);
  // Another caller's quote answers exactly like an unknown one: ids are not an oracle.
  if (!row || row.sub !== auth.sub) throw new ApiError('NOT_FOUND', `quote_id ${quoteId} is not a quote of this token`, { field: 'quote_id' });
  if (row.status === 'issued') {
    await settle(store, row);
    row = (await store.find(quoteId)) ?? row;
  }
  return {
    quote_id: row.quote_id,
    status: row.status,
    src_tx_hash: row.src_tx_hash,
    dst_tx_hash: row.dst_tx_hash,
    amount_out_actual: row.amount_out_actual,
    updated_at: row.updated_at,
  };
}

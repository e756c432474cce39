// GET /v1/quote/status: a stored firm quote followed to `filled` (router QuoteFilled) or `expired` (chain time past deadline); cross-chain quotes follow their ERC-7683 order as the relayer records it, or as the chains show it when the relayer is behind.
import 'server-only';
import { getAbiItem, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { DomainError } from '@/lib/domain/DomainError';
import type { QuoteStatus } from '@/lib/api/schemas/quote';
import type { AuthContext } from '@/lib/auth/authContext';
import { findChain } from '@/lib/chains/loadChains';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { orderStore, type OrderStore } from '@/lib/crosschain/orderStore';
import { fillNotes } from '@/lib/crosschain/fillNotes';
import { log } from '@/lib/log';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { crossChainStatusOf, type ChainOrderState, type SeenDeposit } from '@/lib/crosschain/crossChainStatusOf';
import { readChainOrderState } from '@/lib/crosschain/readChainOrderState';
import type { StoredOrder } from '@/lib/crosschain/orderStore';
import { quoteDb } from './quoteDb';
import { gaslessDb } from '@/lib/gasless/gaslessDb';
import { gaslessOrderStore } from '@/lib/gasless/gaslessOrderStore';
import { gaslessStatus } from '@/lib/gasless/gaslessStatus';
import { followerFor } from '@/lib/chainstate/quoteFollowers';
import { quoteStore, type QuoteStore, type StoredQuote } from './quoteStore';

const QUOTE_FILLED = getAbiItem({ abi: swapRouterAbi, name: 'QuoteFilled' });
const ORDER_ESCROWED = getAbiItem({ abi: originSettlerAbi, name: 'OrderEscrowed' });
/** A relayer whose deposit scan has not moved for this long, or lags this many blocks, may be missing a deposit. */
const RELAYER_QUIET_MS = 15_000;
const RELAYER_LAG_BLOCKS = 5n;

/** The source chain's follower of a quote, how far it has watched, and whether the chain's clock is past the deadline. */
function watchedSource(row: StoredQuote) {
  const chain = findChain(row.src_chain_id);
  if (!chain) return undefined;
  const follower = followerFor(chain);
  const through = follower.watchedThrough();
  if (!through) return undefined;
  return { follower, through, expiredOnChain: through.timestamp > BigInt(row.deadline) };
}

/**
 * Settles an `issued` quote the quote-follower job may not have seen: issued before this instance started watching
 * (the job may have started later too), or past its deadline by the chain's clock. One bounded log query; on RPC
 * trouble the stored state stands. Fills of newer quotes are recorded by the job within a poll.
 */
async function settle(store: QuoteStore, row: StoredQuote): Promise<void> {
  const source = watchedSource(row);
  if (!source) return;
  const { follower, through, expiredOnChain } = source;
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

/**
 * A deposit of an undeposited-looking cross-chain quote, read from the source chain when the relayer cannot vouch
 * for its absence (it is quiet or behind), the quote's deadline has passed, or the destination clock is past the
 * fill deadline (a relayer that stopped just now still looks current); none past the deadline expires the quote.
 */
async function findDeposit(store: QuoteStore, orders: OrderStore, row: StoredQuote, dstTime: bigint | undefined): Promise<SeenDeposit | undefined> {
  const source = row.order_id ? watchedSource(row) : undefined;
  if (!source || !row.order_id) return undefined;
  const { follower, through, expiredOnChain } = source;
  const progress = await orders.progress(row.src_chain_id);
  const relayerCurrent = progress !== undefined && Date.now() - progress.updatedAtMs <= RELAYER_QUIET_MS && BigInt(progress.scannedBlock) + RELAYER_LAG_BLOCKS >= through.block;
  const pastFillDeadline = dstTime !== undefined && row.fill_deadline !== null && dstTime > BigInt(row.fill_deadline);
  if (relayerCurrent && !expiredOnChain && !pastFillDeadline) return undefined;
  try {
    const logs = await follower.client.getLogs({
      address: row.router_address as Address,
      event: ORDER_ESCROWED,
      // By quote: the order id binds the escrow the source swap produced, which the quote only expects.
      args: { quoteId: row.quote_id as Hex },
      fromBlock: BigInt(row.issued_block),
      toBlock: through.block,
    });
    const found = logs[0];
    if (found?.transactionHash && found.args.bridgeToken && found.args.amount !== undefined) {
      return { txHash: found.transactionHash, escrowToken: found.args.bridgeToken, escrowAmount: found.args.amount.toString(), ...(found.args.orderId ? { orderId: found.args.orderId } : {}) };
    }
    if (expiredOnChain) await store.markExpired(row.quote_id, Math.floor(Date.now() / 1000));
  } catch (error: unknown) {
    log.warn({ chainId: row.src_chain_id, err: error instanceof Error ? error.message : String(error) }, 'cross-chain deposit lookup failed');
  }
  return undefined;
}

/** REFUND_GRACE_SEC of each source router (immutable, so read once); undefined while the chain does not answer. */
const refundGrace = new Map<string, Promise<number | undefined>>();
function refundGraceOf(row: StoredQuote): Promise<number | undefined> {
  const source = watchedSource(row);
  if (!source) return Promise.resolve(undefined);
  const key = `${row.src_chain_id}:${row.router_address.toLowerCase()}`;
  let grace = refundGrace.get(key);
  if (!grace) {
    grace = source.follower.client.readContract({ address: row.router_address as Address, abi: swapRouterAbi, functionName: 'REFUND_GRACE_SEC' })
      .then((v) => Number(v), () => {
        refundGrace.delete(key);
        return undefined;
      });
    refundGrace.set(key, grace);
  }
  return grace;
}

/**
 * The chains' record of a deposit the relayer has not recorded past `opened` (it may be down or behind while another
 * filler fills and settles): one call on each side per block however many poll it, bounded by the followers' RPC
 * timeout, and none while either follower is behind; undefined when unreadable.
 */
async function chainOrderState(row: StoredQuote, order: StoredOrder | undefined, deposit: SeenDeposit | undefined): Promise<ChainOrderState | undefined> {
  const orderId = order?.state === 'opened' ? order.order_id : !order ? deposit?.orderId : undefined;
  const [src, dst] = [findChain(row.src_chain_id), findChain(row.dst_chain_id)];
  if (!orderId || !src || !dst?.destinationSettler) return undefined;
  const [srcFollower, dstFollower] = [followerFor(src), followerFor(dst)];
  // A chain its follower cannot reach now would only add a timeout per quote (GET /v1/quotes asks for many).
  if (srcFollower.headTime() === undefined || dstFollower.headTime() === undefined) return undefined;
  return readChainOrderState({
    orderId: orderId as Hex,
    dst: { chainId: dst.id, client: dstFollower.client, settler: dst.destinationSettler, head: dstFollower.watchedThrough() },
    origin: { chainId: src.id, client: srcFollower.client, router: (order?.origin_settler ?? row.router_address) as Address, head: srcFollower.watchedThrough() },
  });
}

async function crossChainStatus(store: QuoteStore, row: StoredQuote): Promise<QuoteStatus> {
  const orders = orderStore(await crosschainDb());
  const order = await orders.findByQuoteId(row.quote_id);
  const dstChain = findChain(row.dst_chain_id);
  const dstTime = dstChain ? followerFor(dstChain).headTime() : undefined;
  const deposit = !order && row.status === 'issued' ? await findDeposit(store, orders, row, dstTime) : undefined;
  const current = deposit || order ? row : ((await store.find(row.quote_id)) ?? row);
  const [note, refundGraceSec, chain] = order || deposit
    ? await Promise.all([
      order ? fillNotes(await crosschainDb()).find(order.order_id) : undefined,
      refundGraceOf(row),
      chainOrderState(row, order, deposit),
    ])
    : [undefined, undefined, undefined];
  const answer = crossChainStatusOf(current, {
    order, deposit, dstTime, ...(note ? { note } : {}), ...(refundGraceSec !== undefined ? { refundGraceSec } : {}), ...(chain ? { chain } : {}),
  });
  return order || deposit ? answer : withGaslessOrder(answer);
}

/** A status lookup: by the quote id, or by the hash of the source transaction that executed it. */
export type QuoteStatusKey = { quote_id?: string; src_tx_hash?: string };

async function findQuote(store: QuoteStore, key: QuoteStatusKey): Promise<StoredQuote | undefined> {
  if (key.quote_id !== undefined) return store.find(key.quote_id);
  if (key.src_tx_hash === undefined) return undefined;
  const sameChain = await store.findBySrcTxHash(key.src_tx_hash);
  if (sameChain) return sameChain;
  // A cross-chain deposit: the relayer recorded which order (and so which quote) it opened.
  const order = await orderStore(await crosschainDb()).findByOpenTxHash(key.src_tx_hash);
  return order ? store.find(order.quote_id) : undefined;
}

export async function quoteStatus(key: QuoteStatusKey, auth: AuthContext): Promise<QuoteStatus> {
  const store = quoteStore(await quoteDb());
  let row = await findQuote(store, key);
  // Another caller's quote answers exactly like an unknown one: ids are not an oracle.
  if (!row || row.sub !== auth.sub) {
    const field = key.quote_id !== undefined ? 'quote_id' : 'src_tx_hash';
    throw new DomainError('NOT_FOUND', `${field} ${key.quote_id ?? key.src_tx_hash} is not a quote of this token`, { field });
  }
  const quoteId = row.quote_id;
  if (row.src_chain_id !== row.dst_chain_id) return crossChainStatus(store, row);
  if (row.status === 'issued') {
    await settle(store, row);
    row = (await store.find(quoteId)) ?? row;
  }
  const answer: QuoteStatus = {
    quote_id: row.quote_id,
    status: row.status,
    src_tx_hash: row.src_tx_hash,
    dst_tx_hash: row.dst_tx_hash,
    amount_out_actual: row.amount_out_actual,
    updated_at: row.updated_at,
  };
  return row.status === 'filled' ? answer : withGaslessOrder(answer);
}

/**
 * A gasless quote not (yet) filled reads as its order: `submitted` once posted, `failed` with the submitter's reason.
 * A fill, by the submitter or anyone holding the signature, is read from the router's logs like any other; a
 * cross-chain order stays `submitted` after its openFor is mined until the deposit is seen (then it reads as one).
 */
async function withGaslessOrder(answer: QuoteStatus): Promise<QuoteStatus> {
  const order = await gaslessOrderStore(await gaslessDb()).find(answer.quote_id);
  if (!order || order.status === 'issued') return answer;
  const status = gaslessStatus(order.status);
  if (status === 'failed') return { ...answer, status, updated_at: Math.floor(order.updated_at_ms / 1000), error: { reason: order.error_reason ?? 'the submitter could not send it' } };
  const crossChainOpened = status === 'filled' && answer.src_chain_id !== undefined && answer.src_chain_id !== answer.dst_chain_id;
  if ((status === 'submitted' || crossChainOpened) && answer.status === 'issued') return { ...answer, status: 'submitted', src_tx_hash: order.tx_hash };
  return answer;
}

// The answers behind /v1/market/*: chain check, pair resolution, then candle-backed results, cached briefly.
import 'server-only';
import { getAddress, isAddressEqual, type Address } from 'viem';
import { jsonText, type JsonText } from '@/lib/domain/jsonText';
import { DomainError } from '@/lib/domain/DomainError';
import type { KlinesQuery, PairListItemDTO, PairQuery, PairsQuery } from '@/lib/api/schemas/market';
import type { TradesPage, TradesQuery } from '@/lib/api/schemas/trades';
import type { TokenDTO, TokensQuery } from '@/lib/api/schemas/tokens';
import { chainClient } from '@/lib/indexer/chainClient';
import { log } from '@/lib/log';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { findChain, loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { backgroundValues } from '@/lib/chainstate/backgroundValues';
import { answerCache } from './answerCache';
import { rpcChainReader } from './chainReader';
import { findPair } from './findPair';
import { klinesQuery, type Kline } from './klinesQuery';
import { pairFigures, type PairFigures } from './pairFigures';
import { pairOverview, type PairOverview } from './pairOverview';
import { pairRow, pairsPage, type TokenNames } from './pairsList';
import { readTokenMetadata } from './readTokenMetadata';
import { searchTokens, tokenList, TOKENS_DEFAULT_LIMIT } from './tokenList';
import { TRADES_DEFAULT_LIMIT, tradesPage } from './tradesQuery';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** As stale as the CDN hint (s-maxage=1) allows; a chart polled by many clients is computed once a second. */
const ANSWER_TTL_MS = 1_000;
/** Rows and their JSON: the route sends the JSON text, so a 500-row answer is serialised once, not per request. */
const klinesCache = answerCache<{ rows: Kline[]; json: JsonText }>(ANSWER_TTL_MS, 2_000);
const pairCache = answerCache<PairOverview>(ANSWER_TTL_MS, 2_000);
const tradesCache = answerCache<TradesPage>(ANSWER_TTL_MS, 2_000);
/**
 * A chain's pairs and their figures take tens of milliseconds at thousands of pools (more under load): they are
 * recomputed behind the requests once a second, and a request waits for them only after PAIRS_MAX_AGE_MS without one.
 */
const PAIRS_MAX_AGE_MS = 15_000;
const chainPairsValue = backgroundValues({ read: readChainPairs, refreshMs: ANSWER_TTL_MS, maxAgeMs: PAIRS_MAX_AGE_MS });

function chainOf(chainId: number): ChainConfig {
  const chain = findChain(chainId);
  if (!chain) throw new DomainError('UNSUPPORTED_CHAIN', `chainId ${chainId} is not a configured chain`, { field: 'chainId' });
  return chain;
}

async function cachedKlines(q: KlinesQuery): Promise<{ rows: Kline[]; json: JsonText }> {
  const chain = chainOf(q.chainId);
  if (q.start !== undefined && q.end !== undefined && q.start > q.end) {
    throw new DomainError('INVALID_ARGUMENT', 'start must not be after end', { field: 'start' });
  }
  const key = JSON.stringify([chain.id, q.pairId ?? null, q.pairId === undefined ? q.base?.toLowerCase() : null, q.pairId === undefined ? q.quote?.toLowerCase() : null, q.interval, q.start, q.end, q.limit]);
  return klinesCache.get(key, async () => {
    const db = await readyDb();
    const pair = await findPair(db, chain.id, q);
    const rows = await klinesQuery(db, pair, { chainId: chain.id, interval: q.interval, start: q.start, end: q.end, limit: q.limit }, nowSeconds());
    return { rows, json: jsonText(rows) };
  });
}

export async function marketKlines(q: KlinesQuery): Promise<Kline[]> {
  return (await cachedKlines(q)).rows;
}

/** The klines answer as JSON text for the route (same rows as marketKlines). */
export async function marketKlinesJson(q: KlinesQuery): Promise<JsonText> {
  return (await cachedKlines(q)).json;
}

export async function marketPair(q: PairQuery): Promise<PairOverview> {
  const chain = chainOf(q.chainId);
  const key = JSON.stringify([chain.id, q.pairId ?? null, q.pairId === undefined ? q.base?.toLowerCase() : null, q.pairId === undefined ? q.quote?.toLowerCase() : null, q.interval]);
  return pairCache.get(key, async () => {
    const db = await readyDb();
    const pair = await findPair(db, chain.id, q);
    return pairOverview(db, chain, pair, q.interval, nowSeconds(), rpcChainReader);
  });
}

async function readChainPairs(chainId: number): Promise<{ rows: PairFigures[]; names: TokenNames }> {
  const chain = chainOf(chainId);
  const db = await readyDb();
  const [rows, read] = await Promise.all([
    pairFigures(db, chain, nowSeconds()),
    db.selectFrom('market_tokens').select(['address', 'name']).where('chain_id', '=', chain.id).execute(),
  ]);
  const names = new Map<string, string>(read.map((t) => [t.address.toLowerCase(), t.name]));
  for (const t of chain.tokens) names.set(t.address.toLowerCase(), t.name);
  return { rows, names };
}

/** Every pair of a chain with its figures and the chain's token names, computed once a second however many ask. */
function chainPairs(chain: ChainConfig): Promise<{ rows: PairFigures[]; names: TokenNames }> {
  return chainPairsValue(chain.id).get();
}

/** The pairs list (API.md §6, §11): searched by `q`, sorted, paged; every pair of the chain(s) without a limit. */
export async function marketPairs(q: PairsQuery): Promise<PairListItemDTO[]> {
  const chains = q.chainId === undefined ? loadChains() : [chainOf(q.chainId)];
  const perChain = await Promise.all(chains.map(chainPairs));
  const rows = perChain.flatMap((c) => c.rows);
  const names = new Map(perChain.flatMap((c) => [...c.names]));
  return pairsPage(rows, names, q).map(pairRow);
}

/** A page of a pair's trades, newest first (API.md §11). */
export async function marketTrades(q: TradesQuery): Promise<TradesPage> {
  const chain = chainOf(q.chainId);
  const limit = q.limit ?? TRADES_DEFAULT_LIMIT;
  return tradesCache.get(JSON.stringify([chain.id, q.pairId, limit, q.before ?? null]), async () => {
    const db = await readyDb();
    const { pair } = await findPair(db, chain.id, { pairId: q.pairId });
    return tradesPage(db, pair, limit, q.before);
  });
}

/** An unlisted token, from the store's copy of its metadata or read from the chain (and kept); null when it is no ERC-20. */
async function unlistedToken(chain: ChainConfig, address: Address): Promise<TokenDTO | null> {
  const db = await readyDb();
  const kept = await db.selectFrom('market_tokens').selectAll().where('chain_id', '=', chain.id).where('address', '=', address).executeTakeFirst();
  if (kept) return { address, symbol: kept.symbol, name: kept.name, decimals: Number(kept.decimals), verified: false, price_usd: null };
  let meta: Awaited<ReturnType<typeof readTokenMetadata>>;
  try {
    meta = await readTokenMetadata(chainClient(chain), address);
  } catch (error: unknown) {
    log.warn({ chainId: chain.id, err: error instanceof Error ? error.message : String(error) }, 'token lookup: RPC failed');
    throw new DomainError('CHAIN_UNAVAILABLE', `chain ${chain.id} did not answer in time`, { field: 'chainId', retry_after_sec: 1 });
  }
  if (!meta) return null;
  await db.insertInto('market_tokens').values({ chain_id: chain.id, address, symbol: meta.symbol, name: meta.name, decimals: meta.decimals, read_at: nowSeconds() })
    .onConflict((oc) => oc.columns(['chain_id', 'address']).doNothing()).execute();
  return { address, symbol: meta.symbol, name: meta.name, decimals: meta.decimals, verified: false, price_usd: null };
}

/** GET /v1/tokens (API.md §11): the chain's tokens searched, or one token by address (read on-chain when unlisted). */
export async function marketTokens(q: TokensQuery): Promise<TokenDTO[]> {
  const chain = chainOf(q.chainId);
  if (q.address !== undefined && q.q !== undefined) throw new DomainError('INVALID_ARGUMENT', 'give q or address, not both', { field: 'q' });
  const { rows, names } = await chainPairs(chain);
  const tokens = tokenList(chain, rows, names);
  if (q.address === undefined) return searchTokens(tokens, q.q, q.limit ?? TOKENS_DEFAULT_LIMIT);
  const address = getAddress(q.address);
  const listed = tokens.find((t) => isAddressEqual(t.address as Address, address));
  if (listed) return [listed];
  const found = await unlistedToken(chain, address);
  if (!found) throw new DomainError('NOT_FOUND', `${address} is not an ERC-20 token on chain ${chain.id}`, { field: 'address' });
  return [found];
}

// The answers behind /v1/market/*: chain check, pair resolution, then candle-backed results, cached briefly.
import 'server-only';
import { jsonText, type JsonText } from '@/lib/domain/jsonText';
import { DomainError } from '@/lib/domain/DomainError';
import type { KlinesQuery, PairQuery, PairsQuery } from '@/lib/api/schemas/market';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { findChain, loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { answerCache } from './answerCache';
import { rpcChainReader } from './chainReader';
import { findPair } from './findPair';
import { klinesQuery, type Kline } from './klinesQuery';
import { pairOverview, type PairOverview } from './pairOverview';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** As stale as the CDN hint (s-maxage=1) allows; a chart polled by many clients is computed once a second. */
const ANSWER_TTL_MS = 1_000;
/** Rows and their JSON: the route sends the JSON text, so a 500-row answer is serialised once, not per request. */
const klinesCache = answerCache<{ rows: Kline[]; json: JsonText }>(ANSWER_TTL_MS, 2_000);
const pairCache = answerCache<PairOverview>(ANSWER_TTL_MS, 2_000);

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

export async function marketPairs(q: PairsQuery) {
  const chainIds = q.chainId === undefined ? loadChains().map((c) => c.id) : [chainOf(q.chainId).id];
  const db = await readyDb();
  const rows = await db.selectFrom('market_pairs').select(['pair_id', 'chain_id', 'pool', 'base', 'quote', 'pair_name'])
    .where('chain_id', 'in', chainIds).orderBy('chain_id').orderBy('pair_id').execute();
  return rows.map((r) => ({ ...r, pair_id: Number(r.pair_id), chain_id: Number(r.chain_id) }));
}

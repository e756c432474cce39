// Finds the factory's pools not yet stored and registers them with a stable pair_id and their orientation.
import { getAddress, isAddressEqual, type Address, type PublicClient } from 'viem';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV3FactoryAbi } from '@/contracts/generated/uniswapV3Factory';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { Db, MarketPairsTable, PairSource } from '@/lib/db/schema';
import { readTokenMetadata, type TokenMetadata } from '@/lib/market/readTokenMetadata';
import { orientPair, type TokenInfo } from './orientPair';
import { readLogRange } from './readLogRange';

/** Registry tokens as configured; any other token as its contract says (and kept in market_tokens for search). */
async function tokenInfo(db: Db, client: PublicClient, chain: ChainConfig, address: Address): Promise<TokenInfo> {
  const known = chain.tokens.find((t) => isAddressEqual(t.address, address));
  if (known) return { address: known.address, symbol: known.symbol, decimals: known.decimals };
  const meta = await readTokenMetadata(client, address);
  if (!meta) throw new Error(`pool token ${address} on chain ${chain.id} does not answer as an ERC-20 (decimals, totalSupply, balanceOf)`);
  await saveTokenMetadata(db, chain.id, meta);
  return { address: meta.address, symbol: meta.symbol, decimals: meta.decimals };
}

export async function saveTokenMetadata(db: Db, chainId: number, meta: TokenMetadata): Promise<void> {
  const row = { chain_id: chainId, address: meta.address, symbol: meta.symbol, name: meta.name, decimals: meta.decimals, read_at: Math.floor(Date.now() / 1000) };
  await db.insertInto('market_tokens').values(row)
    .onConflict((oc) => oc.columns(['chain_id', 'address']).doUpdateSet({ symbol: row.symbol, name: row.name, decimals: row.decimals, read_at: row.read_at })).execute();
}

/** Per store, chains whose pool tokens all have metadata rows, in this process. */
const tokensComplete = new WeakMap<Db, Set<number>>();

/** Pools registered before token metadata was kept: read their unlisted tokens once. */
async function fillTokenRows(db: Db, client: PublicClient, chain: ChainConfig, pairs: MarketPairsTable[]): Promise<void> {
  const done = tokensComplete.get(db) ?? new Set<number>();
  tokensComplete.set(db, done);
  if (done.has(chain.id)) return;
  const stored = new Set((await db.selectFrom('market_tokens').select('address').where('chain_id', '=', chain.id).execute()).map((r) => r.address.toLowerCase()));
  const missing = new Set<string>();
  for (const p of pairs) {
    for (const t of [p.base, p.quote]) {
      if (!stored.has(t.toLowerCase()) && !chain.tokens.some((k) => isAddressEqual(k.address, t as Address))) missing.add(t);
    }
  }
  for (const t of missing) {
    const meta = await readTokenMetadata(client, t as Address);
    if (meta) await saveTokenMetadata(db, chain.id, meta);
  }
  done.add(chain.id);
}

/** Stored pools of a chain. */
export async function chainPairs(db: Db, chainId: number): Promise<MarketPairsTable[]> {
  const rows = await db.selectFrom('market_pairs').selectAll().where('chain_id', '=', chainId).orderBy('pair_id').execute();
  return rows.map((r) => ({
    ...r, pair_id: Number(r.pair_id), chain_id: Number(r.chain_id), base_decimals: Number(r.base_decimals), quote_decimals: Number(r.quote_decimals),
    base_is_token0: Number(r.base_is_token0), reserves_block: r.reserves_block === null ? null : Number(r.reserves_block),
    source: (r.source ?? 'uniswap_v2') as PairSource, fee_ppm: Number(r.fee_ppm ?? 3000),
  }));
}

/** Stores one pool as the chain's next pair (a pool already stored is left as it is). */
async function registerPool(db: Db, client: PublicClient, chain: ChainConfig, pool: Address, t0: Address, t1: Address, source: PairSource, feePpm: number): Promise<void> {
  const [info0, info1] = await Promise.all([tokenInfo(db, client, chain, t0), tokenInfo(db, client, chain, t1)]);
  const { base, quote, baseIsToken0 } = orientPair(chain, info0, info1);
  await db.transaction().execute(async (trx) => {
    const max = await trx.selectFrom('market_pairs').select((eb) => eb.fn.max('pair_id').as('m')).executeTakeFirst();
    await trx.insertInto('market_pairs').values({
      pair_id: Number(max?.m ?? 0) + 1, chain_id: chain.id, pool: getAddress(pool), base: getAddress(base.address), quote: getAddress(quote.address),
      base_symbol: base.symbol, quote_symbol: quote.symbol, base_decimals: base.decimals, quote_decimals: quote.decimals,
      base_is_token0: baseIsToken0 ? 1 : 0, pair_name: `${base.symbol}/${quote.symbol}`, source, fee_ppm: feePpm,
    }).onConflict((oc) => oc.doNothing()).execute();
  });
}

const POOL_CREATED = uniswapV3FactoryAbi.find((item) => item.type === 'event' && item.name === 'PoolCreated');
if (!POOL_CREATED || POOL_CREATED.type !== 'event') throw new Error('PoolCreated event missing from the V3 factory ABI');
const POOL_CREATED_EVENT = POOL_CREATED;

/** Per store and chain, the block up to which this process has read the V3 factory's PoolCreated logs. */
const v3ScannedTo = new WeakMap<Db, Map<number, bigint>>();

/** Registers the V3 pools created (PoolCreated from the chain's v3Factory) since this process last looked. */
async function discoverV3Pools(db: Db, client: PublicClient, chain: ChainConfig, blockNumber: bigint, knownPools: Set<string>): Promise<void> {
  if (!chain.v3Factory) return;
  const scanned = v3ScannedTo.get(db) ?? new Map<number, bigint>();
  v3ScannedTo.set(db, scanned);
  const from = (scanned.get(chain.id) ?? BigInt(chain.startBlock) - 1n) + 1n;
  if (from > blockNumber) return;
  const factory = chain.v3Factory;
  const logs = await readLogRange((fromBlock, toBlock) => client.getLogs({ address: factory, event: POOL_CREATED_EVENT, fromBlock, toBlock, strict: true }), from, blockNumber);
  logs.sort((x, y) => (x.blockNumber === y.blockNumber ? x.logIndex - y.logIndex : x.blockNumber < y.blockNumber ? -1 : 1));
  for (const l of logs) {
    if (knownPools.has(l.args.pool.toLowerCase())) continue;
    await registerPool(db, client, chain, l.args.pool, l.args.token0, l.args.token1, 'uniswap_v3', Number(l.args.fee));
    knownPools.add(l.args.pool.toLowerCase());
  }
  scanned.set(chain.id, blockNumber);
}

/**
 * Registers pools created since the last call: V2 pairs from the factory's allPairs list (it only grows), V3 pools
 * from the V3 factory's PoolCreated logs; returns all of the chain's.
 */
export async function discoverPairs(db: Db, client: PublicClient, chain: ChainConfig, blockNumber: bigint): Promise<MarketPairsTable[]> {
  const known = await chainPairs(db, chain.id);
  await fillTokenRows(db, client, chain, known);
  const knownPools = new Set(known.map((p) => p.pool.toLowerCase()));
  const v3Before = known.filter((p) => p.source === 'uniswap_v3').length;
  await discoverV3Pools(db, client, chain, blockNumber, knownPools);
  const v2Count = known.length - v3Before;
  const length = Number(await client.readContract({ address: chain.factory, abi: uniswapV2FactoryAbi, functionName: 'allPairsLength', blockNumber }));
  if (length <= v2Count) return knownPools.size === known.length ? known : chainPairs(db, chain.id);
  // V2 pairs are registered in allPairs order, so the stored V2 count is the next index to read.
  for (let i = v2Count; i < length; i++) {
    const pool = await client.readContract({ address: chain.factory, abi: uniswapV2FactoryAbi, functionName: 'allPairs', args: [BigInt(i)], blockNumber });
    if (knownPools.has(pool.toLowerCase())) continue;
    const [t0, t1] = await Promise.all([
      client.readContract({ address: pool, abi: uniswapV2PairAbi, functionName: 'token0' }),
      client.readContract({ address: pool, abi: uniswapV2PairAbi, functionName: 'token1' }),
    ]);
    await registerPool(db, client, chain, pool, t0, t1, 'uniswap_v2', 3000);
    knownPools.add(pool.toLowerCase());
  }
  return chainPairs(db, chain.id);
}

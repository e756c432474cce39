// Finds the factory's pools not yet stored and registers them with a stable pair_id and their orientation.
import { erc20Abi, getAddress, isAddressEqual, type Address, type PublicClient } from 'viem';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { Db, MarketPairsTable } from '@/lib/db/schema';
import { orientPair, type TokenInfo } from './orientPair';

async function tokenInfo(client: PublicClient, chain: ChainConfig, address: Address): Promise<TokenInfo> {
  const known = chain.tokens.find((t) => isAddressEqual(t.address, address));
  if (known) return { address: known.address, symbol: known.symbol, decimals: known.decimals };
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }).catch(() => address.slice(0, 8)),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  return { address: getAddress(address), symbol, decimals };
}

/** Stored pools of a chain. */
export async function chainPairs(db: Db, chainId: number): Promise<MarketPairsTable[]> {
  const rows = await db.selectFrom('market_pairs').selectAll().where('chain_id', '=', chainId).orderBy('pair_id').execute();
  return rows.map((r) => ({ ...r, pair_id: Number(r.pair_id), chain_id: Number(r.chain_id), base_decimals: Number(r.base_decimals), quote_decimals: Number(r.quote_decimals), base_is_token0: Number(r.base_is_token0) }));
}

/** Registers pools created since the last call (the factory's allPairs list only grows); returns all of the chain's. */
export async function discoverPairs(db: Db, client: PublicClient, chain: ChainConfig, blockNumber: bigint): Promise<MarketPairsTable[]> {
  const known = await chainPairs(db, chain.id);
  const length = Number(await client.readContract({ address: chain.factory, abi: uniswapV2FactoryAbi, functionName: 'allPairsLength', blockNumber }));
  if (length <= known.length) return known;
  const knownPools = new Set(known.map((p) => p.pool.toLowerCase()));
  // Pools are registered in allPairs order, so the stored count is the next index to read.
  for (let i = known.length; i < length; i++) {
    const pool = await client.readContract({ address: chain.factory, abi: uniswapV2FactoryAbi, functionName: 'allPairs', args: [BigInt(i)], blockNumber });
    if (knownPools.has(pool.toLowerCase())) continue;
    const [t0, t1] = await Promise.all([
      client.readContract({ address: pool, abi: uniswapV2PairAbi, functionName: 'token0' }),
      client.readContract({ address: pool, abi: uniswapV2PairAbi, functionName: 'token1' }),
    ]);
    const [info0, info1] = await Promise.all([tokenInfo(client, chain, t0), tokenInfo(client, chain, t1)]);
    const { base, quote, baseIsToken0 } = orientPair(chain, info0, info1);
    await db.transaction().execute(async (trx) => {
      const max = await trx.selectFrom('market_pairs').select((eb) => eb.fn.max('pair_id').as('m')).executeTakeFirst();
      await trx.insertInto('market_pairs').values({
        pair_id: Number(max?.m ?? 0) + 1, chain_id: chain.id, pool: getAddress(pool), base: getAddress(base.address), quote: getAddress(quote.address),
        base_symbol: base.symbol, quote_symbol: quote.symbol, base_decimals: base.decimals, quote_decimals: quote.decimals,
        base_is_token0: baseIsToken0 ? 1 : 0, pair_name: `${base.symbol}/${quote.symbol}`,
      }).onConflict((oc) => oc.doNothing()).execute();
    });
    knownPools.add(pool.toLowerCase());
  }
  return chainPairs(db, chain.id);
}

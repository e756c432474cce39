// Three pairs with trades across a day, shared by the pairs-list tests over the route and over each store.
import type { Db } from '@/lib/db/schema';
import { storeTrades } from '@/lib/market/storeTrades';

export const PAIRS_NOW = Date.parse('2026-03-02T10:30:20Z') / 1000;
const HOUR = 3600;
export const TKN = '0x1111111111111111111111111111111111111111';
export const USDC = '0x2222222222222222222222222222222222222222';
export const WETH = '0x5555555555555555555555555555555555555555';
export const ABC = '0x7777777777777777777777777777777777777777';
const MAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const E18 = 10n ** 18n;
const E6 = 10n ** 6n;

/** The chain the pairs live on, as chains.json gives it. */
export const PAIRS_CHAIN = {
  id: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:9', nativeSymbol: 'ETH', factory: `0x${'3'.repeat(40)}`,
  router02: `0x${'4'.repeat(40)}`, weth: WETH, stablecoins: [USDC],
  tokens: [{ address: WETH, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 }, { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
};

const pair = (pair_id: number, base: string, quote: string, base_symbol: string, quote_symbol: string, reserveBase: bigint, reserveQuote: bigint, quoteDecimals: number) => ({
  pair_id, chain_id: 31337, pool: `0x${String(pair_id).repeat(40)}`, base, quote, base_symbol, quote_symbol, base_decimals: 18, quote_decimals: quoteDecimals,
  base_is_token0: 1, pair_name: `${base_symbol}/${quote_symbol}`, reserve_base: reserveBase.toString(), reserve_quote: reserveQuote.toString(), reserves_block: 10,
});

/**
 * TKN/USDC traded at 2 USDC a day and an hour ago and at 4 an hour ago (+100 %); WETH/USDC at 3000 ten minutes ago;
 * ABC/WETH never traded (priced from its holdings). ABC's name was read from the chain.
 */
export async function seedPairs(db: Db): Promise<void> {
  await db.insertInto('market_pairs').values([
    pair(1, TKN, USDC, 'TKN', 'USDC', 100n * E18, 400n * E6, 6),
    pair(2, WETH, USDC, 'WETH', 'USDC', 10n * E18, 30_000n * E6, 6),
    pair(3, ABC, WETH, 'ABC', 'WETH', 1000n * E18, 1n * E18, 18),
  ]).execute();
  await db.insertInto('market_tokens').values({ chain_id: 31337, address: ABC, symbol: 'ABC', name: 'Alphabet Soup', decimals: 18, read_at: PAIRS_NOW }).execute();
  const trades = [
    { pairId: 1, ts: PAIRS_NOW - 25 * HOUR, b: 1n * E18, q: 2n * E6, usd: 2n * E18 },
    { pairId: 1, ts: PAIRS_NOW - HOUR, b: 2n * E18, q: 8n * E6, usd: 8n * E18 },
    { pairId: 2, ts: PAIRS_NOW - 600, b: 1n * E18, q: 3000n * E6, usd: 3000n * E18 },
  ];
  await storeTrades(db, trades.map((t, i) => ({
    chainId: 31337, txHash: `0x${i}`, logIndex: 0, blockNumber: i + 1, blockHash: `0xb${i}`, pairId: t.pairId, ts: t.ts,
    amountBase: t.b, amountQuote: t.q, usdE18: t.usd, side: 'buy' as const, maker: MAKER,
  })));
}

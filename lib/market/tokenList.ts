// The tokens of a chain (API.md §11): the native coin, the registry's (verified) and every token of an indexed pool,
// each with its USD price from the pairs list; search by symbol, name or address prefix.
import { getAddress, zeroAddress, type Address } from 'viem';
import type { TokenDTO } from '@/lib/api/schemas/tokens';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { PairFigures } from './pairFigures';
import { ratioText, type Ratio } from './pairPrices';

export const TOKENS_DEFAULT_LIMIT = 100;
export const TOKENS_MAX_LIMIT = 1000;

type Meta = { symbol: string; name: string; decimals: number };

/**
 * USD per whole token, as the pair overview ranks paths: the token as base against a stablecoin, else wrapped native
 * (the first such pair by id). Indexed by base address once, not searched per token: a chain may have thousands of pools.
 */
function usdPrices(chain: ChainConfig, rows: PairFigures[]): (token: string) => Ratio | undefined {
  const stable = new Set(chain.stablecoins.map((s) => s.toLowerCase()));
  const weth = chain.weth.toLowerCase();
  const rank = (quote: string) => (stable.has(quote.toLowerCase()) ? 2 : quote.toLowerCase() === weth ? 1 : 0);
  const best = new Map<string, PairFigures>();
  for (const r of rows) {
    if (rank(r.pair.quote) === 0 || r.priceUsd.n <= 0n) continue;
    const key = r.pair.base.toLowerCase();
    const held = best.get(key);
    if (!held || rank(r.pair.quote) > rank(held.pair.quote) || (rank(r.pair.quote) === rank(held.pair.quote) && r.pair.pair_id < held.pair.pair_id)) best.set(key, r);
  }
  return (token) => (stable.has(token.toLowerCase()) ? { n: 1n, d: 1n } : best.get(token.toLowerCase())?.priceUsd);
}

export function tokenList(chain: ChainConfig, rows: PairFigures[], names: ReadonlyMap<string, string>): TokenDTO[] {
  const seen = new Map<string, { address: Address; meta: Meta; verified: boolean }>();
  seen.set(zeroAddress, { address: zeroAddress, meta: { symbol: chain.nativeSymbol, name: chain.nativeSymbol, decimals: 18 }, verified: true });
  for (const t of chain.tokens) seen.set(t.address.toLowerCase(), { address: getAddress(t.address), meta: t, verified: true });
  for (const { pair } of rows) {
    const sides = [[pair.base, pair.base_symbol, pair.base_decimals], [pair.quote, pair.quote_symbol, pair.quote_decimals]] as const;
    for (const [address, symbol, decimals] of sides) {
      const key = address.toLowerCase();
      if (!seen.has(key)) seen.set(key, { address: getAddress(address), meta: { symbol, name: names.get(key) ?? '', decimals }, verified: false });
    }
  }
  const usdOf = usdPrices(chain, rows);
  return [...seen.values()].map(({ address, meta, verified }) => {
    const usd = usdOf(address === zeroAddress ? chain.weth : address);
    return { address, symbol: meta.symbol, name: meta.name, decimals: meta.decimals, verified, price_usd: usd ? ratioText(usd) : null };
  });
}

/** Tokens whose symbol or name contains `q` (any case), or whose address starts with it; verified and closer symbol matches first. */
export function searchTokens(tokens: TokenDTO[], q: string | undefined, limit: number): TokenDTO[] {
  const needle = (q ?? '').trim().toLowerCase();
  const byAddress = needle.startsWith('0x');
  const matched = needle === '' ? tokens : tokens.filter((t) =>
    byAddress ? t.address.toLowerCase().startsWith(needle) : t.symbol.toLowerCase().includes(needle) || t.name.toLowerCase().includes(needle));
  const closeness = (t: TokenDTO) => {
    const symbol = t.symbol.toLowerCase();
    return needle === '' || byAddress ? 0 : symbol === needle ? 0 : symbol.startsWith(needle) ? 1 : 2;
  };
  return [...matched]
    .sort((a, b) => Number(b.verified) - Number(a.verified) || closeness(a) - closeness(b) || a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address))
    .slice(0, limit);
}

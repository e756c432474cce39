// Chooses a pool's quote token by API.md §5 priority: USD stablecoin > wrapped native > WBTC > other.
import { isAddressEqual, type Address } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';

export type TokenInfo = { address: Address; symbol: string; decimals: number };

/** Higher ranks make better quote tokens. */
export function quoteRank(chain: Pick<ChainConfig, 'stablecoins' | 'weth'>, token: TokenInfo): number {
  if (chain.stablecoins.some((s) => isAddressEqual(s, token.address))) return 3;
  if (isAddressEqual(chain.weth, token.address)) return 2;
  if (token.symbol.toUpperCase() === 'WBTC') return 1;
  return 0;
}

/** Base and quote of a pool; on a tie token1 is the quote, so the choice never changes between runs. */
export function orientPair(chain: Pick<ChainConfig, 'stablecoins' | 'weth'>, token0: TokenInfo, token1: TokenInfo) {
  const baseIsToken0 = quoteRank(chain, token0) <= quoteRank(chain, token1);
  return baseIsToken0 ? { base: token0, quote: token1, baseIsToken0 } : { base: token1, quote: token0, baseIsToken0 };
}

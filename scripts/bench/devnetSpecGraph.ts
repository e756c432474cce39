// The pool graph a devnet chain is seeded with (its pool list, depths and start prices), with made-up addresses,
// for benchmarks that need no running chain.
import { getAddress, type Address } from 'viem';
import { TOKENS as DEVNET_TOKENS, type ChainSpec } from '@/lib/devnet/devnetMarkets';
import { buildPoolGraph, type PoolGraph } from '@/lib/routing/poolGraph';

/** The made-up address of `symbol` on `spec`'s graph. */
export function specTokenAddress(spec: ChainSpec, symbol: string): Address {
  return getAddress(`0x${(spec.tokens.indexOf(symbol) + 0x1000).toString(16).padStart(40, '0')}`);
}

export function devnetSpecGraph(spec: ChainSpec): PoolGraph {
  const address = (symbol: string) => specTokenAddress(spec, symbol);
  const reserve = (symbol: string, usd: number) => {
    const token = DEVNET_TOKENS[symbol];
    if (!token) throw new Error(`unknown devnet token ${symbol}`);
    return (BigInt(Math.round((usd / token.usd) * 1e6)) * 10n ** BigInt(token.decimals)) / 1_000_000n;
  };
  const pools = spec.pools.map((p, i) => {
    const [a, b] = [address(p.base), address(p.quote)];
    const [ra, rb] = [reserve(p.base, p.tvlUsd / 2), reserve(p.quote, p.tvlUsd / 2)];
    const [token0, token1, reserve0, reserve1] = BigInt(a) < BigInt(b) ? [a, b, ra, rb] : [b, a, rb, ra];
    return { address: getAddress(`0x${(0x2000 + i).toString(16).padStart(40, '0')}`), token0, token1, reserve0, reserve1 };
  });
  return buildPoolGraph(spec.id, address('WETH'), pools, 1n);
}

// USD prices at trade time, per chain: stablecoins are 1; other tokens take the latest trade price against the
// best-ranked quote whose own USD price is known (stablecoin, then wrapped native, then WBTC), in chain order.
import type { Address } from 'viem';

const E18 = 10n ** 18n;

export type PricedPair = { base: Address; quote: Address; baseDecimals: number; quoteDecimals: number; quoteRank: number };

export class UsdPricer {
  /** token (lower-case) → USD per whole token × 1e18, and the rank of the quote that set it. */
  private readonly prices = new Map<string, { usdE18: bigint; rank: number }>();

  constructor(stablecoins: readonly Address[]) {
    for (const s of stablecoins) this.prices.set(s.toLowerCase(), { usdE18: E18, rank: Number.POSITIVE_INFINITY });
  }

  /** The prices as JSON, saved with the checkpoint so a restart continues with exactly these. */
  serialize(): string {
    const entries = [...this.prices].filter(([, v]) => Number.isFinite(v.rank)).map(([k, v]) => [k, v.usdE18.toString(), v.rank]);
    return JSON.stringify(entries);
  }

  restore(json: string): void {
    for (const [k, usd, rank] of JSON.parse(json) as [string, string, number][]) this.prices.set(k, { usdE18: BigInt(usd), rank });
  }

  usdE18Of(token: Address): bigint | undefined {
    return this.prices.get(token.toLowerCase())?.usdE18;
  }

  /** USD value (× 1e18) of a trade on `pair` at its current prices; 0 while the quote token has no USD path yet. */
  tradeUsdE18(pair: PricedPair, amountQuote: bigint): bigint {
    const quoteUsd = this.usdE18Of(pair.quote);
    return quoteUsd === undefined ? 0n : (amountQuote * quoteUsd) / 10n ** BigInt(pair.quoteDecimals);
  }

  /** Learns the base token's USD price from a trade, unless a better-ranked quote already prices it. */
  observe(pair: PricedPair, amountBase: bigint, amountQuote: bigint): void {
    if (pair.quoteRank <= 0 || amountBase === 0n) return;
    const quoteUsd = this.usdE18Of(pair.quote);
    if (quoteUsd === undefined) return;
    const current = this.prices.get(pair.base.toLowerCase());
    if (current && current.rank > pair.quoteRank) return;
    const usdE18 = (amountQuote * quoteUsd * 10n ** BigInt(pair.baseDecimals)) / (amountBase * 10n ** BigInt(pair.quoteDecimals));
    this.prices.set(pair.base.toLowerCase(), { usdE18, rank: pair.quoteRank });
  }
}

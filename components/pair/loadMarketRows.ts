// The rows of the markets table: every indexed pair of every configured chain with its 24 h overview.
import 'server-only';
import { loadChains } from '@/lib/chains/loadChains';
import { log } from '@/lib/log';
import { marketPair, marketPairs } from '@/lib/market/marketAnswers';
import type { PairListing } from '@/lib/market/marketDto';
import type { MarketRow } from './marketRow';

export type MarketRowsResult = { rows: MarketRow[]; failedChains: string[] };

async function row(p: PairListing, chainName: string): Promise<MarketRow> {
  const o = await marketPair({ chainId: p.chain_id, pairId: p.pair_id, interval: '1h' });
  return {
    chainId: p.chain_id,
    chainName,
    pairId: p.pair_id,
    pairName: p.pair_name,
    base: p.base,
    quote: p.quote,
    price: o.price,
    priceUsd: o.price_usd,
    change24h: o.change_24h,
    volumeUsd24h: o.volume_usd_24h,
    fdvUsd: o.fdv_usd,
  };
}

/** One chain failing (its RPC down for a pool quote) leaves the other chains' rows in place. */
export async function loadMarketRows(): Promise<MarketRowsResult> {
  const chains = loadChains();
  const settled = await Promise.allSettled(
    chains.map(async (c) => Promise.all((await marketPairs({ chainId: c.id })).map((p) => row(p, c.name)))),
  );
  const rows: MarketRow[] = [];
  const failedChains: string[] = [];
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') rows.push(...s.value);
    else {
      failedChains.push(chains[i]?.name ?? 'unknown chain');
      log.warn({ err: s.reason, chainId: chains[i]?.id }, 'markets page: chain rows failed');
    }
  });
  return { rows, failedChains };
}

// The rows of the markets table: every indexed pair of every configured chain with its 24 h overview.
import 'server-only';
import { loadChains } from '@/lib/chains/loadChains';
import { getPair, getPairs } from '@/lib/market/v1Get';
import type { MarketRow } from './marketRow';

export type MarketRowsResult = { rows: MarketRow[]; failedChains: string[] };

async function chainRows(origin: string, chainId: number, chainName: string): Promise<MarketRow[]> {
  const pairs = await getPairs(origin, chainId);
  return Promise.all(
    pairs.map(async (p) => {
      const o = await getPair(origin, { chainId, pairId: p.pair_id });
      return {
        chainId,
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
    }),
  );
}

export async function loadMarketRows(origin: string): Promise<MarketRowsResult> {
  const chains = loadChains();
  const settled = await Promise.allSettled(chains.map((c) => chainRows(origin, c.id, c.name)));
  const rows: MarketRow[] = [];
  const failedChains: string[] = [];
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') rows.push(...s.value);
    else failedChains.push(chains[i]?.name ?? 'unknown chain');
  });
  return { rows, failedChains };
}

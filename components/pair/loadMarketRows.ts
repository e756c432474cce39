// The rows of the markets table: every indexed pair of every configured chain with its 24 h figures and liquidity,
// from the pairs list (one computation per chain, no per-pair RPC, so thousands of pools load quickly).
import 'server-only';
import { loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { log } from '@/lib/log';
import { marketPairs } from '@/lib/market/marketAnswers';
import type { MarketRow } from './marketRow';
import { poolLabel } from './poolLabel';

export type MarketRowsResult = { rows: MarketRow[]; failedChains: string[] };

/** Token names per chain and lowercase address: the registry's, then those read from the chain. */
async function tokenNames(): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const db = await readyDb();
  for (const t of await db.selectFrom('market_tokens').select(['chain_id', 'address', 'name']).execute()) names.set(`${t.chain_id}:${t.address.toLowerCase()}`, t.name);
  for (const c of loadChains()) for (const t of c.tokens) names.set(`${c.id}:${t.address.toLowerCase()}`, t.name);
  return names;
}

/** One chain failing leaves the other chains' rows in place. */
export async function loadMarketRows(): Promise<MarketRowsResult> {
  const chains = loadChains();
  const names = await tokenNames().catch(() => new Map<string, string>());
  const settled = await Promise.allSettled(chains.map((c) => marketPairs({ chainId: c.id })));
  const rows: MarketRow[] = [];
  const failedChains: string[] = [];
  settled.forEach((s, i) => {
    const chain = chains[i];
    if (s.status === 'fulfilled' && chain) {
      for (const p of s.value) {
        rows.push({
          chainId: p.chain_id, chainName: chain.name, pairId: p.pair_id, pairName: p.pair_name, base: p.base, quote: p.quote,
          price: p.price, priceUsd: p.price_usd, change24h: p.change_24h, volumeUsd24h: p.volume_usd_24h, liquidityUsd: p.liquidity_usd,
          pool: poolLabel(p.source, p.fee_ppm),
          names: [names.get(`${p.chain_id}:${p.base.toLowerCase()}`), names.get(`${p.chain_id}:${p.quote.toLowerCase()}`)].filter(Boolean).join(' · '),
        });
      }
    } else {
      failedChains.push(chain?.name ?? 'unknown chain');
      log.warn({ err: s.status === 'rejected' ? s.reason : undefined, chainId: chain?.id }, 'markets page: chain rows failed');
    }
  });
  return { rows, failedChains };
}

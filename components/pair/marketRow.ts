// One row of the markets table, and how rows sort and filter.
export type MarketRow = {
  chainId: number;
  chainName: string;
  pairId: number;
  pairName: string;
  base: string;
  quote: string;
  price: string;
  priceUsd: string;
  change24h: string;
  volumeUsd24h: string;
  liquidityUsd: string;
  /** Kind of pool and fee tier, e.g. "V3 0.05 %". */
  pool: string;
  /** Token names, searched beside symbols. */
  names: string;
};

export type SortKey = 'pairName' | 'chainName' | 'priceUsd' | 'change24h' | 'volumeUsd24h' | 'liquidityUsd';
export type Sort = { key: SortKey; dir: 'asc' | 'desc' };

const TEXT_KEYS: ReadonlySet<SortKey> = new Set(['pairName', 'chainName']);

export function sortRows(rows: MarketRow[], { key, dir }: Sort): MarketRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const compare = TEXT_KEYS.has(key)
    ? (a: MarketRow, b: MarketRow) => a[key].localeCompare(b[key])
    : (a: MarketRow, b: MarketRow) => Number(a[key]) - Number(b[key]);
  return [...rows].sort((a, b) => sign * compare(a, b) || a.pairId - b.pairId);
}

/** Matches part of the pair name or a token name, or the start of a token address (case-insensitive), as the API's `q`. */
export function filterRows(rows: MarketRow[], search: string, chainId: number | null): MarketRow[] {
  const q = search.trim().toLowerCase();
  const matches = (r: MarketRow) =>
    q.startsWith('0x')
      ? r.base.toLowerCase().startsWith(q) || r.quote.toLowerCase().startsWith(q)
      : r.pairName.toLowerCase().includes(q) || r.names.toLowerCase().includes(q);
  return rows.filter((r) => (chainId === null || r.chainId === chainId) && (q === '' || matches(r)));
}

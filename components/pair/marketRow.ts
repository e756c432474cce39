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
  fdvUsd: string;
};

export type SortKey = 'pairName' | 'chainName' | 'priceUsd' | 'change24h' | 'volumeUsd24h' | 'fdvUsd';
export type Sort = { key: SortKey; dir: 'asc' | 'desc' };

const TEXT_KEYS: ReadonlySet<SortKey> = new Set(['pairName', 'chainName']);

export function sortRows(rows: MarketRow[], { key, dir }: Sort): MarketRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const compare = TEXT_KEYS.has(key)
    ? (a: MarketRow, b: MarketRow) => a[key].localeCompare(b[key])
    : (a: MarketRow, b: MarketRow) => Number(a[key]) - Number(b[key]);
  return [...rows].sort((a, b) => sign * compare(a, b) || a.pairId - b.pairId);
}

/** Matches the pair name, either symbol, or a token address (case-insensitive). */
export function filterRows(rows: MarketRow[], search: string, chainId: number | null): MarketRow[] {
  const q = search.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (chainId === null || r.chainId === chainId) &&
      (q === '' || r.pairName.toLowerCase().includes(q) || r.base.toLowerCase() === q || r.quote.toLowerCase() === q),
  );
}

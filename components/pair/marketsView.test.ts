import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKETS_VIEW, MARKETS_MAX_ROWS, MarketsViewQuery, marketsViewQuery, sameView } from './marketsView';

const parse = (query: string) => MarketsViewQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));

describe('markets view query', () => {
  it('reads back every view it writes', () => {
    const view = { search: 'eth usd', chainId: 31338, sort: { key: 'pairName', dir: 'asc' }, rows: 300 } as const;
    const parsed = parse(marketsViewQuery(view));
    expect(parsed.success && parsed.data).toEqual(view);
    expect(sameView(parsed.success ? parsed.data : DEFAULT_MARKETS_VIEW, view)).toBe(true);
  });

  it('defaults to the first page by 24 h volume, every chain', () => {
    const parsed = parse('');
    expect(parsed.success && parsed.data).toEqual(DEFAULT_MARKETS_VIEW);
  });

  it('refuses an unknown sort, too many rows and unknown parameters', () => {
    expect(parse('sort=fdv').success).toBe(false);
    expect(parse(`rows=${MARKETS_MAX_ROWS + 1}`).success).toBe(false);
    expect(parse('limit=10').success).toBe(false);
  });
});

// The market-data wire shapes (API.md §5–6) as the pages, the chart and the stream read them: types of the one schema.
import type { z } from 'zod';
import type { KlineDTO, PairListItemDTO, PairOverviewDTO } from '@/lib/api/schemas/market';

export type Kline = z.output<typeof KlineDTO>;
export type PairOverview = z.output<typeof PairOverviewDTO>;
export type PairListing = z.output<typeof PairListItemDTO>;

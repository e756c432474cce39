// Query of `GET /v1/market/stream` (API.md §2 rules: strict, messages name the field).
import { z } from 'zod';
import { KLINE_INTERVALS } from '@/lib/market/klineIntervals';
import { queryInt } from './primitives';

export const StreamQuery = z
  .object({
    chainId: queryInt('chainId', 1, Number.MAX_SAFE_INTEGER, 'Chain id'),
    pairId: queryInt('pairId', 1, Number.MAX_SAFE_INTEGER, 'Pair id from /v1/market/pairs'),
    interval: z.enum(KLINE_INTERVALS, { error: `interval must be one of ${KLINE_INTERVALS.join(', ')}` }),
  })
  .strict();

export type StreamQuery = z.output<typeof StreamQuery>;

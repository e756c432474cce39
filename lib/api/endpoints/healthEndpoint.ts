// GET /v1/health: every configured chain answers, and the indexer (when one is registered) is caught up.
import { z } from 'zod';
import { defineEndpoint } from '../openapi';

export const ChainHealth = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  ok: z.boolean(),
  block_number: z.number().int().nullable().describe('Latest block, null when the RPC did not answer'),
  rpc_latency_ms: z.number().int(),
  indexed_block: z.number().int().nullable().optional().describe('Last indexed block (absent without an indexer)'),
  indexer_lag_blocks: z.number().int().nullable().optional(),
  reason: z.string().optional().describe('Why this chain is not healthy'),
});

export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  chains: z.array(ChainHealth),
});

export type ChainHealth = z.infer<typeof ChainHealth>;
export type HealthResponse = z.infer<typeof HealthResponse>;

export const healthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/health',
  summary: 'Service health',
  description:
    '200 when every configured chain answers eth_blockNumber within RPC_TIMEOUT_MS and the indexer lags by at most HEALTH_MAX_INDEXER_LAG_BLOCKS; otherwise 503 CHAIN_UNAVAILABLE whose `error.chains` carries the same per-chain rows and `msg` the reason.',
  tags: ['service'],
  response: HealthResponse,
  errors: ['CHAIN_UNAVAILABLE'],
});

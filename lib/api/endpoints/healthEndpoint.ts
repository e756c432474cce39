// GET /v1/health: every configured chain answers, and the indexer and the relayer (when registered) are caught up.
import { z } from 'zod';
import { defineEndpoint } from '../openapi';

export const RelayerHealth = z.object({
  scanned_block: z.number().int().nullable().describe('Last block whose deposits the relayer has recorded; null before it started here'),
  lag_blocks: z.number().int().nullable(),
  bridge_inventory: z.string().nullable().describe("Relayer's bridge-asset balance here, base units"),
  native_inventory: z.string().nullable().describe("Relayer's native balance here (gas), wei"),
  pending_fills: z.number().int().describe('Deposits owed a fill on this chain'),
  pending_settlements: z.number().int().describe('Filled or expired orders owed a settlement or refund on this chain'),
});

export const SubmitterHealth = z.object({
  address: z.string().describe('The gasless submitter\'s account, which pays the gas of posted orders'),
  gas_balance: z.string().describe('Its native balance here, wei, as it last recorded it'),
  updated_at: z.number().int().describe('Unix seconds of that reading'),
});

export const ChainHealth = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  ok: z.boolean(),
  block_number: z.number().int().nullable().describe('Latest block, null when the RPC did not answer'),
  rpc_latency_ms: z.number().int(),
  indexed_block: z.number().int().nullable().optional().describe('Last indexed block (absent without an indexer)'),
  indexer_lag_blocks: z.number().int().nullable().optional(),
  relayer: RelayerHealth.optional().describe('Cross-chain relayer on this chain (absent when the chain takes no part in cross-chain orders)'),
  submitter: SubmitterHealth.optional().describe('Gasless submitter on this chain (absent before it has run here)'),
  reason: z.string().optional().describe('Why this chain is not healthy'),
}).meta({ id: 'ChainHealth' });

export const ServicesHealth = z.object({
  store: z.object({
    ok: z.boolean(),
    latency_ms: z.number().int().nullable().describe('One trivial query; null when it failed or timed out'),
  }),
  redis: z.object({ ok: z.boolean() }).nullable()
    .describe('Shared rate limits; null without REDIS_URL. While Redis is away each instance counts on its own (not a failure)'),
  jobs: z.array(z.object({
    job: z.string(),
    holder: z.string().describe('host:pid:random of the process that holds the lease'),
    lease_current: z.boolean().describe('false: the holder stopped renewing and a standby may take over'),
  })).describe('Background jobs by their leases (one writer each)'),
}).meta({ id: 'ServicesHealth' });

export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  chains: z.array(ChainHealth),
  services: ServicesHealth.optional().describe('The store, Redis and the background jobs as this instance sees them'),
}).meta({ id: 'Health' });

export type ChainHealth = z.infer<typeof ChainHealth>;
export type RelayerHealth = z.infer<typeof RelayerHealth>;
export type HealthResponse = z.infer<typeof HealthResponse>;
export type ServicesHealth = z.infer<typeof ServicesHealth>;

export const healthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/health',
  summary: 'Service health',
  description:
    '200 when the store answers, every configured chain answers eth_blockNumber within RPC_TIMEOUT_MS, the indexer lags by at most HEALTH_MAX_INDEXER_LAG_BLOCKS and the relayer (on chains with cross-chain orders, once it has run there) by at most HEALTH_MAX_RELAYER_LAG_BLOCKS beyond the chain\'s deposit depth (the larger of RELAYER_CONFIRMATIONS and the chain\'s registry `confirmations`, default 1), the depth the relayer scans to; otherwise 503 CHAIN_UNAVAILABLE whose `error.chains` carries the same per-chain rows and `msg` the reason.',
  tags: ['service'],
  response: HealthResponse,
  example: {
    response: {
      status: 'ok',
      chains: [
        { chain_id: 31337, name: 'Devnet A', ok: true, block_number: 43218, rpc_latency_ms: 3, indexed_block: 43218, indexer_lag_blocks: 0 },
        { chain_id: 31338, name: 'Devnet B', ok: true, block_number: 43190, rpc_latency_ms: 4, indexed_block: 43189, indexer_lag_blocks: 1 },
      ],
      services: {
        store: { ok: true, latency_ms: 1 },
        redis: { ok: true },
        jobs: [
          { job: 'indexer', holder: 'app-2:4811:9f3c1a', lease_current: true },
          { job: 'quote-follower', holder: 'app-1:4790:05be77', lease_current: true },
        ],
      },
    },
  },
  errors: ['CHAIN_UNAVAILABLE'],
});

// Builds the /v1/health answer: latest block per chain (bounded RPC calls) and the indexer's lag.
import 'server-only';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { latestBlock } from '@/lib/chains/latestBlock';
import { env } from '@/lib/env';
import type { ChainHealth, HealthResponse } from './endpoints/healthEndpoint';
import { indexerCheckpoint, type IndexerCheckpoint } from './healthChecks';

async function indexerState(provider: IndexerCheckpoint, chainId: number, head: bigint, maxLag: number): Promise<Partial<ChainHealth>> {
  let indexed: bigint | number | null;
  try {
    indexed = await provider(chainId);
  } catch {
    return { ok: false, indexed_block: null, indexer_lag_blocks: null, reason: 'indexer checkpoint is unavailable' };
  }
  if (indexed === null) return { ok: false, indexed_block: null, indexer_lag_blocks: null, reason: 'indexer has not started on this chain' };
  const lag = head > BigInt(indexed) ? Number(head - BigInt(indexed)) : 0;
  const state = { indexed_block: Number(indexed), indexer_lag_blocks: lag };
  return lag > maxLag ? { ...state, ok: false, reason: `indexer lags ${lag} blocks behind (at most ${maxLag} allowed)` } : state;
}

async function chainHealth(chain: ChainConfig, timeoutMs: number, maxLag: number): Promise<ChainHealth> {
  const head = await latestBlock(chain.rpcUrl, timeoutMs);
  const base = { chain_id: chain.id, name: chain.name, rpc_latency_ms: head.latencyMs };
  if (!head.ok) return { ...base, ok: false, block_number: null, reason: head.reason };
  const row: ChainHealth = { ...base, ok: true, block_number: Number(head.blockNumber) };
  const provider = indexerCheckpoint();
  return provider ? { ...row, ...(await indexerState(provider, chain.id, head.blockNumber, maxLag)) } : row;
}

/** Probes every chain in parallel; each probe is bounded by RPC_TIMEOUT_MS, so this is too. */
export async function healthReport(chains: readonly ChainConfig[]): Promise<HealthResponse> {
  const { RPC_TIMEOUT_MS, HEALTH_MAX_INDEXER_LAG_BLOCKS } = env();
  const rows = await Promise.all(chains.map((c) => chainHealth(c, RPC_TIMEOUT_MS, HEALTH_MAX_INDEXER_LAG_BLOCKS)));
  return { status: rows.every((r) => r.ok) ? 'ok' : 'unavailable', chains: rows };
}

/** One sentence naming every unhealthy chain and why. */
export function unhealthyReason(report: HealthResponse): string {
  const bad = report.chains.filter((c) => !c.ok).map((c) => `chain ${c.chain_id} (${c.name}): ${c.reason ?? 'unhealthy'}`);
  return `service unavailable: ${bad.join('; ')}`;
}

let inFlight: { chains: readonly ChainConfig[]; report: Promise<HealthResponse> } | undefined;

/** Concurrent health requests share one probe, so a burst of checks costs the RPC nodes one call per chain. */
export function sharedHealthReport(chains: readonly ChainConfig[]): Promise<HealthResponse> {
  if (inFlight?.chains === chains) return inFlight.report;
  const report = healthReport(chains).finally(() => {
    if (inFlight?.report === report) inFlight = undefined;
  });
  inFlight = { chains, report };
  return report;
}

// Builds the /v1/health answer: latest block per chain (bounded RPC calls), the indexer's lag and the relayer's state,
// and the store, Redis and the background jobs' leases.
import 'server-only';
import { depthsOf, type ChainConfig } from '@/lib/chains/chainConfig';
import { latestBlock } from '@/lib/chains/latestBlock';
import { env } from '@/lib/env';
import type { ChainHealth, HealthResponse, RelayerHealth } from './endpoints/healthEndpoint';
import { indexerCheckpoint, relayerStatus, submitterStatus, type IndexerCheckpoint, type RelayerStatus } from './healthChecks';
import { servicesHealth } from './servicesHealth';

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

/** The relayer's row of one chain, and why it makes the chain unhealthy (if it does). */
async function relayerState(provider: RelayerStatus, chainId: number, head: bigint, maxLag: number): Promise<{ relayer?: RelayerHealth; reason?: string }> {
  let status;
  try {
    status = await provider(chainId);
  } catch {
    return { reason: 'relayer progress is unavailable' };
  }
  if (!status) return {};
  const lag = status.scannedBlock === null ? null : head > BigInt(status.scannedBlock) ? Number(head - BigInt(status.scannedBlock)) : 0;
  const relayer: RelayerHealth = {
    scanned_block: status.scannedBlock,
    lag_blocks: lag,
    bridge_inventory: status.bridgeInventory?.toString() ?? null,
    native_inventory: status.nativeInventory?.toString() ?? null,
    pending_fills: status.pendingFills,
    pending_settlements: status.pendingSettlements,
  };
  // A relayer that never ran here is shown (scanned_block null) but does not fail same-chain service; one that
  // ran and fell behind does.
  return lag !== null && lag > maxLag ? { relayer, reason: `relayer lags ${lag} blocks behind (at most ${maxLag} allowed)` } : { relayer };
}

type Limits = { timeoutMs: number; maxIndexerLag: number; maxRelayerLag: number; relayerConfirmations: number };

async function chainHealth(chain: ChainConfig, limits: Limits): Promise<ChainHealth> {
  const head = await latestBlock(chain.rpcUrl, limits.timeoutMs);
  const base = { chain_id: chain.id, name: chain.name, rpc_latency_ms: head.latencyMs };
  if (!head.ok) return { ...base, ok: false, block_number: null, reason: head.reason };
  let row: ChainHealth = { ...base, ok: true, block_number: Number(head.blockNumber) };
  const indexer = indexerCheckpoint();
  if (indexer) row = { ...row, ...(await indexerState(indexer, chain.id, head.blockNumber, limits.maxIndexerLag)) };
  const relayer = relayerStatus();
  if (relayer) {
    // The relayer scans up to the chain's depth: the larger of RELAYER_CONFIRMATIONS and the registry's confirmations.
    const depth = Math.max(limits.relayerConfirmations, depthsOf(chain).confirmations);
    const state = await relayerState(relayer, chain.id, head.blockNumber, limits.maxRelayerLag + depth);
    if (state.relayer) row = { ...row, relayer: state.relayer };
    // The first reason stays: it is the one nearest the root (no RPC, then no indexer, then no relayer).
    if (state.reason) row = { ...row, ok: false, reason: row.reason ?? state.reason };
  }
  // Shown, never a reason to fail: a low gas balance stops gasless orders only, and the reading says how old it is.
  const submitter = await submitterStatus()?.(chain.id).catch(() => undefined);
  if (submitter) row = { ...row, submitter: { address: submitter.address, gas_balance: submitter.nativeBalance, updated_at: Math.floor(submitter.updatedAtMs / 1000) } };
  return row;
}

/** Probes every chain in parallel; each probe is bounded by RPC_TIMEOUT_MS, so this is too. */
export async function healthReport(chains: readonly ChainConfig[]): Promise<HealthResponse> {
  const { RPC_TIMEOUT_MS, HEALTH_MAX_INDEXER_LAG_BLOCKS, HEALTH_MAX_RELAYER_LAG_BLOCKS, RELAYER_CONFIRMATIONS } = env();
  const limits = { timeoutMs: RPC_TIMEOUT_MS, maxIndexerLag: HEALTH_MAX_INDEXER_LAG_BLOCKS, maxRelayerLag: HEALTH_MAX_RELAYER_LAG_BLOCKS, relayerConfirmations: RELAYER_CONFIRMATIONS };
  const [rows, services] = await Promise.all([Promise.all(chains.map((c) => chainHealth(c, limits))), servicesHealth(RPC_TIMEOUT_MS)]);
  // Redis away is not unready (limits fall back per instance); the store away is.
  return { status: rows.every((r) => r.ok) && services.store.ok ? 'ok' : 'unavailable', chains: rows, services };
}

/** One sentence naming every unhealthy chain and why. */
export function unhealthyReason(report: HealthResponse): string {
  const bad = report.chains.filter((c) => !c.ok).map((c) => `chain ${c.chain_id} (${c.name}): ${c.reason ?? 'unhealthy'}`);
  if (report.services && !report.services.store.ok) bad.unshift('the store does not answer');
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

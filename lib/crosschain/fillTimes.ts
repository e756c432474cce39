// The process's fill-time estimate (estimated_fill_time_sec) and the check that the relayer can meet a fill deadline.
import 'server-only';
import { DomainError } from '@/lib/domain/DomainError';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { orderStore } from '@/lib/crosschain/orderStore';
import { env } from '@/lib/env';
import { createFillTimeEstimator, type FillTimeEstimator } from './fillTimeEstimator';
import { relayerSeenAtMs } from './relayerCapacity';

/** How many recent fills the median runs over. */
export const FILL_SAMPLES = 50;
const REFRESH_MS = 5_000;
const MAX_AGE_MS = 30_000;

/** One estimate per route (source → destination chain): a route's fills say nothing of another's. */
const estimators = new Map<string, FillTimeEstimator>();

/** Recent fill durations in seconds of one route, newest first, as the relayer recorded them. */
async function readSamples(srcChainId: number, dstChainId: number): Promise<readonly number[]> {
  return orderStore(await crosschainDb()).recentFillSeconds({ srcChainId, dstChainId }, FILL_SAMPLES);
}

/** Seconds from deposit to fill on the route from `srcChainId` to `dstChainId`: the median of its recent fills, else the configured default. */
export function estimatedFillTimeSec(srcChainId: number, dstChainId: number): Promise<number> {
  const key = `${srcChainId}>${dstChainId}`;
  let estimator = estimators.get(key);
  if (!estimator) {
    estimator = createFillTimeEstimator({
      readSamples: () => readSamples(srcChainId, dstChainId),
      fallbackSec: env().CROSSCHAIN_FILL_TIME_DEFAULT_SEC,
      refreshMs: REFRESH_MS,
      maxAgeMs: MAX_AGE_MS,
    });
    estimators.set(key, estimator);
  }
  return estimator.seconds();
}

/** 422 when fills currently take longer than the window a fill deadline leaves the relayer. */
export function assertFillable(estimateSec: number): void {
  const window = env().CROSSCHAIN_FILL_WINDOW_SEC;
  if (estimateSec > window) {
    throw new DomainError(
      'INSUFFICIENT_LIQUIDITY',
      `the relayer's fills take about ${estimateSec} s right now, longer than the ${window} s a fill deadline allows; try again later`,
      { field: 'dst_chain_id', estimated_fill_time_sec: estimateSec, retryable: true, retry_after_sec: RELAYER_RETRY_AFTER_SEC },
    );
  }
}

/** A relayer that has written no progress for this long is not running: nobody would fill a deposit made now. */
export const RELAYER_SILENT_MS = 60_000;
/** How soon a quote refused for the relayer's sake is worth asking again (it restarts, or its fills speed up). */
export const RELAYER_RETRY_AFTER_SEC = 10;

const seenRecently = (seenAtMs: number | null, nowMs: number) => seenAtMs !== null && nowMs - seenAtMs <= RELAYER_SILENT_MS;

/** 422 when the relayer has never run on the source chain, or has been silent there for RELAYER_SILENT_MS. */
export function assertRelayerSeen(seenAtMs: number | null, nowMs: number): void {
  if (seenRecently(seenAtMs, nowMs)) return;
  throw new DomainError('INSUFFICIENT_LIQUIDITY', 'the relayer that delivers cross-chain swaps is not running right now, so no fill deadline can be met; try again later', {
    field: 'dst_chain_id',
    retryable: true,
    retry_after_sec: RELAYER_RETRY_AFTER_SEC,
  });
}

/**
 * The relayer scans deposits on the source chain: it must be running there for a deposit to be filled. A value
 * seconds old answers a yes; a no is only ever given from a read made now (a relayer that just restarted is seen).
 */
export async function assertRelayerRunning(srcChainId: number): Promise<void> {
  if (seenRecently(await relayerSeenAtMs(srcChainId), Date.now())) return;
  assertRelayerSeen(await relayerSeenAtMs(srcChainId, { fresh: true }), Date.now());
}

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

let estimator: FillTimeEstimator | undefined;

/** Recent fill durations in seconds, newest first, as the relayer recorded them. */
async function readSamples(): Promise<readonly number[]> {
  return orderStore(await crosschainDb()).recentFillSeconds(FILL_SAMPLES);
}

export function estimatedFillTimeSec(): Promise<number> {
  estimator ??= createFillTimeEstimator({
    readSamples: () => readSamples(),
    fallbackSec: env().CROSSCHAIN_FILL_TIME_DEFAULT_SEC,
    refreshMs: REFRESH_MS,
  });
  return estimator.seconds();
}

/** 422 when fills currently take longer than the window a fill deadline leaves the relayer. */
export function assertFillable(estimateSec: number): void {
  const window = env().CROSSCHAIN_FILL_WINDOW_SEC;
  if (estimateSec > window) {
    throw new DomainError(
      'INSUFFICIENT_LIQUIDITY',
      `the relayer's fills take about ${estimateSec} s right now, longer than the ${window} s a fill deadline allows; try again later`,
      { field: 'dst_chain_id', estimated_fill_time_sec: estimateSec },
    );
  }
}

/** A relayer that has written no progress for this long is not running: nobody would fill a deposit made now. */
export const RELAYER_SILENT_MS = 60_000;

/** 422 when the relayer has never run on the source chain, or has been silent there for RELAYER_SILENT_MS. */
export function assertRelayerSeen(seenAtMs: number | null, nowMs: number): void {
  if (seenAtMs !== null && nowMs - seenAtMs <= RELAYER_SILENT_MS) return;
  throw new DomainError('INSUFFICIENT_LIQUIDITY', 'the relayer that delivers cross-chain swaps is not running right now, so no fill deadline can be met; try again later', {
    field: 'dst_chain_id',
  });
}

/** The relayer scans deposits on the source chain: it must be running there for a deposit to be filled. */
export async function assertRelayerRunning(srcChainId: number): Promise<void> {
  assertRelayerSeen(await relayerSeenAtMs(srcChainId), Date.now());
}

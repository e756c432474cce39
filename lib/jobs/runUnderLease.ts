// Runs a background job's work only while this process holds the job's lease; otherwise waits as a hot standby.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@/lib/db/schema';
import { abortableSleep } from './abortableSleep';
import {
  DEFAULT_LEASE_TIMINGS, LeaseLostError, assertLeaseHeld, newHolderId, releaseLease, renewLease, tryAcquireLease,
  type LeaseTimings,
} from './jobLease';

/** What the work gets while it holds the lease. */
export type HeldLease = {
  job: string;
  holder: string;
  fence: bigint;
  /** Aborted when the lease is lost (or the process is stopping): stop writing and return. */
  signal: AbortSignal;
  /** Call inside every write transaction, before commit: throws LeaseLostError if another holder took over. */
  assertHeld: <DB>(trx: Transaction<DB>) => Promise<void>;
};

export type LeaseLog = (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;

export type RunUnderLeaseOptions = {
  job: string;
  signal: AbortSignal;
  timings?: Partial<LeaseTimings>;
  holder?: string;
  log?: LeaseLog;
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Loops until `signal` aborts: take the lease (or wait `standbyPollMs` and try again), run `work` while it is held,
 * and give it up cleanly at shutdown. A holder that cannot renew for a whole lease period (its store is gone) stops
 * its work: by then a standby may have taken over.
 */
export async function runUnderLease(db: Kysely<Database>, options: RunUnderLeaseOptions, work: (lease: HeldLease) => Promise<void>): Promise<void> {
  const timings = { ...DEFAULT_LEASE_TIMINGS, ...options.timings };
  const holder = options.holder ?? newHolderId();
  const log: LeaseLog = options.log ?? (() => undefined);
  const { job, signal } = options;
  let waitingSaid = false;
  while (!signal.aborted) {
    let fence: bigint | undefined;
    try {
      fence = await tryAcquireLease(db, job, holder, timings.ttlMs);
    } catch (error: unknown) {
      log('warn', 'lease store unavailable; retrying', { job, err: message(error) });
    }
    if (fence === undefined) {
      if (!waitingSaid) log('info', 'another process holds the lease; standing by', { job, holder });
      waitingSaid = true;
      await abortableSleep(timings.standbyPollMs, signal);
      continue;
    }
    waitingSaid = false;
    const held = fence;
    log('info', 'lease acquired', { job, holder, fence: held.toString() });
    const lost = new AbortController();
    let renewedAt = Date.now();
    const renew = setInterval(() => {
      renewLease(db, job, holder, held, timings.ttlMs).then((ours) => {
        if (ours) renewedAt = Date.now();
        else lost.abort(new LeaseLostError(`${job} lease taken over`));
      }, (error: unknown) => {
        log('warn', 'lease renewal failed', { job, err: message(error) });
        if (Date.now() - renewedAt > timings.ttlMs) lost.abort(new LeaseLostError(`${job} lease not renewed for ${timings.ttlMs} ms`));
      });
    }, timings.renewMs);
    const lease: HeldLease = {
      job, holder, fence: held,
      signal: AbortSignal.any([signal, lost.signal]),
      assertHeld: (trx) => assertLeaseHeld(trx, job, holder, held),
    };
    try {
      await work(lease);
    } catch (error: unknown) {
      if (!lease.signal.aborted) log('warn', 'job work failed; retrying under the lease', { job, err: message(error) });
    } finally {
      clearInterval(renew);
    }
    if (signal.aborted) {
      await releaseLease(db, job, holder, held).catch(() => undefined);
      log('info', 'lease released', { job, holder });
    } else if (lost.signal.aborted) {
      log('warn', 'lease lost; standing by', { job, holder, reason: message(lost.signal.reason) });
    } else {
      // The work returned on its own while the lease was still held: try again after a pause.
      await abortableSleep(timings.standbyPollMs, signal);
    }
  }
}
